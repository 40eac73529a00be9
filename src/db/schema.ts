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
import { CANCELLED_BY } from '../shared/booking/cancelled-by.ts';
import { SERVICES } from '../shared/booking/rules.ts';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '../shared/booking/status.ts';
import { SITTING_IDS } from '../shared/christmas/ids.ts';
import { RESERVATION_STATES } from '../shared/christmas/reservation.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from '../shared/christmas/status.ts';
import { ENQUIRY_STATUSES } from '../shared/enquiries/status.ts';
import { OUTBOX_STATUSES } from '../shared/mail/outbox.ts';

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
    /** When the one reminder e-mail was queued (issue 18); null until then. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the guest answered "Yes, we're coming" from the reminder. */
    comingConfirmedAt: timestamp('coming_confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('bookings_slot_idx').on(table.date, table.timeSlot)],
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
    christmasBookingId: uuid('christmas_booking_id').references(() => christmasBookings.id, {
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

/** Staff accounts; e-mail is stored lower-cased. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (see server/staff/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Signed-in staff: only a SHA-256 of the cookie's token is kept, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_admin_idx').on(table.adminId),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

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
    ...timestamps,
  },
  (table) => [index('christmas_bookings_sitting_idx').on(table.sittingId, table.status)],
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
    index('christmas_reservations_email_idx').on(table.email),
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

/**
 * Every e-mail the site sends, written in the same transaction as the change that causes it and delivered
 * by the outbox sender with retries, so a crash or a failing mail server loses nothing.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is (a booking confirmation, the pub's notification, …), for staff and the logs. */
    kind: text('kind').notNull(),
    /** The message as nodemailer sends it: to, replyTo, subject, text, html, attachments. */
    message: jsonb('message').notNull(),
    /** The booking reference or reservation it is about, for staff and the logs. */
    reference: text('reference'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** When the sender may next try to deliver it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the message until then; another process takes it over only if that one died. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_messages_reference_idx').on(table.reference),
  ],
);

/** Rate-limit counters shared by every server process: hits per key until the window resets. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_idx').on(table.resetAt)],
);

/**
 * Every saved version of every content document (src/shared/content/documents.ts): the newest is live, the
 * older ones can be restored. A save names the version it started from; a second save from the same one
 * fails on the primary key, so nobody overwrites a colleague's change unseen.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    key: text('key').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').notNull(),
    /** The staff member's e-mail; null for the seed. */
    savedBy: text('saved_by'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.version] })],
);

/** Photos staff uploaded; their AVIF and WebP copies are files under the images folder, named by id. */
export const uploadedImages = pgTable('uploaded_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  alt: text('alt').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: text('uploaded_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  events,
  bookings,
  closures,
  idempotencyKeys,
  admins,
  sessions,
  christmasBookings,
  christmasReservations,
  stripeEvents,
  christmasClosures,
  outboxMessages,
  rateLimitHits,
  contentVersions,
  uploadedImages,
};
