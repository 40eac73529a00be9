import { formatMoney } from '../money/money.ts';
import { type StaffPaymentMethod, staffPaymentText, takenByStaff } from '../money/taken-by-staff.ts';
import type { ChristmasBookingSource } from './status.ts';

/** A phone booking's deposit, which staff took: a cancellation settles it at the till, never online. */
export function depositTakenByStaff(booking: {
  source: ChristmasBookingSource;
  depositPaidPence: number;
}): boolean {
  return takenByStaff(booking.source, booking.depositPaidPence);
}

/** A booking's deposit as staff read it in the list, on the slip and in the trail. */
export function depositText(booking: {
  source: ChristmasBookingSource;
  depositMethod: StaffPaymentMethod | null;
  depositPaidPence: number;
}): string {
  if (booking.depositMethod)
    return staffPaymentText('deposit', booking.depositMethod, booking.depositPaidPence);
  // Online bookings, and phone bookings taken before staff recorded how the deposit was paid.
  return booking.source === 'online'
    ? `Deposit ${formatMoney(booking.depositPaidPence)} paid online`
    : 'No deposit recorded';
}
