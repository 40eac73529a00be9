import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockBookingService } from '#db/locks.ts';
import { bookingTables } from '#db/schema.ts';
import { SERVICES, serviceForTime, toMinutes, turnMinutesFor } from '#shared/booking/rules.ts';
import {
  assignPlace,
  type Place,
  placesOf,
  refusalAt,
  type SeatingRequest,
} from '#shared/tables/assignment.ts';
import type { SeatingChannel } from '#shared/tables/layout.ts';
import { areaClosedOn } from '#shared/tables/layout.ts';
import { refusalText, TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { type BookingContent, loadDate } from '../booking/availability.ts';
import { invalid, unavailable } from '../lib/errors.ts';
import { tablesDayFrom } from './tables-day.ts';

/**
 * The locks a booking's capacity check takes, for each moment it holds (a change: where it was and where it
 * goes): the service in covers mode; in tables mode every service of the date, since a table time can run
 * from one service into the next. Always in one order, so that two changes crossing never wait in a circle.
 */
export async function lockSeating(
  db: Database,
  moments: readonly { date: string; timeSlot: string }[],
  content: BookingContent,
) {
  const keys = moments.flatMap(({ date, timeSlot }) =>
    content.tables.mode === 'tables'
      ? SERVICES.map((service) => `${date} ${service}`)
      : [`${date} ${serviceForTime(timeSlot)}`],
  );
  for (const key of [...new Set(keys)].sort()) {
    const [date, service] = key.split(' ') as [string, string];
    await lockBookingService(db, date, service);
  }
}

/** The tables a booking holds now. */
export async function tablesOf(db: Database, bookingId: string): Promise<string[]> {
  const rows = await db
    .select({ tableId: bookingTables.tableId })
    .from(bookingTables)
    .where(eq(bookingTables.bookingId, bookingId));
  return rows.map((row) => row.tableId);
}

/** A booking to place, as stored. */
export interface BookingToSeat {
  id: string;
  date: string;
  timeSlot: string;
  guests: number;
  eventSlug: string | null;
}

/** The place with the id staff chose, or why it cannot take the booking. */
function chosenPlace(
  content: BookingContent,
  booking: BookingToSeat,
  request: SeatingRequest,
  sittings: Parameters<typeof refusalAt>[2],
  placeId: string,
): Place {
  const place = placesOf(content.tables).find((each) => each.id === placeId);
  if (!place) throw invalid(TABLES_MESSAGES.unknownPlace);
  const closed = new Map(
    content.tables.areas.filter((area) => areaClosedOn(area, booking.date)).map((area) => [area.id, area]),
  );
  const refusal = refusalAt(place, request, sittings, closed);
  if (refusal) throw unavailable(TABLES_MESSAGES.placeRefused(place.name, refusalText(refusal)));
  return place;
}

/**
 * Gives the booking its tables in tables mode (issue 28), inside its transaction and under `lockSeating`: the
 * place staff chose, or the one assignment picks (a booking placed again keeps its own tables while they still
 * take it).
 * Returns the place, or null when there is none for it (staff booking anyway) or the pub counts covers; a
 * booking at a booking event sits within the event's covers and takes no table.
 */
export async function seatBooking(
  db: Database,
  booking: BookingToSeat,
  content: BookingContent,
  channel: SeatingChannel,
  options: { keep?: readonly string[]; placeId?: string | undefined } = {},
): Promise<Place | null> {
  if (options.placeId !== undefined && content.tables.mode !== 'tables')
    throw invalid(TABLES_MESSAGES.coversMode);
  if (content.tables.mode !== 'tables' || booking.eventSlug !== null) return null;
  const { rows } = await loadDate(db, booking.date, booking.id);
  const day = tablesDayFrom(
    rows.filter((row) => row.kind === 'seated'),
    { date: booking.date, settings: content.settings, document: content.tables },
  );
  const start = toMinutes(booking.timeSlot);
  const request: SeatingRequest = {
    guests: booking.guests,
    start,
    end: start + turnMinutesFor(booking.guests, content.settings),
    channel,
    bookingId: booking.id,
  };
  const keep = options.keep ?? (await tablesOf(db, booking.id));
  const place = options.placeId
    ? chosenPlace(content, booking, request, day.sittings, options.placeId)
    : assignPlace(content.tables, booking.date, request, day.sittings, keep);
  await db.delete(bookingTables).where(eq(bookingTables.bookingId, booking.id));
  if (place) {
    await db
      .insert(bookingTables)
      .values(place.tables.map((tableId) => ({ bookingId: booking.id, tableId })));
  }
  return place;
}

/**
 * `seatBooking` for a booking placed again (a change, a move), keeping its tables while they take it: answers
 * the place and the tables it held before and holds now, for the audit trail.
 */
export async function reseatBooking(
  db: Database,
  booking: BookingToSeat,
  content: BookingContent,
  channel: SeatingChannel,
  options: { placeId?: string | undefined } = {},
): Promise<{ place: Place | null; tables: { before: string[]; after: string[] } }> {
  const before = await tablesOf(db, booking.id);
  const place = await seatBooking(db, booking, content, channel, { ...options, keep: before });
  return { place, tables: { before, after: await tablesOf(db, booking.id) } };
}
