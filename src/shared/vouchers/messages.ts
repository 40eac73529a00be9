import { formatMoney } from '../money/money.ts';
import { formatLongDate } from '../time/london-time.ts';

/** The vouchers' words (issue 33), written once for the pages, the e-mails, the staff screen and the server. */
export const VOUCHER_MESSAGES = {
  amount: 'Please choose an amount.',
  customRange: (min: number, max: number) =>
    `Please choose an amount from ${formatMoney(min)} to ${formatMoney(max)}.`,
  customOff: 'Please choose one of the amounts shown.',
  buyerName: 'Please enter your name.',
  buyerEmail: 'Please enter a valid e-mail for your receipt.',
  recipientName: 'Please enter the name of the person it is for.',
  recipientEmail: 'Please enter a valid e-mail for the person it is for.',
  deliverOn: 'Please choose a delivery date from today.',
  deliverTooLate: 'Please choose a delivery date within the next year.',
  notOnSale: 'Gift vouchers are not on sale just now. Please call us.',
  notConfigured: (phone: string) =>
    `We can’t take card payments online just now, so vouchers can’t be bought here. Please call us on ${phone}.`,
  codeNotFound: 'We can’t find a voucher with that code. Please check it and try again.',
  expired: (expiresOn: string) => `This voucher expired on ${formatLongDate(expiresOn)}.`,
  void: 'This voucher has been cancelled and cannot be used.',
  refunded: 'This voucher was refunded and cannot be used.',
  pending: 'This voucher has not been paid for yet.',
  spent: 'This voucher has no balance left.',
  overBalance: (balance: number) => `The voucher has only ${formatMoney(balance)} left.`,
  redeemed: (amount: number, balance: number) =>
    `${formatMoney(amount)} taken. ${formatMoney(balance)} left on the voucher.`,
  refundUsed: 'A voucher that has been used in part cannot be refunded: void it instead.',
  tooManyLookups: 'Too many voucher look-ups. Please wait a few minutes.',
  tooManyPurchases: 'Too many attempts to buy a voucher. Please wait a few minutes, or call us.',
  unknownCheckout: 'We can’t find that voucher purchase. If you paid, your receipt is on its way by e-mail.',
  provider: 'We could not start the payment just now. Please try again in a moment.',
  checkoutOver: 'This payment page has expired or was cancelled. Please start again.',
  reasonRequired: 'Please say why.',
  recipientEmailStaff: 'Please enter a valid e-mail, or leave it empty to hand the voucher over yourself.',
  refundComplimentary:
    'A complimentary voucher was not paid for, so there is nothing to refund: void it instead.',
  refundByHand:
    'This voucher’s payment cannot be refunded from here: refund it in Stripe, then void the voucher.',
  refundFailed:
    'The card payment could not be refunded just now, so the voucher is still active. Please try again in a few minutes.',
  noAddress: 'This voucher has no e-mail address to send it to.',
  notYetDelivered: (deliverOn: string) =>
    `This voucher is to be e-mailed on ${formatLongDate(deliverOn)}: it can be sent again after that.`,
} as const;
