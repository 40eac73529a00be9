import type { AvailabilitySlot, BookingRequest, StoredBooking } from '../../../shared/booking/schemas.ts';
import { call } from '../../lib/api.ts';

/** The table booking's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
/** With `party`, each slot's `remaining` is the covers it has left for that party; with `event`, its own time. */
export const availability = (
  date: string,
  party: number | undefined,
  signal?: AbortSignal,
  event?: string,
) => {
  const query = new URLSearchParams({ date });
  if (party) query.set('party', String(party));
  if (event) query.set('event', event);
  return call<AvailabilitySlot[]>('GET', `/api/availability?${query}`, { signal });
};

export const createBooking = (request: BookingRequest, idempotencyKey: string) =>
  call<StoredBooking>('POST', '/api/bookings', {
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });
