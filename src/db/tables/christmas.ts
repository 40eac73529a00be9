import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* Christmas Day's bookings, checkouts and closed sittings are occasion rows of `christmas-day` (decision 049). */

/** Each Stripe webhook event handled, so a redelivery is recognised. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
