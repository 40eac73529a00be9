import type { Service } from '../../../../shared/booking/rules.ts';
import type {
  AvailabilitySlot,
  ServiceClosure,
  StaffBookingRequestInput,
  StoredBooking,
} from '../../../../shared/booking/schemas.ts';
import type { BookingStatus } from '../../../../shared/booking/status.ts';
import { call } from '../../../lib/api.ts';

/** The bookings admin's calls (the day view, a new booking). Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listBookingsOn = (date: string) =>
  call<StoredBooking[]>('GET', `/api/bookings?date=${encodeURIComponent(date)}`);

/** A booking staff take by phone, at the bar or from an e-mail; 409 when the slot lacks the covers. */
export const createStaffBooking = (request: StaffBookingRequestInput) =>
  call<StoredBooking>('POST', '/api/admin/bookings', { body: request });

/**
 * Every slot of the date's services as staff see them, any day (past, or beyond the guests' booking window);
 * with `party`, the covers left for that party, leaving out `excluding` (the booking being moved).
 */
export const staffAvailability = (
  date: string,
  options: { party?: number; excluding?: string; signal?: AbortSignal } = {},
) => {
  const query = new URLSearchParams({ date });
  if (options.party) query.set('party', String(options.party));
  if (options.excluding) query.set('excluding', options.excluding);
  return call<AvailabilitySlot[]>('GET', `/api/admin/availability?${query}`, { signal: options.signal });
};

export const setBookingStatus = (id: string, status: BookingStatus) =>
  call<StoredBooking>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, { body: { status } });

export const listClosures = (date: string) =>
  call<ServiceClosure[]>('GET', `/api/closures?date=${encodeURIComponent(date)}`);

export const closeService = (date: string, service: Service, reason: string) =>
  call<ServiceClosure>('POST', '/api/closures', { body: { date, service, reason } });

export const reopenService = (id: string) => call<void>('DELETE', `/api/closures/${encodeURIComponent(id)}`);
