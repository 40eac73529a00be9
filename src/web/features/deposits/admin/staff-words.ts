import { formatMoney } from '#shared/money/money.ts';

/** The longest reason for a money action the audit trail keeps: the limit of the shared `moneyReasonField`. */
export const REASON_MAX_LENGTH = 300;

/** The staff screens' own words for deposits and card guarantees (issue 29); the shared ones are in DEPOSIT_MESSAGES. */
export const STAFF_DEPOSIT_WORDS = {
  section: 'Payment',
  loading: 'Loading the payment…',
  loadFailed: 'Could not load this booking’s payment.',
  retry: 'Try again',
  actionFailed: 'Could not save that. Please try again.',
  done: (label: string) => `Done: ${label}.`,

  terms: 'Terms',
  state: 'Now',
  paid: 'Paid',
  refund: 'Refund',
  refundStates: { owed: 'pending', refunded: 'refunded' },
  kept: 'Kept',
  fee: 'No-show fee',
  feeStates: {
    charging: 'being charged',
    charged: 'charged',
    failed: 'failed',
    'not-charged': 'not charged, card released',
  },
  waived: 'Waived',
  /** "Late cancellation, by Sam Moore". */
  because: (reason: string, by: string) => `${reason}, by ${by}`,

  reasonLabel: 'Reason',
  reasonHint: 'Kept with the booking, with your name.',

  refundButton: 'Refund deposit',
  refundTitle: (pence: number) => `Refund the ${formatMoney(pence)} deposit?`,
  refundWhat: 'The deposit goes back to the card the guest paid with.',
  refundConfirm: (pence: number) => `Refund ${formatMoney(pence)}`,
  refundBusy: 'Refunding…',
  refundKeep: 'Don’t refund',

  keepButton: 'Keep deposit',
  keepTitle: (pence: number) => `Keep the ${formatMoney(pence)} deposit?`,
  keepWhat: 'The guest is not refunded. It cannot be refunded here afterwards.',
  keepConfirm: (pence: number) => `Keep ${formatMoney(pence)}`,
  keepBusy: 'Saving…',
  keepBack: 'Go back',

  feeButton: 'Charge no-show fee',
  feeTitle: 'Charge a no-show fee?',
  feeWhat: 'The fee is taken from the card the guest saved when booking.',
  feeAmountLabel: 'Fee in pounds',
  feeAmountHint: (cap: number) =>
    `At most ${formatMoney(cap)}, as the guest agreed. £0.00 charges nothing and releases the card.`,
  feeConfirm: (pence: number | null) => (pence === null ? 'Charge fee' : `Charge ${formatMoney(pence)}`),
  feeBusy: 'Charging…',
  feeBack: 'Don’t charge',

  choiceLegend: 'Deposit',
  requestLabel: 'E-mail the guest a link to pay',
  requestHint: 'The booking stays pending until they pay.',
  waiveLabel: 'Waive it',
  waiveHint: 'The booking is made without it.',
  waiveReasonLabel: 'Why it is waived',
  linkSent: (email: string) =>
    `A link to pay is on its way to ${email}. The booking stays pending until the guest pays.`,
} as const;
