import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FEE_STATES, PAYMENT_STATES, REFUND_STATES, TOP_UP_STATES } from '#shared/deposits/payment.ts';
import { DEPOSIT_KINDS } from '#shared/deposits/rule-schemas.ts';
import { bookings } from './booking.ts';
import { timestamps } from './columns.ts';

/**
 * A table booking's deposit or card guarantee (issue 29, decision 031): the terms it was made on, frozen, and
 * every money step since: the hold while the guest pays, what Stripe took or saved, a refund owed and made, a
 * deposit kept, a no-show fee charged. One row per booking; its booking's erasure takes it too.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The checkout's reference (Stripe's client_reference_id): unguessable, so the return page may use it. */
    pid: text('pid').notNull().unique(),
    kind: text('kind', { enum: DEPOSIT_KINDS }).notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull(),
    /** The terms as the guest was shown them (DepositTerms). */
    terms: jsonb('terms').notNull(),
    /** Until when the booking's places are held for the guest to pay. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    stripeSessionId: text('stripe_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    paidPence: integer('paid_pence').notNull().default(0),
    refundPence: integer('refund_pence'),
    refundState: text('refund_state', { enum: REFUND_STATES }),
    refundId: text('refund_id'),
    keptReason: text('kept_reason'),
    keptBy: text('kept_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    feePence: integer('fee_pence'),
    feeState: text('fee_state', { enum: FEE_STATES }),
    feeReason: text('fee_reason'),
    feeBy: text('fee_by'),
    feeIntentId: text('fee_intent_id'),
    feeFailure: text('fee_failure'),
    /**
     * A guest's change to a larger party asks for the difference (issue 29): the change waits here, with its own
     * checkout, and is made when the difference is paid (refunded if the places went meanwhile).
     */
    topUpPid: text('top_up_pid').unique(),
    topUpState: text('top_up_state', { enum: TOP_UP_STATES }),
    topUpPence: integer('top_up_pence'),
    topUpChange: jsonb('top_up_change'),
    topUpSessionId: text('top_up_session_id'),
    topUpIntentId: text('top_up_intent_id'),
    topUpRefundId: text('top_up_refund_id'),
    waivedReason: text('waived_reason'),
    waivedBy: text('waived_by'),
    /** Anything Stripe told us that we keep for staff (e.g. the reason a payment failed). */
    notes: jsonb('notes'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('booking_payments_booking_idx').on(table.bookingId),
    index('booking_payments_hold_idx').on(table.state, table.holdUntil),
    index('booking_payments_refund_idx').on(table.refundState),
  ],
);
