import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { PaymentFlag } from '#web/features/deposits/admin/use-day-payments.ts';

/** A booking the guest cancelled from their own link (issue 18). */
export const GUEST_CANCELLED = 'Cancelled by the guest';

/** What staff should notice before the guest arrives, and a cancellation the guest made themselves. */
export function bookingFlags(booking: StoredBooking): string[] {
  return [
    booking.status === 'CANCELLED' && booking.cancelledBy === 'guest' ? GUEST_CANCELLED : '',
    booking.hasAccessibilityNeeds ? 'Accessibility' : '',
    booking.allergies ? 'Allergies' : '',
    booking.occasion !== 'None' ? booking.occasion : '',
    booking.eventSlug ? 'Event' : '',
    booking.specialNotes ? 'Notes' : '',
  ].filter(Boolean);
}

const FLAG_STYLES: Record<string, string> = {
  Accessibility: 'bg-green-600/15 text-green-800',
  Allergies: 'bg-burgundy-700/12 text-burgundy-800',
  [GUEST_CANCELLED]: 'bg-ink/10 text-ink',
};

/** The booking's flags, and its deposit or card guarantee in a word ("Deposit £40.00 paid") when it has one. */
export function BookingFlags({ booking, payment }: { booking: StoredBooking; payment?: PaymentFlag }) {
  const flags = bookingFlags(booking);
  if (flags.length === 0 && !payment) return <span className="text-ink-soft">—</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {flags.map((flag) => (
        <li
          key={flag}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${FLAG_STYLES[flag] ?? 'bg-brass-300/35 text-brass-700'}`}
        >
          {flag}
        </li>
      ))}
      {payment ? (
        <li
          className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${
            payment.waits ? 'border-burgundy-700/40 text-burgundy-800' : 'border-green-700/40 text-green-800'
          }`}
        >
          {payment.label}
        </li>
      ) : null}
    </ul>
  );
}
