import type { StoredBooking } from '#shared/booking/schemas.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { BOOKING_CHANGE_MESSAGES } from './booking-change-messages.ts';
import { FormNotifyGuest } from './staff-booking-fields.tsx';

/**
 * Asks before staff cancel a booking (issue 17), in a `ConfirmDialog`: whose it is, and whether to e-mail the
 * guest that it is cancelled (ticked; not offered without an address).
 */
export function CancelBookingQuestion({
  booking,
  onConfirm,
}: {
  booking: StoredBooking;
  onConfirm: (notifyGuest: boolean) => void;
}) {
  const hasEmail = booking.email !== '';
  const question = useSiteForm({
    defaultValues: { notifyGuest: true },
    validate: nothingToCheck(),
    send: async ({ notifyGuest }) => onConfirm(notifyGuest && hasEmail),
    failure: ADMIN_MESSAGES.updateStatus,
  });

  return (
    <ConfirmForm
      form={question}
      title={BOOKING_CHANGE_MESSAGES.cancelTitle}
      confirmLabel="Cancel booking"
      busyLabel="Cancelling…"
      keepLabel="Keep booking"
      tone="danger"
    >
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {formatTime(booking.timeSlot)} on{' '}
        {formatLongDate(booking.date)}, {plural(booking.partySize, 'guest', 'guests')}.
      </p>
      <div className="mt-5">
        {hasEmail ? (
          <FormNotifyGuest label={BOOKING_CHANGE_MESSAGES.cancelNotifyLabel(booking.email)} />
        ) : (
          <p className="text-ink-soft">{BOOKING_CHANGE_MESSAGES.cancelNoEmail}</p>
        )}
      </div>
    </ConfirmForm>
  );
}
