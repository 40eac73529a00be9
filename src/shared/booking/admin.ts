import type { Service } from './rules.ts';

/** Table booking statuses; staff may set any of them (spec §4). */
export const BOOKING_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

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

/** The admin's texts of spec §8, word for word ('Event not found' is EVENT_MESSAGES.notFound). */
export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: 'Unauthorized',
  requestFailed: (status: number) => `Request failed (${status})`,
  loadBookings: 'Failed to load bookings',
  toggleClosure: 'Failed to toggle closure',
  updateStatus: 'Failed to update status',
  noEvents: 'No events yet.',
  confirmDelete: 'Delete this event?',
} as const;
