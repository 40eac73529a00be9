import { formatMoney } from '../money/money.ts';
import { formatLongDate, formatTime, londonTimeOfDay, londonToday } from '../time/london-time.ts';
import type { PaymentState } from './payment.ts';
import { type DepositTerms, isFreeToCancel } from './rules.ts';

/** "7:30pm on Thursday 3 December 2026": when free cancellation ends. */
export function freeUntilText(terms: Pick<DepositTerms, 'freeUntil'>): string {
  const instant = new Date(terms.freeUntil);
  return `${formatTime(londonTimeOfDay(instant))} on ${formatLongDate(londonToday(instant))}`;
}

function hoursBefore(hours: number): string {
  if (hours === 0) return 'when your booking starts';
  return hours === 1 ? '1 hour before' : `${hours} hours before`;
}

/** "£10.00 per person (£80.00 for 8)". */
function perPerson(terms: DepositTerms): string {
  const party = terms.guests === 1 ? '1 guest' : `${terms.guests}`;
  return `${formatMoney(terms.perPersonPence)} per person (${formatMoney(terms.amountPence)} for ${party})`;
}

/**
 * The terms in words, one sentence a line: the booking form shows them before anything is paid, and the
 * confirmation e-mail and the guest's own page repeat them word for word.
 */
export function termsText(terms: DepositTerms): string[] {
  const until = `${freeUntilText(terms)} (${hoursBefore(terms.cancelHours)})`;
  if (terms.kind === 'deposit') {
    return [
      `This booking needs a deposit of ${perPerson(terms)}, taken when you book. It comes off your bill on the day.`,
      `Cancel or change by ${until} and the deposit is refunded in full; after then, or if you do not come, it is kept.`,
      'All prices include VAT.',
    ];
  }
  return [
    'This booking is guaranteed with a card: nothing is taken now.',
    `If you do not come, or cancel after ${until}, a no-show fee of up to ${perPerson(terms)} may be charged to the card.`,
    'All prices include VAT.',
  ];
}

/** The terms' headline, for the Pay button's neighbour and the staff screens: "£80.00 deposit". */
export function termsHeadline(terms: Pick<DepositTerms, 'kind' | 'amountPence'>): string {
  return terms.kind === 'deposit'
    ? `${formatMoney(terms.amountPence)} deposit`
    : `Card guarantee (no-show fee up to ${formatMoney(terms.amountPence)})`;
}

/** What a guest's cancellation does to the money: refunds or keeps a deposit, releases a card or leaves it for a fee. */
export const CANCEL_EFFECTS = ['refund', 'keep', 'release', 'fee', 'none'] as const;
export type CancelEffect = (typeof CANCEL_EFFECTS)[number];

/**
 * What cancelling at `now` does, by the terms and what has happened to the money: the server decides by it, and
 * tells the guest's page, which says it before the guest confirms and sends it back with the cancellation.
 */
export function cancelEffect(
  payment: {
    state: PaymentState;
    terms: Pick<DepositTerms, 'freeUntil'>;
    refunded: boolean;
    kept: boolean;
    released: boolean;
  },
  now: Date,
): CancelEffect {
  const free = isFreeToCancel(payment.terms, now);
  if (payment.state === 'paid' && !payment.refunded && !payment.kept) return free ? 'refund' : 'keep';
  if (payment.state === 'card-held' && !payment.released) return free ? 'release' : 'fee';
  return 'none';
}

/** What a cancellation does to the money, in words, for the dialog before the guest confirms; null for none. */
export function cancellationOutcomeText(
  terms: DepositTerms,
  paidPence: number,
  effect: CancelEffect,
): string | null {
  const until = freeUntilText(terms);
  switch (effect) {
    case 'refund':
      return `Your ${formatMoney(paidPence)} deposit will be refunded in full to the card you paid with.`;
    case 'keep':
      return `Free cancellation ended at ${until}, so your ${formatMoney(paidPence)} deposit is kept.`;
    case 'release':
      return 'Nothing will be charged to your card.';
    case 'fee':
      return `Free cancellation ended at ${until}, so a fee of up to ${formatMoney(terms.amountPence)} may be charged to your card.`;
    case 'none':
      return null;
  }
}

/**
 * What a change owes on top of the deposit paid: the new terms' deposit less what was paid, for a deposit paid
 * and not yet refunded or kept (the server asks for it before it makes the change; the change form says it).
 */
export function topUpPenceFor(
  terms: Pick<DepositTerms, 'kind' | 'amountPence'>,
  payment: { state: PaymentState; paidPence: number; refund: unknown },
): number {
  if (terms.kind !== 'deposit' || payment.state !== 'paid' || payment.refund !== null) return 0;
  return Math.max(0, terms.amountPence - payment.paidPence);
}
