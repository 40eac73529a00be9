import type { Service } from './rules.ts';

/** What the day view and the CSV export show: both services or one. */
export const BOOKING_SCOPES = ['all', 'lunch', 'dinner'] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

/** A lunch or dinner closure as the API answers it (spec §3 "Closure (table)"). */
export interface ServiceClosure {
  _id: string;
  date: string;
  service: Service;
  reason: string;
}

/** `bookings_{date}_{scope}.csv` (spec §9). */
export function bookingsCsvFileName(date: string, scope: BookingScope): string {
  return `bookings_${date}_${scope}.csv`;
}
