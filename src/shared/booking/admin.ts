/** What the day view and the CSV export show: both services or one. */
export const BOOKING_SCOPES = ['all', 'lunch', 'dinner'] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

/** `bookings_{date}_{scope}.csv` (spec §9). */
export function bookingsCsvFileName(date: string, scope: BookingScope): string {
  return `bookings_${date}_${scope}.csv`;
}

/**
 * Christmas Day on the staff day view: its table bookings are closed all day, as Christmas Day is sold with its
 * own menu and its bookings are kept on the Christmas screen.
 */
export const CHRISTMAS_DAY_TABLES = {
  notice:
    'No table bookings on Christmas Day: it is sold with its own menu, and its bookings are on the Christmas screen.',
  serviceClosed: 'Christmas Day, booked on the Christmas screen',
  link: 'Open the Christmas screen',
} as const;
