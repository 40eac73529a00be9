import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import {
  fromMinutes,
  isClosedDate,
  type Service,
  seatingTimes,
  servicesOn,
  toMinutes,
  turnMinutesFor,
} from '#shared/booking/rules.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { QueueFloor, SeatingTime } from '#shared/queue/estimate.ts';
import { londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { type BookingContent, loadDate, occasionSeatsFrom } from '../booking/availability.ts';
import { tablesDayFrom } from '../tables/tables-day.ts';

/**
 * When each booking of the date that is already in (arrived or seated) before its time came: it holds its
 * covers or tables from then, not from its time. Minutes after midnight, by booking id.
 */
async function earlyArrivals(db: Database, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: bookings.id,
      timeSlot: bookings.timeSlot,
      arrivedAt: bookings.arrivedAt,
      seatedAt: bookings.seatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.date, date),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        or(isNotNull(bookings.arrivedAt), isNotNull(bookings.seatedAt)),
      ),
    );
  const early = new Map<string, number>();
  for (const row of rows) {
    const cameAt = row.arrivedAt ?? row.seatedAt;
    if (!cameAt || londonToday(cameAt) !== date) continue;
    const minute = toMinutes(londonTimeOfDay(cameAt));
    if (minute < toMinutes(row.timeSlot)) early.set(row.id, minute);
  }
  return early;
}

/**
 * The floor a walk-in joins on `date` at `now`, as the availability engine counts it (`availabilityFrom`): the
 * same load, its closed services and the occasions' seats, with the bookings in early held from when they
 * came; and the date's seating times (the services open that day, less those closed or outside special hours).
 */
export async function queueFloorOf(
  db: Database,
  date: string,
  now: Date,
  content: BookingContent,
): Promise<{ floor: QueueFloor; seating: SeatingTime[] }> {
  const [{ rows }, early] = await Promise.all([loadDate(db, date), earlyArrivals(db, date)]);
  const { settings } = content;
  const closed = new Set(rows.filter((row) => row.kind === 'closed').map((row) => row.key as Service));
  const seating = isClosedDate(date, content.specialDates)
    ? []
    : servicesOn(date, settings)
        .filter((service) => !closed.has(service))
        .flatMap((service) =>
          seatingTimes(service, date, settings, content.specialDates).map((time) => ({ service, time })),
        );
  const occasionSeats = occasionSeatsFrom(rows, content.occasions, now);
  const booked = rows.filter((row) => row.kind === 'seated');
  const cameAt = (row: (typeof booked)[number]) => (row.bookingId ? early.get(row.bookingId) : undefined);
  if (content.tables.mode === 'tables') {
    const day = tablesDayFrom(booked, { date, settings, document: content.tables });
    const sittings = day.sittings.map((sitting) => ({
      ...sitting,
      start: Math.min(sitting.start, early.get(sitting.bookingId) ?? sitting.start),
    }));
    return {
      floor: { mode: 'tables', day: { ...day, sittings, occasionHolds: occasionSeats.holds } },
      seating,
    };
  }
  // A seat at a booking event counts against the event's covers, not the kitchen's regular ones.
  const seated = booked
    .filter((row) => row.event === null)
    .map((row) => {
      const from = cameAt(row);
      if (from === undefined) return { timeSlot: row.key, guests: row.guests };
      const until = fromMinutes(toMinutes(row.key) + turnMinutesFor(row.guests, settings));
      return { timeSlot: fromMinutes(from), guests: row.guests, until };
    });
  return { floor: { mode: 'covers', settings, seated: [...seated, ...occasionSeats.seated] }, seating };
}
