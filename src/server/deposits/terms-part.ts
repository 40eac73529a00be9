import { Fragment } from 'react';
import type { PaymentState } from '#shared/deposits/payment.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsHeadline, termsText } from '#shared/deposits/terms.ts';
import { formatMoney } from '#shared/money/money.ts';
import { html, MultilineText } from '../lib/html.ts';
import { NoteBox } from '../mail/layout.ts';
import type { LetterPart } from '../mail/messages.ts';
import type { Row } from '../mail/text-rows.ts';

/** A booking's payment as its letters tell it: the terms it was made on and where its money stands. */
export interface LetterPayment {
  terms: DepositTerms;
  state: PaymentState;
  paidPence: number;
}

/** What was taken, in one line: "Deposit paid: £80.00", "Card saved: nothing has been taken". */
function takenText(
  terms: DepositTerms,
  { state, paidPence }: Pick<LetterPayment, 'state' | 'paidPence'>,
): string {
  const deposit = terms.kind === 'deposit';
  switch (state) {
    case 'paid':
      return `Deposit paid: ${formatMoney(paidPence)}`;
    case 'card-held':
      return 'Card saved: nothing has been taken';
    case 'awaiting':
      return deposit
        ? `Deposit to pay: ${formatMoney(terms.amountPence)}`
        : 'Card to save: nothing will be taken';
    case 'waived':
      return `${deposit ? 'Deposit' : 'Card guarantee'} waived: nothing has been taken`;
    case 'lapsed':
      return 'Not paid: nothing has been taken';
  }
}

/**
 * The terms as a letter repeats them: what was taken, then the terms word for word as the booking form showed
 * them (shared/deposits/terms.ts). A payment waived or lapsed was made on no terms, so it says only that.
 */
export function depositTermsPart(
  terms: DepositTerms,
  payment: { state: PaymentState; paidPence: number },
): LetterPart {
  const taken = takenText(terms, payment);
  const bound = payment.state !== 'waived' && payment.state !== 'lapsed';
  const lines = bound ? termsText(terms) : [];
  return {
    html: html`<${NoteBox}>
      <strong>${taken}</strong>
      ${lines.length > 0 ? html`<${Fragment}><br /><${MultilineText} text=${lines.join('\n')} /><//>` : null}
    <//>`,
    text: [taken, ...lines].join('\n'),
  };
}

/** Where the money stands, as the pub's notice says it after the terms' headline. */
const PUB_STATE: Record<PaymentState, string> = {
  paid: 'paid',
  'card-held': 'card saved',
  awaiting: 'not paid yet',
  waived: 'waived by staff',
  lapsed: 'not paid',
};

/** The pub's row for a booking's payment: "Deposit: £80.00 deposit — paid". */
export function paymentRow({ terms, state }: LetterPayment): Row {
  return [
    terms.kind === 'deposit' ? 'Deposit' : 'Card guarantee',
    `${termsHeadline(terms)} — ${PUB_STATE[state]}`,
  ];
}
