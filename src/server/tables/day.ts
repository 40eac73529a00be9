import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, bookingTables } from '#db/schema.ts';
import { toMinutes, turnMinutesFor } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import type { TablesDocument } from '#shared/tables/layout.ts';
import { tablesDayFrom } from './tables-day.ts';

/**
 * The date's active bookings with their tables, arrivals and table times, and the layout: what the floor view,
 * the walk-ins and the arrivals read (issue 28).
 */
export async function tablesDayOf(
  db: Database,
  date: string,
  content: { settings: BookingSettings; document: TablesDocument },
): Promise<TablesDayAnswer> {
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.date, date), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
    .orderBy(asc(bookings.timeSlot), asc(bookings.createdAt));
  const held = rows.length
    ? await db
        .select()
        .from(bookingTables)
        .where(
          inArray(
            bookingTables.bookingId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const tablesOf = (id: string) =>
    held
      .filter((row) => row.bookingId === id)
      .map((row) => row.tableId)
      .sort();
  const day = tablesDayFrom(
    rows.map((row) => ({
      key: row.timeSlot,
      guests: row.partyAdults + row.partyChildren,
      bookingId: row.id,
      name: row.name,
      leftAt: row.leftAt,
      noShowAt: row.noShowAt,
      tables: tablesOf(row.id).join(',') || null,
    })),
    { date, settings: content.settings, document: content.document },
  );
  const ends = new Map(day.sittings.map((sitting) => [sitting.bookingId, sitting.end]));
  const iso = (moment: Date | null) => moment?.toISOString() ?? null;
  const answer: TablesDayBooking[] = rows.map((row) => {
    const guests = row.partyAdults + row.partyChildren;
    const start = toMinutes(row.timeSlot);
    return {
      id: row.id,
      reference: row.reference,
      name: row.name,
      timeSlot: row.timeSlot,
      guests,
      status: row.status,
      source: row.source,
      eventSlug: row.eventSlug,
      tables: tablesOf(row.id),
      start,
      end: ends.get(row.id) ?? start + turnMinutesFor(guests, content.settings),
      arrivedAt: iso(row.arrivedAt),
      seatedAt: iso(row.seatedAt),
      leftAt: iso(row.leftAt),
      noShowAt: iso(row.noShowAt),
    };
  });
  return { date, layout: content.document, bookings: answer };
}
