import { z } from 'zod';
import { spamTrapField } from '../booking/guest-field-schemas.ts';
import { BOOKING_FIELD_LIMITS } from '../booking/validation.ts';
import { paymentStartSchema } from '../deposits/payment-schemas.ts';
import { dateField, textField } from '../schema/fields.ts';
import { LEDGER_KINDS, VOUCHER_DELIVERY, VOUCHER_KINDS, VOUCHER_STATUSES } from './status.ts';

/**
 * Gift vouchers' requests and answers (issue 33). The purchase's own rule is `checkVoucherPurchase` (rules.ts),
 * which the form and the server both run; the schemas only shape the bodies. Money is in integer pence.
 */

/** The voucher code as typed or scanned: letters and digits, dashes and spaces ignored (rules.ts normalises). */
export const voucherCodeField = z.string().min(1, 'Please enter the voucher code.').max(40);

/** POST /api/vouchers/checkout: a voucher bought on the site, paid through the payment page. */
export const voucherPurchaseSchema = z.object(
  {
    website: spamTrapField,
    amountPence: z.int('Please choose an amount.'),
    buyerName: textField('Your name', BOOKING_FIELD_LIMITS.name),
    buyerEmail: textField('Your e-mail', BOOKING_FIELD_LIMITS.email),
    recipientName: textField('Their name', BOOKING_FIELD_LIMITS.name),
    /** Required when the voucher goes to the recipient; may be empty when it goes to the buyer. */
    recipientEmail: textField('Their e-mail', BOOKING_FIELD_LIMITS.email),
    message: textField('Message', 500, { multiline: true }),
    deliverTo: z.enum(VOUCHER_DELIVERY, { error: 'Please choose who we e-mail the voucher to.' }),
    /** YYYY-MM-DD, today or later: the day the voucher is e-mailed (today: at once). */
    deliverOn: textField('Delivery date', 10),
  },
  { error: 'Please send the voucher as a JSON object.' },
);
export type VoucherPurchase = z.output<typeof voucherPurchaseSchema>;

/**
 * The purchase's answer: where to pay (Stripe Checkout or the demo page), as the deposits answer it, less the
 * deposit's own terms (a voucher's terms are the vouchers document's, shown before payment).
 */
export const voucherCheckoutSchema = z.object({
  pid: z.string(),
  payment: paymentStartSchema.pick({ checkoutUrl: true, pid: true, holdUntil: true }),
});
export type VoucherCheckout = z.infer<typeof voucherCheckoutSchema>;

/** GET /api/vouchers/checkout/:pid: the buyer back from paying: waiting, issued, or not paid. */
export const voucherCheckoutStatusSchema = z.object({
  state: z.enum(['waiting', 'issued', 'cancelled']),
  amountPence: z.int(),
  recipientName: z.string(),
  deliverTo: z.enum(VOUCHER_DELIVERY),
  deliverOn: z.string(),
  /** Issued: the voucher's own page (its code), to print or keep. */
  voucherUrl: z.string().nullable(),
});
export type VoucherCheckoutStatus = z.infer<typeof voucherCheckoutStatusSchema>;
/**
 * GET /api/vouchers/checkout/:pid?cancelled=1: the buyer came back by the payment page's cancel link
 * (voucherCancelPath): the payment page is closed for good, and the answer is 'cancelled' unless it was paid.
 */
export const voucherCheckoutStatusQuerySchema = z.object({ cancelled: z.enum(['0', '1']).optional() });

/**
 * POST /api/vouchers/checkout/:pid/demo-pay, only while the demo provider stands in for Stripe (the demo page at
 * VOUCHER_DEMO_CHECKOUT_PATH): the demo session completes as paid, then the same fulfilment as a webhook's; answers
 * the return page's address (voucherReturnPath). 404 for a checkout that is not a demo one.
 */
export const voucherDemoPaidSchema = z.object({ url: z.string() });

/** GET /api/vouchers/:code: the voucher to see and print, for whoever holds its full code. */
export const publicVoucherSchema = z.object({
  code: z.string(),
  amountPence: z.int(),
  balancePence: z.int(),
  recipientName: z.string(),
  buyerName: z.string(),
  message: z.string(),
  expiresOn: z.string(),
  status: z.enum(VOUCHER_STATUSES),
  expired: z.boolean(),
  /** The QR code to show at the bar, as an SVG document (it opens the staff screen for this code). */
  qrSvg: z.string(),
});
export type PublicVoucher = z.infer<typeof publicVoucherSchema>;

export const ledgerEntrySchema = z.object({
  kind: z.enum(LEDGER_KINDS),
  amountPence: z.int(),
  balanceAfterPence: z.int(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A voucher as staff see it: everything, with its ledger. */
export const staffVoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  status: z.enum(VOUCHER_STATUSES),
  amountPence: z.int(),
  balancePence: z.int(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  deliverTo: z.enum(VOUCHER_DELIVERY),
  deliverOn: z.string(),
  deliveredAt: z.string().nullable(),
  expiresOn: z.string(),
  expired: z.boolean(),
  issuedBy: z.string().nullable(),
  createdAt: z.string(),
  ledger: z.array(ledgerEntrySchema),
});
export type StaffVoucher = z.infer<typeof staffVoucherSchema>;

/** GET /api/admin/vouchers?code=: one voucher by its full code. GET /api/admin/vouchers: the newest 50. */
export const staffVoucherLookupSchema = z.object({ code: voucherCodeField.optional() });
export const staffVoucherListSchema = z.object({ vouchers: z.array(staffVoucherSchema) });

/** POST /api/admin/vouchers/:code/redeem: part or all of the balance, with a note (the table, the bill). */
export const voucherRedeemSchema = z.object(
  {
    amountPence: z
      .int('Please enter the amount to take, in pounds and pence.')
      .min(1, 'Please enter an amount.'),
    note: textField('Note', 200),
  },
  { error: 'Please send the redemption as a JSON object.' },
);
export type VoucherRedeem = z.output<typeof voucherRedeemSchema>;

/** POST /api/admin/vouchers: a complimentary voucher staff give (managers and owners). */
export const voucherIssueSchema = z.object(
  {
    amountPence: z.int('Please enter an amount.').min(100).max(100_000),
    recipientName: textField('Their name', BOOKING_FIELD_LIMITS.name),
    recipientEmail: textField('Their e-mail', BOOKING_FIELD_LIMITS.email),
    message: textField('Message', 500, { multiline: true }),
    note: textField('Why', 200),
  },
  { error: 'Please send the voucher as a JSON object.' },
);
export type VoucherIssue = z.output<typeof voucherIssueSchema>;

/** POST /api/admin/vouchers/:code/void and /refund: why. */
export const voucherReasonSchema = z.object({ reason: textField('Reason', 200) });

/** The date a voucher is delivered on, as the purchase form and the server check it. */
export const deliverOnField = dateField('deliverOn');
