import { z } from 'zod';
import { formatMoney } from './money.ts';

/**
 * What became of money staff took (a phone booking's Christmas Day deposit, an occasion's deposit or price) once
 * its booking is cancelled: handed back at the till, or kept. Nothing of it moves online, so staff record it,
 * once, and the figures count what went back.
 */
export const TILL_OUTCOMES = ['given-back', 'kept'] as const;
export type TillOutcome = (typeof TILL_OUTCOMES)[number];

export const TILL_OUTCOME_LABELS: Record<TillOutcome, string> = {
  'given-back': 'Given back',
  kept: 'Kept',
};

/** POST …/bookings/:id/till-settlement (Christmas Day and occasions alike). */
export const tillSettlementRequestSchema = z.object(
  { outcome: z.enum(TILL_OUTCOMES, { error: 'Please say whether the money was given back or kept.' }) },
  { error: 'Please send the settlement as a JSON object.' },
);
export type TillSettlementRequest = z.infer<typeof tillSettlementRequestSchema>;

/** What is given back: all of what was paid, or nothing. */
export function tillRefundPence(outcome: TillOutcome, paidPence: number): number {
  return outcome === 'given-back' ? paidPence : 0;
}

/** What staff recorded of a cancelled booking's money they took: "£40.00 given back at the till", or kept. */
export function tillSettledText(paidPence: number, tillRefundPence: number): string {
  return tillRefundPence > 0
    ? `${formatMoney(tillRefundPence)} given back at the till`
    : `${formatMoney(paidPence)} paid to staff kept`;
}

export const TILL_SETTLEMENT_MESSAGES = {
  /** The question beside the two buttons. */
  question: 'Given back at the till, or kept?',
  notCancelled: 'Only a cancelled booking’s money is settled at the till.',
  notPaidToStaff:
    'Only money staff took is settled at the till: this booking’s was paid online, or nothing was.',
  alreadySettled: 'This booking’s money has already been settled at the till.',
  settled: (reference: string) => `Settled ${reference} at the till.`,
} as const;
