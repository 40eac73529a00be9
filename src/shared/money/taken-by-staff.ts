import { formatMoney } from './money.ts';

/**
 * How staff took what a phone booking owed ahead (a Christmas Day deposit, an occasion's deposit or full price):
 * a choice staff must make whenever something is due. A booking paid online through the checkout has none.
 */
export const STAFF_PAYMENT_METHODS = ['card-by-phone', 'cash', 'waived'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

export const STAFF_PAYMENT_METHOD_LABELS: Record<StaffPaymentMethod, string> = {
  'card-by-phone': 'Card by phone',
  cash: 'Cash',
  waived: 'Waived',
};

export function isStaffPaymentMethod(value: string): value is StaffPaymentMethod {
  return (STAFF_PAYMENT_METHODS as readonly string[]).includes(value);
}

/** What a phone booking records as paid: the whole amount due, or nothing when staff waived it. */
export function staffPaidPence(method: StaffPaymentMethod, duePence: number): number {
  return method === 'waived' ? 0 : duePence;
}

/** What staff took what is owed ahead as: an occasion's deposit or its full price, or Christmas Day's deposit. */
export type StaffPaymentNoun = 'deposit' | 'payment';

const TITLES: Record<StaffPaymentNoun, string> = { deposit: 'Deposit', payment: 'Payment' };

const HOW: Record<Exclude<StaffPaymentMethod, 'waived'>, string> = {
  'card-by-phone': 'by card on the phone',
  cash: 'in cash',
};

/** "Deposit £40.00 in cash", "Payment waived": what staff took, as the bookings list, a slip and the trail say it. */
export function staffPaymentText(
  noun: StaffPaymentNoun,
  method: StaffPaymentMethod,
  paidPence: number,
): string {
  const title = TITLES[noun];
  return method === 'waived' ? `${title} waived` : `${title} ${formatMoney(paidPence)} ${HOW[method]}`;
}

/** The question's legend: "Deposit of £40.00", or "Deposit" until the party is known (`duePence` 0). */
export function staffPaymentLegend(noun: StaffPaymentNoun, duePence: number): string {
  return `${TITLES[noun]}${duePence > 0 ? ` of ${formatMoney(duePence)}` : ''}`;
}

/** " (cash)", " (waived)" after an amount on a sheet or a list; nothing when paid online or not recorded. */
export function staffPaymentNote(method: StaffPaymentMethod | null): string {
  return method ? ` (${STAFF_PAYMENT_METHOD_LABELS[method].toLowerCase()})` : '';
}

/**
 * Whether what a booking paid ahead was taken by staff: a phone booking's money (a Christmas Day deposit, an
 * occasion's deposit or price). It has no online payment behind it, so a cancellation settles it at the till.
 */
export function takenByStaff(source: 'online' | 'phone', paidPence: number): boolean {
  return source === 'phone' && paidPence > 0;
}

/** Money staff took is settled at the till when its booking is cancelled: it is never refunded online. */
export function paidToStaffNotRefundedOnline(pence: number): string {
  return `The ${formatMoney(pence)} paid to staff is not refunded online: settle it at the till.`;
}

/**
 * What the guest's own page says of money staff took once its booking is cancelled and staff have recorded it
 * settled at the till (decision 051), instead of asking them to call us to settle it: given back (the whole of
 * it, `tillRefundPence`) or kept. Here, not beside the staff's words in `till-settlement.ts`: the guest's pages
 * load no zod.
 */
export function tillSettledGuestText(paidPence: number, tillRefundPence: number): string {
  return tillRefundPence > 0
    ? `The ${formatMoney(tillRefundPence)} you paid us directly was settled at the till and given back to you`
    : `The ${formatMoney(paidPence)} you paid us directly was settled at the till and kept`;
}

/** What cancelling a booking whose money staff took answers. */
export function cancelledPaidToStaff(pence: number): string {
  return `The booking is cancelled. ${paidToStaffNotRefundedOnline(pence)}`;
}

/** Asked when staff have not said how they took it: "Please choose how the deposit was taken." */
export function staffPaymentMethodMessage(noun: StaffPaymentNoun): string {
  return `Please choose how the ${noun} was taken.`;
}
