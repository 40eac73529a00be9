import type { SittingId } from '#shared/christmas/ids.ts';
import type {
  ChristmasAdminBookingRequest,
  ChristmasClosure,
  ChristmasSeatsOverview,
  ChristmasStaffChangeInput,
  ChristmasStatusChangeInput,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import type { TillSettlementRequest } from '#shared/money/till-settlement.ts';
import { call } from '#web/lib/api.ts';

/** The Christmas admin's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
const sittingQuery = (sittingId: SittingId | null) => (sittingId ? `?sittingId=${sittingId}` : '');

export const listChristmasBookings = (sittingId: SittingId | null) =>
  call<StoredChristmasBooking[]>('GET', `/api/christmas/admin/bookings${sittingQuery(sittingId)}`);

export const createChristmasBooking = (request: ChristmasAdminBookingRequest) =>
  call<StoredChristmasBooking>('POST', '/api/christmas/admin/bookings', { body: request });

/** Cancelling a booking with a deposit says whether to refund or keep it. */
export const setChristmasBookingStatus = (id: string, change: ChristmasStatusChangeInput) =>
  call<StoredChristmasBooking>('PATCH', `/api/christmas/admin/bookings/${encodeURIComponent(id)}`, {
    body: change,
  });

/** A confirmed booking's party, dishes and notes, changed as the guest asks by phone. */
export const changeChristmasBooking = (id: string, change: ChristmasStaffChangeInput) =>
  call<StoredChristmasBooking>('PUT', `/api/christmas/admin/bookings/${encodeURIComponent(id)}/order`, {
    body: change,
  });

/** Tries a refund the payment provider left pending once more. */
export const retryChristmasRefund = (id: string) =>
  call<StoredChristmasBooking>('POST', `/api/christmas/admin/bookings/${encodeURIComponent(id)}/refund`);

/** What staff did with a cancelled booking's deposit they took: given back at the till, or kept. */
export const settleChristmasDepositAtTill = (id: string, request: TillSettlementRequest) =>
  call<StoredChristmasBooking>(
    'POST',
    `/api/christmas/admin/bookings/${encodeURIComponent(id)}/till-settlement`,
    { body: request },
  );

export const christmasSeats = () => call<ChristmasSeatsOverview>('GET', '/api/christmas/admin/availability');

export const closeChristmasSitting = (sittingId: SittingId, reason: string) =>
  call<ChristmasClosure>('POST', '/api/christmas/admin/closures', { body: { sittingId, reason } });

export const reopenChristmasSitting = (id: string) =>
  call<void>('DELETE', `/api/christmas/admin/closures/${encodeURIComponent(id)}`);
