import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, VOUCHER_DELIVERY, VOUCHER_KINDS, VOUCHER_STATUSES } from '#shared/vouchers/status.ts';
import { timestamps } from './columns.ts';

/* Gift vouchers (issue 33): the vouchers bought or given, and every movement of their money. */

/**
 * A gift voucher. `code` is its key for whoever holds it (CODE_LENGTH characters of CODE_ALPHABET, stored
 * normalised); `pid` is the unguessable id the buyer's browser carries through the checkout. PENDING until paid.
 * Erasure anonymises it (names, e-mails and the message blanked): the money record stays.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: VOUCHER_KINDS }).notNull(),
    status: text('status', { enum: VOUCHER_STATUSES }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    balancePence: integer('balance_pence').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull().default(''),
    message: text('message').notNull().default(''),
    deliverTo: text('deliver_to', { enum: VOUCHER_DELIVERY }).notNull(),
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    /** When the voucher e-mail was queued; null until its delivery date comes. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The last day it may be used. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    pid: text('pid').notNull().unique(),
    stripeSessionId: text('stripe_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    paidPence: integer('paid_pence').notNull().default(0),
    refundId: text('refund_id'),
    /** The staff member who gave a complimentary voucher; null when bought. */
    issuedBy: text('issued_by'),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('vouchers_delivery_idx').on(table.status, table.deliverOn),
    index('vouchers_expiry_idx').on(table.status, table.expiresOn),
    index('vouchers_created_idx').on(table.createdAt),
  ],
);

/** A voucher's ledger: one line per movement of its money, with the balance after it. */
export const voucherLedger = pgTable(
  'voucher_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    balanceAfterPence: integer('balance_after_pence').notNull(),
    note: text('note').notNull().default(''),
    /** The staff member, or "Guest" / "System" for the purchase, the delivery pass and expiry. */
    by: text('by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('voucher_ledger_voucher_idx').on(table.voucherId, table.createdAt)],
);
