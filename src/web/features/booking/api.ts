import type {
  AvailabilitySlot,
  BookingCreated,
  BookingRequest,
  GuestBookingChangeInput,
  ManagedBooking,
} from '#shared/booking/schemas.ts';
import type { PaymentStart, TopUpStart } from '#shared/deposits/payment-schemas.ts';
import type { CancelEffect } from '#shared/deposits/terms.ts';
import { ApiError, call } from '#web/lib/api.ts';

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

/** A booking a deposit rule matches comes back PENDING with its `payment`: the guest goes on to the checkout. */
export const createBooking = (request: BookingRequest, idempotencyKey: string) =>
  call<BookingCreated & { payment?: PaymentStart }>('POST', '/api/bookings', {
    body: request,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** A guest's own booking from their link; null when the link opens none (unknown, or past its day). */
export const managedBooking = (token: string) =>
  call<ManagedBooking>('GET', `/api/bookings/manage/${encodeURIComponent(token)}`).catch((error) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

/** The slots of a date for this guest's change: their own place counted free. */
export const managedAvailability = (
  token: string,
  date: string,
  party: number | undefined,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ date });
  if (party) query.set('party', String(party));
  return call<AvailabilitySlot[]>(
    'GET',
    `/api/bookings/manage/${encodeURIComponent(token)}/availability?${query}`,
    { signal },
  );
};

/** The booking as changed, or (202) the checkout of the difference a larger deposit asks before the change. */
export const changeManagedBooking = (token: string, change: GuestBookingChangeInput) =>
  call<ManagedBooking | TopUpStart>('PATCH', `/api/bookings/manage/${encodeURIComponent(token)}`, {
    body: change,
  });

/** `expect` is what the page told the guest a cancellation does to their money; the server refuses (409) if that changed. */
export const cancelManagedBooking = (token: string, expect: CancelEffect) =>
  call<ManagedBooking>('POST', `/api/bookings/manage/${encodeURIComponent(token)}/cancel`, {
    body: { expect },
  });

/** The booking's calendar file, for an "Add to calendar" link: the guest's own token opens it. */
export const managedBookingCalendarPath = (token: string) =>
  `/api/bookings/manage/${encodeURIComponent(token)}/calendar.ics`;

/** "Yes, we're coming", from the reminder's link to the booking's page. */
export const confirmComing = (token: string) =>
  call<ManagedBooking>('POST', `/api/bookings/manage/${encodeURIComponent(token)}/coming`);

/** Slots of a date (and the event's own time), with the covers left for the party; any failure gives an empty list (spec §7). */
export function loadAvailability(
  date: string,
  party: number | undefined,
  signal?: AbortSignal,
  event?: string,
): Promise<AvailabilitySlot[]> {
  return availability(date, party, signal, event).catch(() => []);
}
