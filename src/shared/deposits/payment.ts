import { formatMoney } from '../money/money.ts';
import type { StaffPayment } from './payment-schemas.ts';

/**
 * Where a booking's money stands (decision 031). `awaiting`: its places are held while the guest pays;
 * `paid`: the deposit is taken; `card-held`: the guarantee's card is saved; `lapsed`: the hold ended unpaid and
 * the booking was cancelled; `waived`: staff took the booking without it, with a reason.
 */
export const PAYMENT_STATES = ['awaiting', 'paid', 'card-held', 'lapsed', 'waived'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const REFUND_STATES = ['owed', 'refunded'] as const;
/** A change's difference: being paid, paid (the change made), or owed back and refunded (its places had gone). */
export const TOP_UP_STATES = ['awaiting', 'paid', 'refund-owed', 'refunded'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];
export const FEE_STATES = ['charging', 'charged', 'failed', 'not-charged'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** What staff may do with a booking's money now. One place, for the server's checks and the drawer's buttons. */
export function paymentActions(
  payment: StaffPayment,
  booking: { status: string; noShow: boolean },
): { refund: boolean; keep: boolean; chargeFee: boolean } {
  const depositHeld =
    payment.state === 'paid' && payment.refund === null && payment.kept === null && payment.paidPence > 0;
  const lateOrAbsent = booking.noShow || booking.status === 'CANCELLED';
  return {
    refund: depositHeld,
    keep: depositHeld,
    chargeFee:
      payment.state === 'card-held' &&
      !payment.released &&
      lateOrAbsent &&
      (payment.fee === null || payment.fee.state === 'failed'),
  };
}

/** The day view's and the drawer's one-line account: "Deposit £40.00 paid", "Card held". */
export function paymentLabel(payment: StaffPayment): string {
  if (payment.fee?.state === 'charged') return `No-show fee ${formatMoney(payment.fee.pence)} charged`;
  if (payment.fee?.state === 'charging') return 'No-show fee being charged';
  if (payment.fee?.state === 'failed') return 'No-show fee failed';
  if (payment.refund?.state === 'refunded') return `Deposit ${formatMoney(payment.refund.pence)} refunded`;
  if (payment.refund?.state === 'owed') return `Refund of ${formatMoney(payment.refund.pence)} pending`;
  if (payment.kept) return `Deposit ${formatMoney(payment.paidPence)} kept`;
  switch (payment.state) {
    case 'awaiting':
      return 'Awaiting payment';
    case 'paid':
      return `Deposit ${formatMoney(payment.paidPence)} paid`;
    case 'card-held':
      return payment.released ? 'Card released' : 'Card held';
    case 'lapsed':
      return 'Payment not completed';
    case 'waived':
      return 'Deposit waived';
  }
}
