import type { z } from 'zod';
import { CHRISTMAS_ADMIN_FAILURES } from '#shared/christmas/admin.ts';
import type { SittingId } from '#shared/christmas/ids.ts';
import { christmasClosureRequestSchema } from '#shared/christmas/schemas.ts';
import { sittingOf, sittingTimes } from '#shared/christmas/sittings.ts';
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { ClosureReasonField } from '#web/features/booking/admin/closure-reason-field.tsx';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';

/** The question in its dialog, for the sitting staff asked to close. */
export function CloseSittingDialog({
  sittingId,
  onKeep,
  onConfirm,
}: {
  sittingId: SittingId;
  onKeep: () => void;
  onConfirm: (reason: string) => void;
}) {
  return (
    <ConfirmDialog subject={sittingId} onKeep={onKeep}>
      {(id) => <CloseSittingQuestion sittingId={id} onConfirm={onConfirm} />}
    </ConfirmDialog>
  );
}

/** Asks before closing a sitting to online orders (spec §4), in a `ConfirmDialog`, with a reason for the team. */
function CloseSittingQuestion({
  sittingId,
  onConfirm,
}: {
  sittingId: SittingId;
  onConfirm: (reason: string) => void;
}) {
  const label = sittingTimes(sittingOf(useChristmasDay(), sittingId));
  const question = useSiteForm<z.input<typeof christmasClosureRequestSchema>>({
    defaultValues: { sittingId, reason: '' },
    validate: schemaResolver(christmasClosureRequestSchema),
    send: async ({ reason }) => onConfirm(reason ?? ''),
    failure: CHRISTMAS_ADMIN_FAILURES.close,
  });
  return (
    <ConfirmForm
      form={question}
      title={`Close the ${label} sitting?`}
      confirmLabel="Close sitting"
      busyLabel="Closing…"
      keepLabel="Keep open"
    >
      <p className="mt-2 text-ink-soft">
        Guests will no longer be able to book it online. Bookings already made stay as they are, and you can
        still add phone and walk-in bookings here.
      </p>
      <ClosureReasonField placeholder="Fully booked by phone" />
    </ConfirmForm>
  );
}
