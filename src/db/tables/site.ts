import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { OUTBOX_STATUSES } from '#shared/mail/outbox.ts';

/* The site itself: the outbox, shared rate limits, content versions and uploaded photos. */

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
