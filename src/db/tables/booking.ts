import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CANCELLED_BY } from '#shared/booking/cancelled-by.ts';
import { SERVICES } from '#shared/booking/rules.ts';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '#shared/booking/status.ts';
import { ENQUIRY_STATUSES } from '#shared/enquiries/status.ts';
import { timestamps } from './columns.ts';
import { occasionBookings } from './occasions.ts';

/* Table bookings, events, enquiries and service closures. */

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    cover: text('cover').notNull().default(''),
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary').notNull().default(''),
    isMajor: boolean('is_major').notNull().default(false),
    ctaLabel: text('cta_label').notNull().default('View Details'),
    /** Guests book a table for the event itself, at its own time, within its own covers (issue 17). */
    takesBookings: boolean('takes_bookings').notNull().default(false),
    bookingCovers: integer('booking_covers').notNull().default(30),
    /** How to come to an event that takes no bookings ("Walk in — tickets on the door"). */
    howToCome: text('how_to_come').notNull().default(''),
    ...timestamps,
  },
  (table) => [index('events_date_idx').on(table.date, table.time)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    service: text('service', { enum: SERVICES }).notNull(),
    timeSlot: text('time_slot').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('CONFIRMED'),
    source: text('source', { enum: BOOKING_SOURCES }).notNull().default('online'),
    eventSlug: text('event_slug'),
    hasAccessibilityNeeds: boolean('has_accessibility_needs').notNull().default(false),
    accessibilityNotes: text('accessibility_notes').notNull().default(''),
    occasion: text('occasion').notNull().default('None'),
    occasionNotes: text('occasion_notes').notNull().default(''),
    allergies: text('allergies').notNull().default(''),
    specialNotes: text('special_notes').notNull().default(''),
    /** Set with a CANCELLED status: whether the guest (manage link) or staff cancelled it. */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    /** When it was cancelled, whoever did it; null while it stands. Later edits of a cancelled booking leave it. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the one reminder e-mail was queued (issue 18); null until then. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the guest answered "Yes, we're coming" from the reminder. */
    comingConfirmedAt: timestamp('coming_confirmed_at', { withTimezone: true }),
    /** The staff member who took it by phone or at the bar (their name then); null when the guest booked online. */
    madeBy: text('made_by'),
    /** Who last changed it: a staff member's name, or "Guest" through the manage link; null if never changed. */
    changedBy: text('changed_by'),
    /** When retention or an erasure replaced the guest's name and contact details (issue 19). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** The night itself (issue 28), each set by staff, never by a timer: the party came in… */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** …sat down at its tables… */
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    /** …left, freeing its tables from then… */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** …or never came, marked after the grace time. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('bookings_slot_idx').on(table.date, table.timeSlot),
    index('bookings_email_idx').on(sql`lower(${table.email})`),
  ],
);

/**
 * The tables a booking holds in tables mode (issue 28): one row for a table, several for a join. Assigned in the
 * booking's own transaction under the date's lock, so no table holds two bookings whose table times overlap.
 */
export const bookingTables = pgTable(
  'booking_tables',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** A table's id in the `tables` content document. */
    tableId: text('table_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.tableId] }),
    index('booking_tables_table_idx').on(table.tableId),
  ],
);

/**
 * A guest's personal link to their booking (issue 18): only the SHA-256 of the random token is kept. A booking
 * may have several (the confirmation's, a change's, the reminder's); each works until the day after the visit.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** A Christmas Day booking: an occasion booking of `christmas-day` (decision 049). */
    christmasBookingId: uuid('christmas_booking_id').references(() => occasionBookings.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('manage_links_booking_idx').on(table.bookingId),
    index('manage_links_christmas_booking_idx').on(table.christmasBookingId),
  ],
);

/** A party of 9 or more asking for a table (issue 18): staff answer it and may book it. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    preferredTime: text('preferred_time').notNull(),
    partySize: integer('party_size').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('NEW'),
    /** When retention or an erasure replaced the guest's name and contact details (issue 19). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('enquiries_status_idx').on(table.status, table.createdAt)],
);

export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    service: text('service', { enum: SERVICES }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('closures_date_service_idx').on(table.date, table.service)],
);

/** The first answer to each Idempotency-Key, so a repeated submission gets it again instead of a new booking. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  /** SHA-256 of the parsed request: the same key with a different booking is refused. */
  requestHash: text('request_hash').notNull(),
  responseBody: jsonb('response_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
