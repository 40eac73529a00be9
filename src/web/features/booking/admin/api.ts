import type { Service } from '../../../../shared/booking/rules.ts';
import type { ServiceClosure, StoredBooking } from '../../../../shared/booking/schemas.ts';
import type { BookingStatus } from '../../../../shared/booking/status.ts';
import { call } from '../../../lib/api.ts';

/** The bookings day view's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listBookingsOn = (date: string) =>
  call<StoredBooking[]>('GET', `/api/bookings?date=${encodeURIComponent(date)}`);

export const setBookingStatus = (id: string, status: BookingStatus) =>
  call<StoredBooking>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, { body: { status } });

export const listClosures = (date: string) =>
  call<ServiceClosure[]>('GET', `/api/closures?date=${encodeURIComponent(date)}`);

export const closeService = (date: string, service: Service, reason: string) =>
  call<ServiceClosure>('POST', '/api/closures', { body: { date, service, reason } });

export const reopenService = (id: string) => call<void>('DELETE', `/api/closures/${encodeURIComponent(id)}`);
