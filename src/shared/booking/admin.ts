/** What the day view and the CSV export show: both services or one. */
export const BOOKING_SCOPES = ['all', 'lunch', 'dinner'] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

/** `bookings_{date}_{scope}.csv` (spec §9). */
export function bookingsCsvFileName(date: string, scope: BookingScope): string {
  return `bookings_${date}_${scope}.csv`;
}
