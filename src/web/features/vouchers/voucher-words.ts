import { formatPrice } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import type { VoucherDelivery } from '#shared/vouchers/status.ts';

/** Where the voucher goes and when, as the summary and the thank-you say it. */
export interface VoucherDeliveryWords {
  amountPence: number;
  recipientName: string;
  deliverTo: VoucherDelivery;
  deliverOn: string;
}

const forWhom = (name: string) => (name.trim() === '' ? '' : ` for ${name.trim()}`);
const toWhom = (name: string) => (name.trim() === '' ? 'them' : name.trim());

/** The gift vouchers' guest pages' own words (issue 33); the rules' and the server's are VOUCHER_MESSAGES. */
export const VOUCHER_WORDS = {
  eyebrow: 'Gift vouchers',
  amountLegend: 'Choose an amount',
  anotherAmount: 'Another amount',
  customLabel: 'Amount in pounds',
  customHint: (min: number, max: number) => `From ${formatPrice(min)} to ${formatPrice(max)}.`,
  recipientSection: 'Who is it for?',
  recipientName: 'Their name',
  deliverLegend: 'Send it to',
  deliverToBuyer: 'Me — I’ll give it to them',
  deliverToBuyerHint: 'We e-mail the voucher to you at once, to print or forward.',
  deliverToRecipient: 'Straight to them on a date',
  deliverToRecipientHint: 'We e-mail it to them on the morning of the day you choose.',
  recipientEmail: 'Their e-mail',
  deliverOn: 'Send it on',
  buyerSection: 'From you',
  buyerName: 'Your name',
  buyerEmail: 'Your e-mail',
  buyerEmailHint: 'Your receipt goes here.',
  message: 'Your message',
  messageHint: 'Printed on the voucher. Optional.',
  termsTitle: 'The terms',
  expiry: (months: number) =>
    `Valid for ${months === 12 ? 'a year' : `${months} months`} from the day it is bought.`,
  summaryTitle: 'Your voucher',
  pay: (amountPence: number) => (amountPence > 0 ? `Pay ${formatPrice(amountPence)}` : 'Pay'),
  paying: 'Opening the payment…',
  payNote: 'You’ll pay securely on the next page.',
  notOnSaleTitle: 'Gift vouchers',
  /** "£50 voucher for Anna, e-mailed to Anna on Sunday 20 December 2026." */
  summary: ({ amountPence, recipientName, deliverTo, deliverOn }: VoucherDeliveryWords, today: string) => {
    const amount = amountPence > 0 ? `${formatPrice(amountPence)} voucher` : 'A voucher';
    const when = deliverOn === today || deliverOn === '' ? 'today' : `on ${formatLongDate(deliverOn)}`;
    const delivery =
      deliverTo === 'buyer' ? 'e-mailed to you today' : `e-mailed to ${toWhom(recipientName)} ${when}`;
    return `${amount}${forWhom(recipientName)}, ${delivery}.`;
  },
  returnEyebrow: 'Your gift voucher',
  checkingTitle: 'Confirming your payment…',
  checking:
    'Thank you: we’re checking your payment with our payment provider. This usually takes a few seconds.',
  paidTitle: 'Thank you',
  /** "Thank you: your £50 voucher for Anna is paid. We’ll e-mail it to Anna on Sunday 20 December 2026." */
  paid: ({ amountPence, recipientName, deliverTo, deliverOn }: VoucherDeliveryWords, today: string) => {
    const paid = `Thank you: your ${formatPrice(amountPence)} voucher${forWhom(recipientName)} is paid.`;
    if (deliverTo === 'buyer') return `${paid} We’ve e-mailed it to you, with your receipt.`;
    return deliverOn <= today
      ? `${paid} We’ve e-mailed it to ${toWhom(recipientName)}, and your receipt to you.`
      : `${paid} We’ll e-mail it to ${toWhom(recipientName)} on ${formatLongDate(deliverOn)}; your receipt is in your e-mail now.`;
  },
  seeVoucher: 'See and print the voucher',
  cancelledTitle: 'Payment cancelled',
  cancelled: 'Payment cancelled: nothing was taken.',
  buyAgain: 'Choose a voucher again',
  waitingTitle: 'We haven’t received your payment yet',
  waiting:
    'If you completed the payment, it can take a minute or two to reach us, and your receipt will follow by e-mail: please don’t pay again.',
  checkAgain: 'Check again',
  unreachableTitle: 'We couldn’t reach our system',
  unreachable:
    'Please check your connection and try again. If your payment went through, your voucher is safe.',
  notFoundTitle: 'We couldn’t find your payment',
  demoTitle: 'Gift voucher',
  demoNotice: 'Test checkout — no money is taken and no card is needed.',
  demoNote:
    'This is the demonstration stand-in for Stripe Checkout, used while the site has no Stripe keys. Paying here issues the voucher exactly as a real payment would, and sends its e-mails.',
  demoFailed: 'The test payment did not go through. Please try again.',
  demoMissingTitle: 'Checkout not found',
  demoMissing: 'This test checkout doesn’t exist, or the site is taking real payments now.',
  demoPaidTitle: 'Already paid',
  demoPaid: 'This voucher has been paid.',
  demoEndedTitle: 'This checkout has ended',
  demoEnded: 'It was cancelled or expired, and nothing was taken.',
  voucherTitle: 'Gift voucher',
  voucherFor: (name: string) => `for ${name}`,
  voucherFrom: (name: string) => `From ${name}`,
  balance: 'Balance left',
  validUntil: 'Valid until',
  code: 'Voucher code',
  qrAlt: 'QR code for staff to scan at the bar',
  showAtBar: 'Show this voucher at the bar, on your phone or printed: staff scan the code or type it.',
  print: 'Print the voucher',
  notFoundVoucherTitle: 'Voucher not found',
} as const;
