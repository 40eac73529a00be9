import { formatMoney } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import type { StaffVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';

/** The staff vouchers screen's own words (issue 33); the rules' and the server's are VOUCHER_MESSAGES. */
export const VOUCHER_ADMIN_WORDS = {
  title: 'Vouchers',
  codeLabel: 'Voucher code',
  codeHint: 'Type the code, or scan the voucher’s QR code with the phone’s camera.',
  find: 'Find',
  finding: 'Finding the voucher…',
  findFailure: 'Could not find the voucher. Please try again.',
  newest: 'Newest vouchers',
  listLoading: 'Loading the vouchers…',
  listFailure: 'Could not load the vouchers. Please try again.',
  noVouchers: 'No vouchers yet.',
  allVouchers: 'All vouchers',
  balance: 'Balance',
  ledger: 'Ledger',
  redeemTitle: 'Redeem',
  amountLabel: 'Amount in pounds',
  amountMessage: 'Please enter the amount to take, in pounds and pence, e.g. 30 or 12.50.',
  useAll: (balancePence: number) => `Use all ${formatMoney(balancePence)}`,
  noteLabel: 'Note',
  noteHint: 'The table or the bill, e.g. Table 6.',
  redeem: 'Redeem',
  redeemQuestion: (amountPence: number) => `Take ${formatMoney(amountPence)} from this voucher?`,
  redeemWhat: (voucher: StaffVoucher, amountPence: number) =>
    `${formatMoney(voucher.balancePence - amountPence)} will be left on the voucher for ${voucher.recipientName}.`,
  redeemConfirm: (amountPence: number) => `Take ${formatMoney(amountPence)}`,
  redeemBusy: 'Taking…',
  redeemKeep: 'Not yet',
  redeemFailure: 'Could not redeem the voucher. Nothing was taken. Please try again.',
  voidAction: 'Void',
  voidQuestion: 'Void this voucher?',
  voidWhat: (voucher: StaffVoucher) =>
    `Its balance of ${formatMoney(voucher.balancePence)} can no longer be used. This cannot be undone.`,
  voidConfirm: 'Void voucher',
  voidBusy: 'Voiding…',
  voided: (voucher: StaffVoucher) => `Voucher ${voucher.code} voided.`,
  refundAction: 'Refund',
  refundQuestion: (voucher: StaffVoucher) => `Refund ${formatMoney(voucher.amountPence)} to the buyer?`,
  refundWhat: (voucher: StaffVoucher) =>
    `The card payment of ${voucher.buyerName} is refunded and the voucher can no longer be used.`,
  refundConfirm: 'Refund',
  refundBusy: 'Refunding…',
  refunded: (voucher: StaffVoucher) =>
    `${formatMoney(voucher.amountPence)} refunded to ${voucher.buyerName}.`,
  keep: 'Keep it',
  reasonLabel: 'Reason',
  reasonHint: 'Kept in the voucher’s ledger and the activity log.',
  actionFailure: 'Could not change the voucher. Please try again.',
  resend: 'Resend e-mail',
  resending: 'Sending…',
  resent: (voucher: StaffVoucher) =>
    `Voucher e-mailed again to ${voucher.deliverTo === 'recipient' ? voucher.recipientEmail : voucher.buyerEmail}.`,
  resendFailure: 'Could not send the voucher again. Please try again.',
  newComplimentary: 'New complimentary voucher',
  complimentaryTitle: 'New complimentary voucher',
  recipientName: 'Their name',
  recipientEmail: 'Their e-mail',
  recipientEmailHint: 'We e-mail the voucher at once. Leave it empty to print it and hand it over yourself.',
  message: 'Message',
  messageHint: 'Printed on the voucher. Optional.',
  why: 'Why',
  whyHint: 'e.g. An apology for the wait on Saturday.',
  issue: 'Give voucher',
  issuing: 'Giving…',
  issueFailure: 'Could not give the voucher. Please try again.',
  issued: (voucher: StaffVoucher) =>
    `Complimentary voucher of ${formatMoney(voucher.amountPence)} for ${voucher.recipientName} issued.`,
  cancel: 'Cancel',
  expiresOn: (date: string) => `Expires ${formatLongDate(date)}`,
  forWhom: (voucher: StaffVoucher) =>
    voucher.kind === 'complimentary'
      ? `For ${voucher.recipientName}, complimentary`
      : `For ${voucher.recipientName}, from ${voucher.buyerName}`,
  ofAmount: (voucher: StaffVoucher) => `of ${formatMoney(voucher.amountPence)}`,
  ledgerBy: (by: string) => (by ? `by ${by}` : ''),
} as const;

/** Why the voucher cannot be redeemed now, in the server's own words; null when it can. */
export function notRedeemable(voucher: StaffVoucher): string | null {
  if (voucher.status === 'VOID') return VOUCHER_MESSAGES.void;
  if (voucher.status === 'REFUNDED') return VOUCHER_MESSAGES.refunded;
  if (voucher.status === 'PENDING') return VOUCHER_MESSAGES.pending;
  if (voucher.expired) return VOUCHER_MESSAGES.expired(voucher.expiresOn);
  if (voucher.balancePence === 0) return VOUCHER_MESSAGES.spent;
  return null;
}
