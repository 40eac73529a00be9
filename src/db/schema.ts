import { bookings, bookingTables, closures, events, idempotencyKeys } from './tables/booking.ts';
import { stripeEvents } from './tables/christmas.ts';
import { bookingPayments } from './tables/deposits.ts';
import { guestErasureRequests, marketingConsents } from './tables/guests.ts';
import {
  occasionBookings,
  occasionClosures,
  occasionDiners,
  occasionOrganiserLinks,
} from './tables/occasions.ts';
import { guestProfiles } from './tables/profiles.ts';
import {
  contentMigrations,
  contentVersions,
  outboxMessages,
  rateLimitHits,
  uploadedImages,
} from './tables/site.ts';
import { admins, auditEvents, recoveryCodes, sessions, staffSettings, staffTokens } from './tables/staff.ts';
import { standbyEntries, standbyOffers, walkInQueue } from './tables/standby.ts';
import { voucherLedger, vouchers } from './tables/vouchers.ts';

/** The database: one file of tables per domain under tables/, gathered here for drizzle-kit and the queries. */
export * from './tables/booking.ts';
export * from './tables/christmas.ts';
export * from './tables/deposits.ts';
export * from './tables/guests.ts';
export * from './tables/occasions.ts';
export * from './tables/profiles.ts';
export * from './tables/site.ts';
export * from './tables/staff.ts';
export * from './tables/standby.ts';
export * from './tables/vouchers.ts';

export const schema = {
  events,
  bookings,
  bookingTables,
  bookingPayments,
  closures,
  idempotencyKeys,
  admins,
  sessions,
  staffTokens,
  recoveryCodes,
  staffSettings,
  auditEvents,
  marketingConsents,
  stripeEvents,
  outboxMessages,
  rateLimitHits,
  contentVersions,
  contentMigrations,
  uploadedImages,
  guestErasureRequests,
  occasionBookings,
  occasionDiners,
  occasionOrganiserLinks,
  occasionClosures,
  standbyEntries,
  standbyOffers,
  walkInQueue,
  guestProfiles,
  vouchers,
  voucherLedger,
};
