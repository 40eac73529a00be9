import type { z } from 'zod';
import type { TillSettlementRequest } from '#shared/money/till-settlement.ts';
import type {
  OccasionDay,
  occasionClosureRequestSchema,
  occasionClosureSchema,
  PrepSheet,
  StaffOccasionBooking,
  StaffPartyChangeRequest,
  staffOccasionBookingRequestSchema,
  staffOccasionCancelRequestSchema,
} from '#shared/occasions/admin-api.ts';
import type { DinerChoiceRequest, OccasionCancelled } from '#shared/occasions/api.ts';
import { call } from '#web/lib/api.ts';

/** The staff occasions screen's calls, through the one API client; import this module as `* as api`. */

export type StaffOccasionBookingRequest = z.output<typeof staffOccasionBookingRequestSchema>;
export type OccasionClosureRequest = z.output<typeof occasionClosureRequestSchema>;
export type OccasionClosure = z.infer<typeof occasionClosureSchema>;
export type StaffOccasionCancelRequest = z.output<typeof staffOccasionCancelRequestSchema>;

const base = (slug: string) => `/api/admin/occasions/${encodeURIComponent(slug)}`;
const bookingBase = (id: string) => `/api/admin/occasions/bookings/${encodeURIComponent(id)}`;
const dateQuery = (date: string) => `?date=${encodeURIComponent(date)}`;

export const listBookings = async (slug: string, date: string) =>
  (await call<{ bookings: StaffOccasionBooking[] }>('GET', `${base(slug)}/bookings${dateQuery(date)}`))
    .bookings;

/** Every occasion's confirmed parties of the date, by occasion and sitting: the bookings day view shows them. */
/**
 * The day's occasion parties, for the day view. An answer of another shape is a failed load: the day view shows
 * that part's own error and keeps the rest of the screen.
 */
export async function occasionDay(date: string): Promise<OccasionDay> {
  const day = await call<OccasionDay>('GET', `/api/admin/occasions/day${dateQuery(date)}`);
  if (!Array.isArray(day?.occasions))
    throw new Error('The occasion parties of the day came back unreadable.');
  return day;
}

export const prepSheet = (slug: string, date: string) =>
  call<PrepSheet>('GET', `${base(slug)}/prep${dateQuery(date)}`);

/** Every closed sitting of the occasion, on any date. */
export const listClosures = async (slug: string) =>
  (await call<{ closures: OccasionClosure[] }>('GET', `${base(slug)}/closures`)).closures;

export const createPhoneBooking = (slug: string, request: StaffOccasionBookingRequest) =>
  call<StaffOccasionBooking>('POST', `${base(slug)}/bookings`, { body: request });

/** `terms` refunds what the occasion's refund cut-off gives back; staff may refund or keep it instead. */
export const cancelBooking = (id: string, refund: StaffOccasionCancelRequest['refund']) =>
  call<OccasionCancelled>('POST', `${bookingBase(id)}/cancel`, { body: { refund } });

/** What staff did with a cancelled booking's money they took: given back at the till, or kept. */
export const settleAtTill = (id: string, request: TillSettlementRequest) =>
  call<StaffOccasionBooking>('POST', `${bookingBase(id)}/till-settlement`, { body: request });

export const changeDiner = (bookingId: string, dinerId: string, request: DinerChoiceRequest) =>
  call<unknown>('PUT', `${bookingBase(bookingId)}/diners/${encodeURIComponent(dinerId)}`, { body: request });

/** Staff change a confirmed party's numbers; the answer is the booking as it now stands. */
export const changeParty = (bookingId: string, party: StaffPartyChangeRequest) =>
  call<StaffOccasionBooking>('POST', `${bookingBase(bookingId)}/party`, { body: party });

export const removeDiner = (bookingId: string, dinerId: string) =>
  call<void>('DELETE', `${bookingBase(bookingId)}/diners/${encodeURIComponent(dinerId)}`);

export const addDiner = (bookingId: string, request: DinerChoiceRequest) =>
  call<unknown>('POST', `${bookingBase(bookingId)}/diners`, { body: request });

export const closeSitting = (slug: string, request: OccasionClosureRequest) =>
  call<OccasionClosure>('POST', `${base(slug)}/closures`, { body: request });

export const reopenSitting = (slug: string, closureId: string) =>
  call<void>('DELETE', `${base(slug)}/closures/${encodeURIComponent(closureId)}`);

/** The printable sheets (one per table) of a date, or of one sitting of it: opened in a new tab. */
export const sheetsUrl = (slug: string, date: string, sittingId?: string) =>
  `${base(slug)}/sheets${dateQuery(date)}${sittingId ? `&sittingId=${encodeURIComponent(sittingId)}` : ''}`;

export const bookingsCsvUrl = (slug: string, date: string) => `${base(slug)}/bookings.csv${dateQuery(date)}`;
