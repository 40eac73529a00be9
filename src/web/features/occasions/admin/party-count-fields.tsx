import { countsTickets } from '#shared/occasions/party-change.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { FormTextField } from '#web/forms/fields.tsx';

/**
 * A party's counts as staff type them (the values `adults` and `children`): "Tickets" alone for a ticketed event
 * with no child price, no children's field where the occasion takes none.
 */
export function FormOccasionPartyCounts({ occasion }: { occasion: Occasion }) {
  const count = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  return (
    <div className="grid grid-cols-2 gap-4">
      <FormTextField
        name="adults"
        label={countsTickets(occasion) ? 'Tickets' : 'Adults'}
        required
        {...count}
      />
      {occasion.prices.childPence === null ? null : (
        <FormTextField name="children" label="Children" {...count} />
      )}
    </div>
  );
}
