import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
import { AUDIT_ACTOR_KINDS } from '#shared/audit/actors.ts';
import { CANCELLED_BY } from '#shared/booking/cancelled-by.ts';
import { SERVICES } from '#shared/booking/rules.ts';
import { BOOKING_SOURCES, BOOKING_STATUSES } from '#shared/booking/status.ts';
import { CHRISTMAS_DEPOSIT_METHODS } from '#shared/christmas/deposit.ts';
import { SITTING_IDS } from '#shared/christmas/ids.ts';
import { RESERVATION_STATES } from '#shared/christmas/reservation.ts';
import { CHRISTMAS_BOOKING_SOURCES, CHRISTMAS_BOOKING_STATUSES } from '#shared/christmas/status.ts';
import { ENQUIRY_STATUSES } from '#shared/enquiries/status.ts';
import { OUTBOX_STATUSES } from '#shared/mail/outbox.ts';
import { STAFF_ROLES } from '#shared/staff/roles.ts';

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
    /** The staff member who took it by phone or at the bar (their name then); null when the guest booked online. */
    madeBy: text('made_by'),
    /** Who last changed it: a staff member's name, or "Guest" through the manage link; null if never changed. */
    changedBy: text('changed_by'),
    /** When retention or an erasure replaced the guest's name and contact details (issue 19). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
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

/** Staff accounts (issue 19: named, with a role); e-mail is stored lower-cased. */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
  /** scrypt$N$r$p$salt$hash (see server/staff/passwords.ts); null while an invitation is not yet accepted. */
  passwordHash: text('password_hash'),
  /** A disabled account cannot sign in and its sessions are ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The base32 TOTP secret of two-step sign-in; it is on once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * Single-use links and steps of a staff account: an invitation (72 h), a password reset (1 h), and the
 * second step of a sign-in with two-step on (minutes). Only the SHA-256 of the token is kept.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset', 'two-step'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_tokens_admin_idx').on(table.adminId, table.purpose)],
);

/** The ten single-use recovery codes of two-step sign-in, as hashes. */
export const recoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_admin_idx').on(table.adminId)],
);

/** The owner's settings of the staff side, one row per key (e.g. whether managers must use two-step sign-in). */
export const staffSettings = pgTable('staff_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit trail (issue 19): every change by staff, guests or the system, written in the change's own
 * transaction. A trigger of the migration refuses UPDATE and DELETE, so nothing in the app can rewrite it.
 * It never holds a guest's personal data (decision 018): personal fields are recorded as changed, not their values.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The staff account, for a staff actor. */
    actorId: uuid('actor_id'),
    /** The staff member's name (or e-mail) at the time, "Guest" or "System". */
    actorName: text('actor_name').notNull(),
    type: text('type').notNull(),
    /** What it is about: "booking", "christmas-booking", "event", "closure", "content", "staff", … */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    /** { field: { before, after } } for the fields that changed. */
    changes: jsonb('changes'),
  },
  (table) => [
    index('audit_events_at_idx').on(table.at),
    index('audit_events_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_events_actor_idx').on(table.actorId, table.at),
    index('audit_events_type_idx').on(table.type, table.at),
  ],
);

/**
 * A guest's "Send me news of events and offers" (issue 19): one row per e-mail address, with the wording they
 * saw and when. Withdrawing sets `withdrawnAt` and keeps the address off the list; erasure deletes the row.
 */
export const marketingConsents = pgTable('marketing_consents', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** Which form it was given on: "booking" or "christmas". */
  source: text('source').notNull(),
  wording: text('wording').notNull(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /**
   * The random token of the guest's unsubscribe link, kept as it is (not hashed) because every export of
   * the list must carry the link; it can do nothing but withdraw this one consent.
   */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
});

/**
 * An erasure staff asked for after the guest's upcoming visits (issue 26): the retention pass performs it on
 * `dueOn`, the day after the last one, and deletes the row. Until then it holds the guest's e-mail address or
 * phone number, so the guests' data search, export and erasure cover it.
 */
export const guestErasureRequests = pgTable('guest_erasure_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The e-mail address or phone number as staff searched for it: the erasure searches for it again. */
  query: text('query').notNull(),
  /** The same, normalised ("email:…" in lower case, "phone:" and its digits): one request per person. */
  guestKey: text('guest_key').notNull().unique(),
  dueOn: date('due_on', { mode: 'string' }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
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
    /** How staff took a phone booking's deposit (issue 27); null when paid online, or taken before it was recorded. */
    depositMethod: text('deposit_method', { enum: CHRISTMAS_DEPOSIT_METHODS }),
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
    check(
      'christmas_bookings_deposit_method_check',
      sql`${table.depositMethod} in (${sql.raw(CHRISTMAS_DEPOSIT_METHODS.map((method) => `'${method}'`).join(', '))})`,
    ),
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
    /** Deleted once sent, not kept (issue 26): a cancellation queued by an erasure, the guest's last trace. */
    eraseWhenSent: boolean('erase_when_sent').notNull().default(false),
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

/**
 * The content migrations (server/content/migrations.ts) this database's documents have had, each once: run at
 * start, or recorded with the seed a document starts from, which is already in the newest shape.
 */
export const contentMigrations = pgTable('content_migrations', {
  /** The migration's number. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  staffTokens,
  recoveryCodes,
  staffSettings,
  auditEvents,
  marketingConsents,
  christmasBookings,
  christmasReservations,
  stripeEvents,
  christmasClosures,
  outboxMessages,
  rateLimitHits,
  contentVersions,
  contentMigrations,
  uploadedImages,
  guestErasureRequests,
};
