import { z } from 'zod';
import { managedBookingSchema } from '../booking/schemas.ts';
import { FEE_STATES, PAYMENT_STATES, REFUND_STATES } from './payment.ts';
import { DEPOSIT_KINDS, depositTermsSchema } from './rule-schemas.ts';
import { moneyReasonField } from './staff-choice.ts';
import { CANCEL_EFFECTS } from './terms.ts';

/** The deposits' request and answer bodies (issue 29), checked by zod on the server and the staff screens. */

/** A booking's payment as staff see it: terms, what was taken, refunded, kept or charged, by whom and why. */
export const staffPaymentSchema = z.object({
  bookingId: z.string(),
  state: z.enum(PAYMENT_STATES),
  terms: depositTermsSchema,
  paidPence: z.number().int().nonnegative(),
  refund: z.object({ pence: z.number().int().nonnegative(), state: z.enum(REFUND_STATES) }).nullable(),
  /** Staff kept the deposit (a late cancellation keeps it by the terms, with that as its reason). */
  kept: z.object({ reason: z.string(), by: z.string() }).nullable(),
  /** The guarantee's card was released: no fee can be charged any more. */
  released: z.boolean(),
  fee: z
    .object({
      pence: z.number().int().nonnegative(),
      state: z.enum(FEE_STATES),
      reason: z.string(),
      by: z.string(),
      failure: z.string().nullable(),
    })
    .nullable(),
  waived: z.object({ reason: z.string(), by: z.string() }).nullable(),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

/** A booking's payment as its guest sees it on their own page. */
export const guestPaymentSchema = z.object({
  kind: z.enum(DEPOSIT_KINDS),
  state: z.enum(PAYMENT_STATES),
  terms: depositTermsSchema,
  paidPence: z.number().int().nonnegative(),
  refund: z.object({ pence: z.number().int().nonnegative(), state: z.enum(REFUND_STATES) }).nullable(),
  /** The deposit was kept (a late cancellation, or staff's decision). */
  kept: z.boolean(),
  /** What cancelling now would do to the money: the page says it before the guest confirms, and sends it back. */
  cancelEffect: z.enum(CANCEL_EFFECTS),
});
export type GuestPayment = z.infer<typeof guestPaymentSchema>;

/** A guest's own booking as its page has it (`GET /api/bookings/manage/:token`), with its payment. */
export const ownBookingSchema = managedBookingSchema.extend({
  payment: guestPaymentSchema.nullable().optional(),
});

/** `POST /api/admin/bookings/:id/payment/refund` and `/keep`. */
export const paymentDecisionSchema = z.object({ reason: moneyReasonField });
export type PaymentDecision = z.infer<typeof paymentDecisionSchema>;

/** `POST /api/admin/bookings/:id/payment/no-show-fee`: zero charges nothing and releases the card. */
export const noShowFeeSchema = z.object({
  amountPence: z
    .int({ error: 'Please enter the fee in pounds and pence.' })
    .min(0, 'The fee cannot be less than £0.00.'),
  reason: moneyReasonField,
});
export type NoShowFee = z.infer<typeof noShowFeeSchema>;

/** `GET /api/admin/deposits/day?date=`: the payments of a day's bookings, for the day view's flags. */
export const dayPaymentsSchema = z.object({ payments: z.array(staffPaymentSchema) });

/** `GET /api/admin/bookings/:id/payment` and the answer of each money action. */
export const bookingPaymentSchema = z.object({ payment: staffPaymentSchema.nullable() });

/** The answer of `POST /api/bookings` when a rule applies: the booking waits, held, while the guest pays. */
export const paymentStartSchema = z.object({
  checkoutUrl: z.string(),
  /** The checkout's reference: the return page asks with it whether the payment arrived. */
  pid: z.string(),
  terms: depositTermsSchema,
  holdUntil: z.string(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** The answer (202) of a guest's change that makes the deposit larger: the checkout of the difference. */
export const topUpStartSchema = z.object({ topUp: paymentStartSchema });
export type TopUpStart = z.infer<typeof topUpStartSchema>;

/** `POST /api/bookings/payments/:pid/finalize` (and the demo page's Pay): where the guest's payment stands. */
export const paymentOutcomeSchema = z.object({
  status: z.enum(['confirmed', 'awaiting', 'lapsed']),
  reference: z.string(),
  email: z.string(),
  terms: depositTermsSchema,
  /** What this checkout takes: the deposit, nothing for a card, or a change's difference. */
  amountDuePence: z.number().int().nonnegative(),
  /** For the demo page and the return page: the booking it is for. */
  date: z.string(),
  timeSlot: z.string(),
  partySize: z.number().int().positive(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** A guest's cancellation says what they were told it would do; the server refuses if that is no longer so. */
export const guestCancelSchema = z.object({ expect: z.enum(CANCEL_EFFECTS).optional() });
