import {
  fromMinutes,
  type Service,
  serviceForTime,
  toMinutes,
  turnMinutesFor,
} from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { ARRIVAL_STEP_LABELS, type ArrivalStep, currentStep, sittingsOf } from '#shared/tables/arrivals.ts';
import { checkPlaces, placesOf, staffChannelOf } from '#shared/tables/assignment.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import type { Area, Table, TablesDocument } from '#shared/tables/layout.ts';
import { formatTime } from '#shared/time/london-time.ts';

/** Where a party is in its evening, as the floor shows it: the last step staff marked, or still expected. */
export type ArrivalState = ArrivalStep | 'expected';

/** The booking's state on the floor, which picks its colours. */
export function arrivalStateOf(booking: TablesDayBooking): ArrivalState {
  return currentStep(booking) ?? 'expected';
}

/** "Expected", "Arrived", "Seated", "Left", "No-show". */
export function arrivalLabel(booking: TablesDayBooking): string {
  const step = currentStep(booking);
  return step ? ARRIVAL_STEP_LABELS[step] : 'Expected';
}

/** "7:30pm" for minutes after midnight. */
export const clockTime = (minutes: number) => formatTime(fromMinutes(minutes));

/** The table or join a booking holds, by its tables: its id, if the layout lists one, and its name. */
export function placeOf(
  layout: TablesDocument,
  tables: readonly string[],
): { id: string | null; name: string } | null {
  if (tables.length === 0) return null;
  const place = placesOf(layout).find(
    (each) => each.tables.length === tables.length && each.tables.every((table) => tables.includes(table)),
  );
  if (place) return { id: place.id, name: place.name };
  const names = tables.map((id) => layout.tables.find((table) => table.id === id)?.name ?? id);
  return { id: null, name: names.join(' + ') };
}

/**
 * A booking's full name for a screen reader, its visible words first and in their order (WCAG 2.5.3): "Smith,
 * 4, arrived, 7:30pm to 9pm, Table 5"; a join's adds "joined".
 */
export function bookingSummary(booking: TablesDayBooking, layout: TablesDocument): string {
  const place = placeOf(layout, booking.tables)?.name ?? 'not yet placed';
  return [
    booking.name,
    String(booking.guests),
    arrivalLabel(booking).toLowerCase(),
    ...(booking.tables.length > 1 ? ['joined'] : []),
    `${clockTime(booking.start)} to ${clockTime(booking.end)}`,
    place,
  ].join(', ');
}

/** The bookings of a service that take a table (a seat at a booking event takes none), in time order. */
export function serviceBookings(day: TablesDayAnswer, service: Service): TablesDayBooking[] {
  return day.bookings
    .filter((booking) => booking.eventSlug === null && serviceForTime(booking.timeSlot) === service)
    .sort((a, b) => a.start - b.start || a.name.localeCompare(b.name));
}

/** The areas in the layout's order, each with its tables in the layout's order. */
export function areasWithTables(layout: TablesDocument): { area: Area; tables: Table[] }[] {
  return layout.areas
    .map((area) => ({ area, tables: layout.tables.filter((table) => table.area === area.id) }))
    .filter((group) => group.tables.length > 0);
}

/** The bookings holding the table. */
export function bookingsAt(bookings: readonly TablesDayBooking[], tableId: string): TablesDayBooking[] {
  return bookings.filter((booking) => booking.tables.includes(tableId));
}

/**
 * The span the grid shows, in minutes: the service's hours, widened to take in every table time of its
 * bookings, from the hour before to the hour after.
 */
export function timeWindow(
  service: Service,
  settings: BookingSettings,
  bookings: readonly TablesDayBooking[],
): { from: number; to: number } {
  const hours = settings.services[service];
  const from = Math.min(toMinutes(hours.opens), ...bookings.map((booking) => booking.start));
  const to = Math.max(toMinutes(hours.closes), ...bookings.map((booking) => booking.end));
  return { from: Math.floor(from / 60) * 60, to: Math.min(Math.ceil(to / 60) * 60, 24 * 60) };
}

/** Each booking with the line it sits on, so that bookings overlapping in time never cover each other. */
export function inLanes(
  bookings: readonly TablesDayBooking[],
): { booking: TablesDayBooking; lane: number }[] {
  const ends: number[] = [];
  return [...bookings]
    .sort((a, b) => a.start - b.start)
    .map((booking) => {
      const free = ends.findIndex((end) => end <= booking.start);
      const lane = free === -1 ? ends.length : free;
      ends[lane] = booking.end;
      return { booking, lane };
    });
}

/** Every table and join with the rule that keeps the booking off it if it sat there at `timeSlot`. */
export function placesForMove(
  day: TablesDayAnswer,
  booking: TablesDayBooking,
  timeSlot: string,
  settings: BookingSettings,
) {
  const start = toMinutes(timeSlot);
  const request = {
    guests: booking.guests,
    start,
    end: start + turnMinutesFor(booking.guests, settings),
    channel: staffChannelOf(booking.source),
    bookingId: booking.id,
  };
  return checkPlaces(day.layout, day.date, request, sittingsOf(day));
}
