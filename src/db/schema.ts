import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    service: text('service', { enum: ['lunch', 'dinner'] }).notNull(),
    timeSlot: text('time_slot').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    partyAdults: integer('party_adults').notNull(),
    partyChildren: integer('party_children').notNull(),
    status: text('status', { enum: ['PENDING', 'CONFIRMED', 'CANCELLED'] })
      .notNull()
      .default('CONFIRMED'),
    eventSlug: text('event_slug'),
    hasAccessibilityNeeds: boolean('has_accessibility_needs').notNull().default(false),
    accessibilityNotes: text('accessibility_notes').notNull().default(''),
    occasion: text('occasion').notNull().default('None'),
    occasionNotes: text('occasion_notes').notNull().default(''),
    allergies: text('allergies').notNull().default(''),
    specialNotes: text('special_notes').notNull().default(''),
    ...timestamps,
  },
  (table) => [index('bookings_slot_idx').on(table.date, table.timeSlot)],
);

export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    service: text('service', { enum: ['lunch', 'dinner'] }).notNull(),
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
  responseStatus: integer('response_status').notNull(),
  responseBody: jsonb('response_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { events, bookings, closures, idempotencyKeys };
