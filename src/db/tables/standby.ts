import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SERVICES } from '#shared/booking/rules.ts';
import { QUEUE_STATUSES } from '#shared/queue/status.ts';
import { STANDBY_OFFER_STATES, STANDBY_SOURCES, STANDBY_STATUSES } from '#shared/standby/status.ts';
import { bookings } from './booking.ts';
import { timestamps } from './columns.ts';

/* Guests not turned away (issue 31): the standby list for a future service, and tonight's walk-in queue. */

/**
 * A guest waiting for a place at a full service: their party, the window of times they would take, and how to
 * reach them. Not a booking. `tokenHash` is the SHA-256 of their own link's token (to see or leave the list).
 */
export const standbyEntries = pgTable(
  'standby_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    service: text('service', { enum: SERVICES }).notNull(),
    /** The earliest and latest times (HH:MM) the party would take. */
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: STANDBY_STATUSES }).notNull().default('WAITING'),
    source: text('source', { enum: STANDBY_SOURCES }).notNull().default('online'),
    tokenHash: text('token_hash').notNull().unique(),
    /** The booking a claim (or staff) made of it. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The staff member who added it by phone, or who removed or booked it; "Guest" when the guest did. */
    changedBy: text('changed_by'),
    ...timestamps,
  },
  (table) => [
    index('standby_entries_service_idx').on(table.date, table.service, table.status, table.createdAt),
    index('standby_entries_email_idx').on(sql`lower(${table.email})`),
    // One entry per e-mail per service while it waits: a second is refused, not stored.
    uniqueIndex('standby_entries_one_per_email')
      .on(table.date, table.service, sql`lower(${table.email})`)
      .where(sql`${table.status} = 'WAITING'`),
  ],
);

/**
 * A freed place offered to one standby entry: the slot, and a claim link (only its SHA-256 kept) valid until
 * `expiresAt`. One offer per entry and slot, so an entry that let an offer lapse is not offered that slot again.
 */
export const standbyOffers = pgTable(
  'standby_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => standbyEntries.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot').notNull(),
    state: text('state', { enum: STANDBY_OFFER_STATES }).notNull().default('OPEN'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The staff member who offered it by hand; null when a freed place offered it. */
    offeredBy: text('offered_by'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('standby_offers_open_idx').on(table.state, table.expiresAt),
    uniqueIndex('standby_offers_entry_slot_unique').on(table.entryId, table.date, table.timeSlot),
  ],
);

/**
 * A party waiting at the bar tonight for a table: a name and a phone or e-mail to tell them it is ready.
 * Seated from the queue, it becomes a walk-in booking (`bookingId`). Forgotten after its date (retention).
 */
export const walkInQueue = pgTable(
  'walk_in_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull().default(0),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: QUEUE_STATUSES }).notNull().default('WAITING'),
    /** The wait staff quoted when the party joined, in minutes. */
    quotedWaitMinutes: integer('quoted_wait_minutes'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    addedBy: text('added_by').notNull(),
    ...timestamps,
  },
  (table) => [index('walk_in_queue_date_idx').on(table.date, table.status, table.createdAt)],
);
