import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import type { DepositKind, DepositTerms } from '#shared/deposits/rules.ts';

/** The terms of a dinner for four: £10.00 a guest, free to cancel until 48 hours before 7pm on 8 December. */
export function depositTermsFixture(kind: DepositKind): DepositTerms {
  return {
    ruleId: 'large-dinners',
    ruleName: 'Large parties at dinner',
    kind,
    perPersonPence: 1000,
    guests: 4,
    amountPence: 4000,
    cancelHours: 48,
    freeUntil: '2026-12-06T19:00:00.000Z',
  };
}

/**
 * The checkout's outcome for that dinner, as the payment pages read it: a deposit is due in full, a guarantee
 * takes nothing.
 */
export function paymentOutcomeFixture(
  kind: DepositKind,
  status: PaymentOutcome['status'],
  overrides: Partial<PaymentOutcome> = {},
): PaymentOutcome {
  return {
    status,
    reference: 'RC-DEP234',
    email: 'ada@example.com',
    amountDuePence: kind === 'deposit' ? 4000 : 0,
    terms: depositTermsFixture(kind),
    date: '2026-12-08',
    timeSlot: '19:00',
    partySize: 4,
    ...overrides,
  };
}
