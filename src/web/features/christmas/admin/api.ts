import type { SittingId } from '../../../../shared/christmas/ids.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasClosure,
  ChristmasSeatsOverview,
  StoredChristmasBooking,
} from '../../../../shared/christmas/schemas.ts';
import type { ChristmasBookingStatus } from '../../../../shared/christmas/status.ts';
import { call } from '../../../lib/api.ts';

/** The Christmas admin's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
const sittingQuery = (sittingId: SittingId | null) => (sittingId ? `?sittingId=${sittingId}` : '');

export const listChristmasBookings = (sittingId: SittingId | null) =>
  call<StoredChristmasBooking[]>('GET', `/api/christmas/admin/bookings${sittingQuery(sittingId)}`);

export const createChristmasBooking = (request: ChristmasAdminBookingRequest) =>
  call<StoredChristmasBooking>('POST', '/api/christmas/admin/bookings', { body: request });

export const setChristmasBookingStatus = (id: string, status: ChristmasBookingStatus) =>
  call<StoredChristmasBooking>('PATCH', `/api/christmas/admin/bookings/${encodeURIComponent(id)}`, {
    body: { status },
  });

export const christmasSeats = () => call<ChristmasSeatsOverview>('GET', '/api/christmas/admin/availability');

export const closeChristmasSitting = (sittingId: SittingId, reason: string) =>
  call<ChristmasClosure>('POST', '/api/christmas/admin/closures', { body: { sittingId, reason } });

export const reopenChristmasSitting = (id: string) =>
  call<void>('DELETE', `/api/christmas/admin/closures/${encodeURIComponent(id)}`);
