import { SERVICES, serviceLabel } from '../../../../shared/booking/rules.ts';
import type { AvailabilitySlot } from '../../../../shared/booking/schemas.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { formatTime } from '../../../../shared/time/london-time.ts';

export type SlotsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; slots: AvailabilitySlot[] };

/** "7pm — 12 covers left", "7pm — closed", "7pm — 4 covers left (too few)". */
export function staffSlotText(slot: AvailabilitySlot, guests: number): string {
  const time = formatTime(slot.time);
  if (slot.closed) return `${time} — closed`;
  const left = plural(slot.remaining, 'cover', 'covers');
  return slot.remaining < guests ? `${time} — ${left} left (too few)` : `${time} — ${left} left`;
}

function placeholder(date: string, state: SlotsState): string {
  if (!date) return 'Choose a date first';
  if (state.status === 'loading') return 'Checking times…';
  if (state.status === 'ready' && state.slots.length > 0) return 'Choose a time';
  return 'No times';
}

/**
 * Every slot of the day's services, each with the covers it has left for the party. Closed and short slots
 * can be chosen too: staff may book them knowingly.
 */
export function StaffTimeSelect({
  id,
  date,
  value,
  state,
  guests,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  date: string;
  value: string;
  state: SlotsState;
  guests: number;
  invalid: boolean;
  describedBy?: string;
  onChange: (time: string) => void;
}) {
  const slots = state.status === 'ready' ? state.slots : [];
  return (
    <select
      id={id}
      required
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={slots.length === 0}
      onChange={(event) => onChange(event.target.value)}
      className="field-input"
    >
      <option value="">{placeholder(date, state)}</option>
      {SERVICES.map((service) => {
        const serviceSlots = slots.filter((slot) => slot.service === service);
        if (serviceSlots.length === 0) return null;
        return (
          <optgroup key={service} label={serviceLabel(service, date)}>
            {serviceSlots.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {staffSlotText(slot, guests)}
              </option>
            ))}
          </optgroup>
        );
      })}
    </select>
  );
}
