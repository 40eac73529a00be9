import { formatMoney } from '../money/money.ts';
import {
  isStaffPaymentMethod,
  type StaffPaymentMethod,
  type StaffPaymentNoun,
  staffPaymentMethodMessage,
  staffPaymentText,
  takenByStaff,
} from '../money/taken-by-staff.ts';
import type { OccasionBookingSource } from './api.ts';
import { amountDuePence } from './rules.ts';
import type { Occasion, OccasionPaymentKind } from './schema.ts';

/** What staff take by phone for an occasion (decision 045): kept apart from the rules every guest's page loads. */

/** What a phone booking owes ahead, as staff are asked how they took it: the occasion's deposit, or its price. */
export function staffPaymentNoun(kind: OccasionPaymentKind): StaffPaymentNoun {
  return kind === 'deposit' ? 'deposit' : 'payment';
}

/** "Deposit £120.00 in cash", "Payment waived", "£120.00 paid online": how a booking's money came, for staff. */
export function occasionPaymentText(booking: {
  paymentKind: OccasionPaymentKind;
  paymentMethod: StaffPaymentMethod | null;
  paidPence: number;
  source: OccasionBookingSource;
}): string {
  if (booking.paymentMethod) {
    return staffPaymentText(staffPaymentNoun(booking.paymentKind), booking.paymentMethod, booking.paidPence);
  }
  return `${formatMoney(booking.paidPence)} paid ${booking.source === 'online' ? 'online' : 'to staff'}`;
}

/**
 * Whether the booking's money was taken by staff (a phone booking, decision 045): it is settled at the till when
 * the booking is cancelled, never refunded online. The server's cancellation and the staff's dialog both ask this.
 */
export function paidToStaff(booking: { paidPence: number; source: OccasionBookingSource }): boolean {
  return takenByStaff(booking.source, booking.paidPence);
}

/**
 * Whenever a phone booking owes something ahead, staff say how they took it (card by phone, cash) or that they
 * waived it; null when that is said, or when nothing is owed.
 */
export function staffPaymentProblem(
  occasion: Occasion,
  party: { adults: number; children: number },
  method: string | null,
): string | null {
  if (amountDuePence(occasion, party) === 0) return null;
  if (method !== null && isStaffPaymentMethod(method)) return null;
  return staffPaymentMethodMessage(staffPaymentNoun(occasion.payment.kind));
}
