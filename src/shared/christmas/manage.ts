import { formatMoney } from '../money/money.ts';
import { tillSettledGuestText } from '../money/taken-by-staff.ts';
import { addDays, formatLongDate, formatTime, londonInstant } from '../time/london-time.ts';
import { depositTakenByStaff } from './deposit.ts';
import type { ChristmasDay } from './season-schema.ts';
import type { ChristmasBookingSource } from './status.ts';

/**
 * A guest's own Christmas Day booking (issue 18): until when a cancellation refunds the deposit, and the
 * texts of its page, its e-mails and the staff's cancellation. No zod here: the browser imports it.
 */

/** Without a date of their own, deposits are refundable until the end of the day a week before Christmas Day. */
const REFUNDABLE_DAYS_BEFORE = 7;

type RefundSeason = Pick<ChristmasDay, 'date' | 'refundableUntil'>;

/** The season's `refundableUntil` (London wall clock, YYYY-MM-DDTHH:mm), or its default. */
export function refundableUntilOf(season: RefundSeason): string {
  return season.refundableUntil ?? `${addDays(season.date, -REFUNDABLE_DAYS_BEFORE)}T23:59`;
}

/** Whether a cancellation now refunds the deposit: until the end of the `refundableUntil` minute. */
export function isWithinRefundWindow(season: RefundSeason, now: Date): boolean {
  const [date, time] = refundableUntilOf(season).split('T') as [string, string];
  return now.getTime() < londonInstant(date, time).getTime() + 60_000;
}

/** "the end of Friday 18 December", or "6pm on Friday 18 December". */
export function refundDeadlineText(season: RefundSeason): string {
  const [date, time] = refundableUntilOf(season).split('T') as [string, string];
  const day = formatLongDate(date).replace(/ \d{4}$/, '');
  return time === '23:59' ? `the end of ${day}` : `${formatTime(time)} on ${day}`;
}

/** A refund a cancellation owes: pending until the payment provider has made it (decision 017). */
export const REFUND_STATES = ['pending', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * What a cancellation does with the deposit: refunded online, kept, settled with the pub (one staff took by
 * phone, which has no online payment behind it), or there is none.
 */
export const DEPOSITS_ON_CANCEL = ['refund', 'keep', 'settle', 'none'] as const;
export type DepositOnCancel = (typeof DEPOSITS_ON_CANCEL)[number];

/**
 * A guest's own cancellation refunds the deposit until `refundableUntil` and keeps it after, as the terms say; a
 * deposit staff took is settled with the pub.
 */
export function depositOnGuestCancel(
  booking: { source: ChristmasBookingSource; depositPaidPence: number },
  season: RefundSeason,
  now: Date,
): DepositOnCancel {
  if (booking.depositPaidPence <= 0) return 'none';
  if (depositTakenByStaff(booking)) return 'settle';
  return isWithinRefundWindow(season, now) ? 'refund' : 'keep';
}

/** What the guest reads on their Christmas booking's page, and the API's answers. */
export const CHRISTMAS_MANAGE_MESSAGES = {
  lead: 'Change your dishes, allergies and notes until online orders close, or cancel.',
  /** The lead of a cancelled booking's page: nothing left to change or cancel. */
  cancelledLead: 'Your booking as it was, and what became of your deposit.',
  /** Followed by the pub's phone, as a link. */
  partyByPhone: 'To change the number of guests, please call us on',
  changesClosed: (phone: string) =>
    `Online changes to Christmas Day orders have closed. To change your order, please call us on ${phone}.`,
  sittingStarted: 'Your sitting has started, so this booking can no longer be changed or cancelled online.',
  tooLateToCancel:
    'Your sitting has started, so this booking can no longer be cancelled online. Please call us.',
  changed: 'Your order is changed. A new confirmation is on its way to your e-mail.',
  cancelQuestion: 'Cancel your Christmas Day booking?',
  depositRefunded: (pence: number, deadline: string) =>
    `As you are cancelling by ${deadline}, we will refund your deposit of ${formatMoney(pence)} in full to your card.`,
  depositKept: (pence: number, deadline: string) =>
    `Your deposit of ${formatMoney(pence)} will be kept: as our deposit terms say, it was refundable until ${deadline}.`,
  cancelledRefund: (pence: number) =>
    `Your booking is cancelled and your deposit of ${formatMoney(pence)} is being refunded to your card ` +
    '(refunds usually arrive within 5 to 10 working days). We have sent you an e-mail to confirm it.',
  cancelledKept: (pence: number) =>
    `Your booking is cancelled. As our deposit terms say, your deposit of ${formatMoney(pence)} is kept. ` +
    'We have sent you an e-mail to confirm it.',
  refundLine: (pence: number) =>
    `Your deposit of ${formatMoney(pence)} is being refunded to your card. Refunds usually arrive within 5 to 10 working days.`,
  keptLine: (pence: number) => `As our deposit terms say, your deposit of ${formatMoney(pence)} is kept.`,
  /** A deposit the guest paid to staff: before cancelling, once cancelled, and in the e-mail. */
  depositSettled: (pence: number, phone: string) =>
    `You paid your deposit of ${formatMoney(pence)} to us directly, so it is not refunded online: please call us on ${phone} to settle it.`,
  cancelledSettled: (pence: number, phone: string) =>
    `Your booking is cancelled. You paid your deposit of ${formatMoney(pence)} to us directly: please call us on ${phone} to settle it. ` +
    'We have sent you an e-mail to confirm it.',
  /** That deposit once staff have recorded it given back or kept at the till. */
  depositSettledAtTill: (pence: number, tillRefundPence: number) =>
    `${tillSettledGuestText(pence, tillRefundPence)}.`,
} as const;

/** What staff read when they cancel an online Christmas booking, and the refunds they see. */
export const CHRISTMAS_STAFF_CANCEL_MESSAGES = {
  title: 'Cancel this Christmas booking?',
  refund: 'Refund the deposit',
  keep: 'Keep the deposit',
  refundHint: (amount: string, deadline: string) =>
    `${amount} back to the guest’s card. The terms refund it to guests who cancel by ${deadline}.`,
  keepHint: (deadline: string) => `The terms keep it when a guest cancels after ${deadline}.`,
  guestEmailed: (email: string) =>
    `${email} is e-mailed that the booking is cancelled, and what happens to the deposit.`,
  depositChoice: 'Choose whether to refund or keep the deposit.',
  confirm: 'Cancel booking',
  dontCancel: 'Don’t cancel',
  refunded: (pence: number) => `Deposit of ${formatMoney(pence)} refunded`,
  refundPending: (pence: number) => `Refund of ${formatMoney(pence)} pending`,
  kept: 'Deposit kept',
  settleAtTill: (pence: number) => `Deposit of ${formatMoney(pence)} to settle at the till`,
  retryRefund: 'Retry refund',
  refundFailed:
    'The refund did not go through: the payment provider could not be reached. Try again in a few minutes.',
  refundByHand: 'This deposit cannot be refunded here: refund it in the Stripe dashboard.',
  refundedCannotConfirm:
    'This booking’s deposit was refunded, so it cannot be confirmed again. Take a new booking instead.',
} as const;
