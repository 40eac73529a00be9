import { addDays, londonToday, weekdayOf } from '../../src/shared/time/london-time.ts';

/**
 * The week ahead in which each journey books, for the desktop and the phone project: one list, so no two
 * journeys share a service and none sees another's bookings. A journey that books through the guests' form
 * must stay within the 180 days guests may book ahead (25 weeks at most).
 */
const JOURNEY_WEEKS = {
  admin: { desktop: 10, phone: 9 },
  privacy: { desktop: 11, phone: 12 },
  'guest-data': { desktop: 13, phone: 24 },
  'staff-bookings': { desktop: 14, phone: 15 },
  'booking-changes': { desktop: 16, phone: 17 },
  'service-closures': { desktop: 18, phone: 19 },
  'manage-booking': { desktop: 20, phone: 21 },
  reminders: { desktop: 22, phone: 23 },
  deposits: { desktop: 6, phone: 7 },
  standby: { desktop: 5, phone: 4 },
  profiles: { desktop: 8, phone: 25 },
  reports: { desktop: 26, phone: 26 },
  // Free cancellation ends at most two weeks (336 hours) before a booking: both projects book in week 1, each
  // on a weekday of its own (deposits.spec.ts).
  'deposits-late': { desktop: 1, phone: 1 },
} as const;

export const TUESDAY = 2;
export const WEDNESDAY = 3;
export const THURSDAY = 4;
export const FRIDAY = 5;
export const SATURDAY = 6;

/** The journey's day on `weekday` (0 = Sunday) in its own week for this project. */
export function journeyDay(journey: keyof typeof JOURNEY_WEEKS, project: string, weekday: number): string {
  const weeks = JOURNEY_WEEKS[journey][project === 'phone' ? 'phone' : 'desktop'];
  const start = addDays(londonToday(), 7 * weeks);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}

/** The tables journeys' evening (tables.spec.ts), their server's and their browser's clock: 7:20pm in London. */
export const TABLES_EVENING = '2026-12-04T19:20:00Z';
