import { type FormEvent, useId, useState } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { BOOKING_CHANGE_MESSAGES } from './booking-change-messages.ts';
import { NotifyGuestCheckbox } from './notify-guest-checkbox.tsx';

function CancelBookingQuestion({
  booking,
  titleId,
  onKeep,
  onConfirm,
}: {
  booking: StoredBooking;
  titleId: string;
  onKeep: () => void;
  onConfirm: (notifyGuest: boolean) => void;
}) {
  const id = useId();
  const [notifyGuest, setNotifyGuest] = useState(true);
  const hasEmail = booking.email !== '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(notifyGuest && hasEmail);
  }

  return (
    <form onSubmit={submit}>
      <h2 id={titleId} className="font-serif text-2xl">
        {BOOKING_CHANGE_MESSAGES.cancelTitle}
      </h2>
      <p className="mt-2 text-lg text-green-900">
        <strong className="break-words">{booking.name}</strong>, {formatTime(booking.timeSlot)} on{' '}
        {formatLongDate(booking.date)}, {plural(booking.partySize, 'guest', 'guests')}.
      </p>
      <div className="mt-5">
        {hasEmail ? (
          <NotifyGuestCheckbox
            id={`${id}-notify`}
            label={BOOKING_CHANGE_MESSAGES.cancelNotifyLabel(booking.email)}
            checked={notifyGuest}
            onChange={setNotifyGuest}
          />
        ) : (
          <p className="text-ink-soft">{BOOKING_CHANGE_MESSAGES.cancelNoEmail}</p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn min-h-12 bg-burgundy-700 text-cream-50 hover:bg-burgundy-800">
          Cancel booking
        </button>
        <button type="button" onClick={onKeep} className="btn-outline min-h-12">
          Keep booking
        </button>
      </div>
    </form>
  );
}

/**
 * Asks before staff cancel a booking (issue 17): whose it is, and whether to e-mail the guest that it is
 * cancelled (ticked; not offered without an address).
 */
export function CancelBookingDialog({
  booking,
  onKeep,
  onConfirm,
}: {
  booking: StoredBooking | null;
  onKeep: () => void;
  onConfirm: (notifyGuest: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={booking !== null}
      onClose={onKeep}
      labelledBy={titleId}
      className="card w-full max-w-md p-6"
    >
      {booking ? (
        <CancelBookingQuestion booking={booking} titleId={titleId} onKeep={onKeep} onConfirm={onConfirm} />
      ) : null}
    </Dialog>
  );
}
