import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/* Guests' marketing consent and erasure requests. */

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
