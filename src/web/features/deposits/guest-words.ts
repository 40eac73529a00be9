import type { DepositKind } from '#shared/deposits/rules.ts';
import { formatMoney } from '#shared/money/money.ts';

/**
 * The guest-facing words of a deposit or card guarantee (issue 29) that DEPOSIT_MESSAGES and the terms do not
 * already say: the booking form's button, the return and demo checkout pages, and the guest's own page.
 */
export const DEPOSIT_GUEST_WORDS = {
  continueLabel: (kind: DepositKind) =>
    kind === 'deposit' ? 'Continue to payment' : 'Continue to save your card',
  leavingForPayment: 'Opening the payment page…',

  returnEyebrow: 'Reservations',
  returnTitle: 'Your booking',
  checking: 'Checking your payment…',
  confirmedTitle: 'Your booking is confirmed',
  confirmedReference: (reference: string) => `Your reference is ${reference}.`,
  confirmedLink: (email: string) =>
    `The e-mail we sent to ${email} has your link to see, change or cancel it.`,
  stillWaiting:
    'We have not heard from the payment provider yet. If you finished paying, your confirmation will arrive by e-mail: please do not book again.',
  checkAgain: 'Check again',
  notFound: 'We could not find that payment. If you have just paid, your confirmation will arrive by e-mail.',
  bookAgain: 'Book a table',

  demoTitle: 'Test checkout',
  demoAmountLabel: (kind: DepositKind) => (kind === 'deposit' ? 'Total due today' : 'Taken today'),
  demoPay: (kind: DepositKind, amountPence: number) =>
    kind === 'deposit' ? `Pay ${formatMoney(amountPence)}` : 'Save card (nothing taken)',
  topUpTitle: 'This change needs a larger deposit',
  topUpNote: (pence: number, total: number) =>
    `You will pay the difference, ${formatMoney(pence)}, next (the deposit becomes ${formatMoney(total)}). ` +
    'Your booking changes once it is paid; until then it stays as it is.',
  demoPaying: 'Please wait…',
  demoNothingTaken: 'Nothing',
  demoFailed: 'The test payment did not go through. Please try again.',
  demoEnded:
    'This checkout has ended: it was paid, it expired or it was cancelled. Your booking’s page says where it stands.',
  demoMissing: 'This test checkout does not exist, or the site takes real payments now.',
  demoSeeBooking: 'See where it stands',
  cancel: 'Cancel',

  sectionTitle: (kind: DepositKind) => (kind === 'deposit' ? 'Deposit' : 'Card guarantee'),
  paid: (pence: number) => `Paid ${formatMoney(pence)}.`,
  refunded: (pence: number) => `Refunded ${formatMoney(pence)}.`,
  kept: (pence: number) => `Paid ${formatMoney(pence)}, kept as its terms say.`,
  refundPending: (pence: number) => `A refund of ${formatMoney(pence)} is on its way to your card.`,
  cardHeld: 'Your card is saved: nothing has been taken.',
  awaiting: (kind: DepositKind) =>
    kind === 'deposit'
      ? 'Not paid yet: your table is held for a short while until the deposit is paid.'
      : 'Your card is not saved yet: your table is held for a short while until it is.',
  waived: 'Not needed for this booking: the pub has waived it.',
  payNow: (kind: DepositKind) => (kind === 'deposit' ? 'Pay now' : 'Save your card now'),
  payFailed: 'We could not open the payment page just now. Please try again in a moment.',
} as const;
