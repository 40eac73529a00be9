import type { SittingId } from '#shared/christmas/ids.ts';
import { sittingOf } from '#shared/christmas/sittings.ts';
import { useChristmasDay } from '#web/features/content/site-content.tsx';
import { CloseWithReasonDialog } from '#web/features/staff/close-with-reason-dialog.tsx';

/** Asks before closing a sitting to online orders (spec §4). */
export function CloseSittingDialog({
  sittingId,
  onCancel,
  onConfirm,
}: {
  sittingId: SittingId | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const christmasDay = useChristmasDay();
  const label = sittingId ? sittingOf(christmasDay, sittingId).label : '';
  return (
    <CloseWithReasonDialog
      open={sittingId !== null}
      title={`Close the ${label} sitting?`}
      explanation="Guests will no longer be able to book it online. Bookings already made stay as they are, and you can still add phone and walk-in bookings here."
      confirmLabel="Close sitting"
      placeholder="Fully booked by phone"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
