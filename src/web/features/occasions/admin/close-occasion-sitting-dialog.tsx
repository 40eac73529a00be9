import type { z } from 'zod';
import { occasionClosureRequestSchema } from '#shared/occasions/admin-api.ts';
import type { OccasionSitting } from '#shared/occasions/schema.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { ClosureReasonField } from '#web/features/booking/admin/closure-reason-field.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './staff-occasions-api.ts';
import { STAFF_OCCASIONS_WORDS as WORDS } from './staff-occasions-words.ts';

/** The question in its dialog, for the sitting of the date staff asked to close. */
export function CloseOccasionSittingDialog({
  slug,
  date,
  sitting,
  onKeep,
  onClosed,
}: {
  slug: string;
  date: string;
  sitting: OccasionSitting;
  onKeep: () => void;
  onClosed: (closure: api.OccasionClosure) => void;
}) {
  return (
    <ConfirmDialog subject={sitting} onKeep={onKeep}>
      {(asked) => (
        <CloseOccasionSittingQuestion slug={slug} date={date} sitting={asked} onClosed={onClosed} />
      )}
    </ConfirmDialog>
  );
}

/** Asks before closing one sitting of one date to online bookings, with a reason for the team. */
function CloseOccasionSittingQuestion({
  slug,
  date,
  sitting,
  onClosed,
}: {
  slug: string;
  date: string;
  sitting: OccasionSitting;
  onClosed: (closure: api.OccasionClosure) => void;
}) {
  const question = useSiteForm<z.input<typeof occasionClosureRequestSchema>>({
    defaultValues: { date, sittingId: sitting.id, reason: '' },
    validate: schemaResolver(occasionClosureRequestSchema),
    send: async (values) => {
      const request = occasionClosureRequestSchema.parse(values);
      onClosed(await api.closeSitting(slug, request));
    },
    failure: WORDS.closeFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={`Close ${sitting.label} on ${formatLongDate(date)}?`}
      confirmLabel="Close sitting"
      busyLabel="Closing…"
      keepLabel="Keep open"
    >
      <p className="mt-2 text-ink-soft">
        Guests will no longer be able to book it online. Bookings already made stay as they are, and you can
        still add phone bookings here.
      </p>
      <ClosureReasonField placeholder="Fully booked by phone" />
    </ConfirmForm>
  );
}
