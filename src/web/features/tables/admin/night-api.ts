import type { ArrivalRequest, WalkInRequestInput } from '#shared/tables/arrival-schemas.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { call } from '#web/lib/api.ts';

/** The night's calls (issue 28): the day's tables and bookings, arrivals, walk-ins; import as `* as nightApi`. */
export const tablesDay = (date: string) =>
  call<TablesDayAnswer>('GET', `/api/admin/tables/day?date=${encodeURIComponent(date)}`);

/** Marks the step now, or clears it with `undo`; 409 in words when it makes no sense. */
export const markArrival = (id: string, request: ArrivalRequest) =>
  call<TablesDayBooking>('POST', `/api/admin/bookings/${encodeURIComponent(id)}/arrival`, { body: request });

/** Seats a party at the bar on the chosen table now; 409 in words when the table cannot take it. */
export const seatWalkIn = (request: WalkInRequestInput) =>
  call<TablesDayBooking>('POST', '/api/admin/tables/walk-ins', { body: request });
