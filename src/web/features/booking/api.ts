import type { AvailabilitySlot, BookingRequest, StoredBooking } from '../../../shared/booking/schemas.ts';
import { call } from '../../lib/api.ts';

/** The table booking's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const availability = (date: string, signal?: AbortSignal) =>
  call<AvailabilitySlot[]>('GET', `/api/availability?date=${encodeURIComponent(date)}`, { signal });

export const createBooking = (request: BookingRequest, idempotencyKey: string) =>
  call<StoredBooking>('POST', '/api/bookings', {
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });
