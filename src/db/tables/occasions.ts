import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CANCELLED_BY } from '#shared/booking/cancelled-by.ts';
import { STAFF_PAYMENT_METHODS } from '#shared/money/taken-by-staff.ts';
import {
  DINER_CHOSEN_BY,
  OCCASION_BOOKING_SOURCES,
  OCCASION_BOOKING_STATUSES,
  OCCASION_CANCEL_REASONS,
} from '#shared/occasions/api.ts';
import { OCCASION_PAYMENT_KINDS } from '#shared/occasions/schema.ts';
import { isOneOf, timestamps } from './columns.ts';

/* Occasions (issue 30): set-menu and ticketed bookings, their diners' pre-orders, and sittings closed by staff. */

/**
 * An organiser's booking of a party at one sitting of one date of an occasion. HELD while its checkout is open
 * (it holds its seats until `holdExpiresAt`), CONFIRMED once paid (or with nothing to pay), EXPIRED when the
 * checkout lapsed unpaid, CANCELLED by the guest or staff.
 */
export const occasionBookings = pgTable(
  'occasion_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    occasionSlug: text('occasion_slug').notNull(),
    /** The occasion's name when booked, for e-mails and sheets after it is renamed or removed. */
    occasionName: text('occasion_name').notNull(),
    date: text('date').notNull(),
    sittingId: text('sitting_id').notNull(),
    sittingLabel: text('sitting_label').notNull(),
    status: text('status', { enum: OCCASION_BOOKING_STATUSES }).notNull(),
    /** The unguessable id the guest's browser carries through the checkout. */
    pid: text('pid').notNull().unique(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    partySize: integer('party_size').notNull(),
    notes: text('notes').notNull().default(''),
    /** The party's allergies as the organiser (or staff on the phone) gave them at booking, beside each diner's. */
    allergies: text('allergies').notNull().default(''),
    /** What the party is celebrating. */
    occasionNotes: text('occasion_notes').notNull().default(''),
    totalPence: integer('total_pence').notNull(),
    paymentKind: text('payment_kind', { enum: OCCASION_PAYMENT_KINDS }).notNull(),
    /** What the occasion asked to be paid online at booking. */
    amountDuePence: integer('amount_due_pence').notNull(),
    paidPence: integer('paid_pence').notNull().default(0),
    /** How staff took what a phone booking owed ahead; null when paid online, nothing was due, or booked before it was recorded. */
    paymentMethod: text('payment_method', { enum: STAFF_PAYMENT_METHODS }),
    stripeSessionId: text('stripe_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    refundPence: integer('refund_pence'),
    refundId: text('refund_id'),
    /**
     * What became of money staff took once its booking was cancelled (decision 051), as staff recorded it at the
     * till: the whole of it given back (its pence), kept (0), or not recorded yet (null). It never moves online.
     */
    tillRefundPence: integer('till_refund_pence'),
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    /**
     * Why a checkout ended EXPIRED (`OCCASION_CANCEL_REASONS`); null while it stands, and for one that ended before
     * this was recorded.
     */
    cancelReason: text('cancel_reason', { enum: OCCASION_CANCEL_REASONS }),
    source: text('source', { enum: OCCASION_BOOKING_SOURCES }).notNull(),
    /** The staff member who took it by phone; null online. */
    madeBy: text('made_by'),
    /**
     * Who last changed it: the staff member who cancelled it or changed its diners, or "Guest" when the organiser
     * cancelled it; null if never changed.
     */
    changedBy: text('changed_by'),
    /** Where the organiser came from: the `utm_source` of the occasion page's link; null when it had none. */
    utmSource: text('utm_source'),
    /** The address the checkout came from: one client holds one live checkout at a time. */
    holderIp: text('holder_ip'),
    /**
     * The link the organiser shares with the diners, kept as it is (unlike the organiser's own link) so their
     * page can show it again: it only lets someone add a diner's choices to this party until the deadline.
     */
    dinerToken: text('diner_token').notNull().unique(),
    /** When the deadline applied the defaults and locked the order; staff may still change it. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the pre-order reminder was queued. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the reminder of the visit itself (REMINDER_LEAD_HOURS before the sitting) was queued. */
    visitRemindedAt: timestamp('visit_reminded_at', { withTimezone: true }),
    /** When the organiser answered the visit's reminder "Yes, we're coming". */
    comingConfirmedAt: timestamp('coming_confirmed_at', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('occasion_bookings_sitting_idx').on(table.occasionSlug, table.date, table.sittingId, table.status),
    index('occasion_bookings_email_idx').on(sql`lower(${table.email})`),
    index('occasion_bookings_date_idx').on(table.date),
    check('occasion_bookings_payment_method_check', isOneOf(table.paymentMethod, STAFF_PAYMENT_METHODS)),
    check('occasion_bookings_cancel_reason_check', isOneOf(table.cancelReason, OCCASION_CANCEL_REASONS)),
    check('occasion_bookings_till_refund_pence_check', sql`${table.tillRefundPence} >= 0`),
  ],
);

/** The organiser's personal links to their booking: only the SHA-256 of each is stored. */
export const occasionOrganiserLinks = pgTable(
  'occasion_organiser_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => occasionBookings.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('occasion_organiser_links_booking_idx').on(table.bookingId)],
);

/**
 * One diner of a party and their pre-order: one dish per course (course id → dish id, or `NO_DISH` for a course
 * they go without), and their allergies.
 */
export const occasionDiners = pgTable(
  'occasion_diners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => occasionBookings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Given by a diner who wants the reminder; '' otherwise. */
    email: text('email').notNull().default(''),
    choices: jsonb('choices').$type<Record<string, string>>().notNull(),
    allergies: text('allergies').notNull().default(''),
    chosenBy: text('chosen_by', { enum: DINER_CHOSEN_BY }).notNull(),
    defaultedCourses: jsonb('defaulted_courses').$type<string[]>().notNull().default([]),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('occasion_diners_booking_idx').on(table.bookingId)],
);

/** A sitting of one date closed by staff: nothing more is sold there online. */
export const occasionClosures = pgTable(
  'occasion_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occasionSlug: text('occasion_slug').notNull(),
    date: text('date').notNull(),
    sittingId: text('sitting_id').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (table) => [unique('occasion_closures_sitting_unique').on(table.occasionSlug, table.date, table.sittingId)],
);
