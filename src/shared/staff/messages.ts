import { requestFailed, UNAUTHORIZED } from './api-failures.ts';

/**
 * The admin's texts of spec §8, word for word ('Event not found' is EVENT_MESSAGES.notFound), and the admin
 * API's own answers, which the server sends and the admin screens show.
 */
export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  unauthorized: UNAUTHORIZED,
  requestFailed,
  loadBookings: 'Failed to load bookings',
  toggleClosure: 'Failed to toggle closure',
  updateStatus: 'Failed to update status',
  noEvents: 'No events yet.',
  confirmDelete: 'Delete this event?',
  /** Not in the spec: a state-changing request from another site. */
  forbidden: 'Forbidden',
  /** Not in the spec: a table or Christmas booking id that names none. */
  bookingNotFound: 'Booking not found',
  /** Not in the spec: a service or sitting closure id that names none. */
  closureNotFound: 'Closure not found',
} as const;

/** The longest reason staff may give when they close a service or a Christmas sitting. */
export const CLOSURE_REASON_MAX_LENGTH = 200;
