import type { AvailabilitySlot, BookingRequest, StoredBooking } from '../../../shared/booking/schemas.ts';
import { call } from '../../lib/api.ts';

/** The table booking's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
/** With `party`, each slot's `remaining` is the covers it has left for that party. */
export const availability = (date: string, party: number | undefined, signal?: AbortSignal) =>
  call<AvailabilitySlot[]>(
    'GET',
    `/api/availability?date=${encodeURIComponent(date)}${party ? `&party=${party}` : ''}`,
    { signal },
  );

export const createBooking = (request: BookingRequest, idempotencyKey: string) =>
  call<StoredBooking>('POST', '/api/bookings', {
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });
