import type { z } from 'zod';
import type {
  AvailabilitySlot,
  bookingChangeSchema,
  ClosedService,
  ServiceClosure,
  ServiceClosureRequestInput,
  StaffBookingRequestInput,
  StoredBooking,
} from '#shared/booking/schemas.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import { call } from '#web/lib/api.ts';

/** The bookings admin's calls (the day view, a new booking). Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listBookingsOn = (date: string) =>
  call<StoredBooking[]>('GET', `/api/bookings?date=${encodeURIComponent(date)}`);

/** A booking staff take by phone, at the bar or from an e-mail; 409 when the slot lacks the covers. */
export const createStaffBooking = (request: StaffBookingRequestInput) =>
  call<StoredBooking>('POST', '/api/admin/bookings', { body: request });

/**
 * Every slot of the date's services as staff see them, any day (past, or beyond the guests' booking window);
 * with `party`, the covers left for that party, leaving out `excluding` (the booking being moved); with `event`,
 * that event's own time.
 */
export const staffAvailability = (
  date: string,
  options: { party?: number; excluding?: string; event?: string; signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ date });
  if (options.party) query.set('party', String(options.party));
  if (options.excluding) query.set('excluding', options.excluding);
  if (options.event) query.set('event', options.event);
  return call<AvailabilitySlot[]>('GET', `/api/admin/availability?${query}`, { signal: options.signal });
};

export type BookingChangeInput = z.input<typeof bookingChangeSchema>;

/**
 * Staff change a booking: its status, or its date, time, party and notes; with `notifyGuest`, the guest is
 * e-mailed the new details or the cancellation. 409 when the new slot is closed or short of covers and
 * `overCapacity` is not set.
 */
export const changeBooking = (id: string, change: BookingChangeInput) =>
  call<StoredBooking>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, { body: change });

export const listClosures = (date: string) =>
  call<ServiceClosure[]>('GET', `/api/closures?date=${encodeURIComponent(date)}`);

/** Closes the service; with `cancelBookings`, its bookings are cancelled and their guests e-mailed an apology. */
export const closeService = (request: ServiceClosureRequestInput) =>
  call<ClosedService>('POST', '/api/closures', { body: request });

export const reopenService = (id: string) => call<void>('DELETE', `/api/closures/${encodeURIComponent(id)}`);

/**
 * The guest's latest confirmation of the booking (as made, or as changed since), queued again; 409 in words
 * when there is none to send (no e-mail address, none in the outbox, cancelled) or a copy already waits.
 */
export const resendConfirmation = (id: string) =>
  call<OutboxEntry>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/resend-confirmation`);
