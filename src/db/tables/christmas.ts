import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CANCELLED_BY } from '#shared/booking/cancelled-by.ts';
import { SITTING_IDS } from '#shared/christmas/ids.ts';
import { RESERVATION_STATES } from '#shared/christmas/reservation.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from '#shared/christmas/status.ts';
import { STAFF_PAYMENT_METHODS } from '#shared/money/taken-by-staff.ts';
import { isOneOf, timestamps } from './columns.ts';

/* Christmas Day: bookings, checkouts holding seats, Stripe events and closed sittings. */

/** Confirmed Christmas Day bookings, paid online or taken by phone (spec §3 "Christmas booking"). */
export const christmasBookings = pgTable(
  'christmas_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    sittingId: text('sitting_id', { enum: SITTING_IDS }).notNull(),
    sittingLabel: text('sitting_label').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    partySize: integer('party_size').notNull(),
    status: text('status', { enum: CHRISTMAS_BOOKING_STATUSES }).notNull().default('CONFIRMED'),
    /** { starters, mains, desserts: [{ item, count }] }, item being a dish id of content/christmas-menu.json. */
    selections: jsonb('selections').notNull(),
    allergies: text('allergies').notNull().default(''),
    occasionNotes: text('occasion_notes').notNull().default(''),
    specialNotes: text('special_notes').notNull().default(''),
    totalPence: integer('total_pence').notNull(),
    depositPaidPence: integer('deposit_paid_pence').notNull().default(0),
    /** How staff took a phone booking's deposit (issue 27); null when paid online, or taken before it was recorded. */
    depositMethod: text('deposit_method', { enum: STAFF_PAYMENT_METHODS }),
    source: text('source', { enum: CHRISTMAS_BOOKING_SOURCES }).notNull(),
    /** The paid reservation it came from: unique, so a payment can never make two bookings. */
    reservationId: uuid('reservation_id').unique(),
    /** When the one reminder e-mail was queued (issue 18); null until then. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the guest answered "Yes, we're coming" from the reminder. */
    comingConfirmedAt: timestamp('coming_confirmed_at', { withTimezone: true }),
    /** Set with a CANCELLED status: whether the guest (manage link) or staff cancelled it. */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    /** The deposit owed back to the guest by a cancellation (decision 017); null when it was kept or none paid. */
    refundPence: integer('refund_pence'),
    /** The payment provider's refund, once made: a refund owed without one is still pending. */
    refundId: text('refund_id'),
    /** The staff member who took it by phone or at the bar (their name then); null when the guest booked online. */
    madeBy: text('made_by'),
    /** Who last changed it: a staff member's name, or "Guest" through the manage link; null if never changed. */
    changedBy: text('changed_by'),
    /** When retention or an erasure replaced the guest's name and contact details (issue 19). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('christmas_bookings_sitting_idx').on(table.sittingId, table.status),
    index('christmas_bookings_email_idx').on(sql`lower(${table.email})`),
    check('christmas_bookings_deposit_method_check', isOneOf(table.depositMethod, STAFF_PAYMENT_METHODS)),
  ],
);

/**
 * A Christmas checkout in progress. While PENDING and unexpired (or PAID_AWAITING: paid by a method that
 * settles later) it holds its seats; `pid` is the unguessable id the guest's browser carries.
 */
export const christmasReservations = pgTable(
  'christmas_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pid: text('pid').notNull().unique(),
    state: text('state', { enum: RESERVATION_STATES }).notNull().default('PENDING'),
    sittingId: text('sitting_id', { enum: SITTING_IDS }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    selections: jsonb('selections').notNull(),
    allergies: text('allergies').notNull().default(''),
    occasionNotes: text('occasion_notes').notNull().default(''),
    specialNotes: text('special_notes').notNull().default(''),
    totalPence: integer('total_pence').notNull(),
    depositPence: integer('deposit_pence').notNull(),
    utmSource: text('utm_source'),
    /** The address the checkout came from: one client holds one live checkout at a time. */
    holderIp: text('holder_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stripeSessionId: text('stripe_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    amountPaidPence: integer('amount_paid_pence'),
    /** Why it was cancelled: expired, cancelled, payment_failed, checkout_failed or unseatable. */
    cancelReason: text('cancel_reason'),
    refundId: text('refund_id'),
    bookingId: uuid('booking_id').references(() => christmasBookings.id),
    ...timestamps,
  },
  (table) => [
    index('christmas_reservations_hold_idx').on(table.sittingId, table.state, table.expiresAt),
    index('christmas_reservations_email_idx').on(sql`lower(${table.email})`),
    index('christmas_reservations_holder_ip_idx').on(table.holderIp),
  ],
);

/** Each Stripe webhook event handled, so a redelivery is recognised. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Christmas sitting closed by staff (spec §3 "Christmas closure"). */
export const christmasClosures = pgTable('christmas_closures', {
  id: uuid('id').primaryKey().defaultRandom(),
  sittingId: text('sitting_id', { enum: SITTING_IDS }).notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamps.createdAt,
});
