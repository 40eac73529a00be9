import { and, eq, inArray } from 'drizzle-orm';
import { bookings, bookingTables } from '../../src/db/schema.ts';
import { SYSTEM } from '../../src/server/audit/trail.ts';
import { toMinutes, turnMinutesFor } from '../../src/shared/booking/rules.ts';
import { ACTIVE_BOOKING_STATUSES } from '../../src/shared/booking/status.ts';
import type { Sitting } from '../../src/shared/tables/assignment.ts';
import type { Table, TableJoin, TablesDocument, TableUse } from '../../src/shared/tables/layout.ts';
import type { AppFixture } from './app-fixture.ts';
import { seedContent } from './seed-content.ts';
import type { TestApp } from './test-app.ts';

/** The one area of the suites' layouts. */
export const ROOM = { id: 'room', name: 'Dining room', closed: [] };

/** A table in the dining room: "Table A" for id `a`, online unless `use` says otherwise. */
export function table(id: string, minCovers: number, maxCovers: number, use: TableUse = 'online'): Table {
  return { id, name: `Table ${id.toUpperCase()}`, area: ROOM.id, minCovers, maxCovers, use };
}

/** A join staff listed of `tables`, seating `minCovers`…`maxCovers`. */
export function tableJoin(tables: string[], minCovers: number, maxCovers: number): TableJoin {
  return { id: tables.join('-'), name: tables.join(' + '), tables, minCovers, maxCovers };
}

const NO_PACING = { online: null, staff: null };

/**
 * Saves the `tables` document as staff would, in tables mode with `layout`'s tables (and joins, pacing, or
 * mode when given), into the running app: the next request counts capacity by them.
 */
export async function saveTables(
  t: TestApp,
  layout: Partial<TablesDocument> & Pick<TablesDocument, 'tables'>,
): Promise<void> {
  const { version } = await t.app.content.latest('tables');
  const document: TablesDocument = {
    ...seedContent.tables,
    mode: 'tables',
    areas: [ROOM],
    joins: [],
    pacing: { intervalMinutes: 15, lunch: NO_PACING, dinner: NO_PACING },
    ...layout,
  };
  await t.app.content.save('tables', version, document, {
    email: 'landlord@pub.test',
    at: t.app.clock(),
    actor: SYSTEM,
  });
}

/** Back to the seeded document: covers mode. */
export async function saveCoversMode(t: TestApp): Promise<void> {
  await saveTables(t, seedContent.tables);
}

/** The tables a booking holds, as stored, in id order. */
export async function storedTablesOf(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ tableId: bookingTables.tableId })
    .from(bookingTables)
    .where(eq(bookingTables.bookingId, bookingId));
  return rows.map((row) => row.tableId).sort();
}

/**
 * Every active booking of `date` holding tables, as stored, with its table time worked out here from the
 * booking settings: what `doubleBooked` checks.
 */
export async function storedSittings(t: TestApp, date: string): Promise<Sitting[]> {
  const rows = await t.database.db
    .select({
      id: bookings.id,
      name: bookings.name,
      timeSlot: bookings.timeSlot,
      guests: bookings.partyAdults,
      children: bookings.partyChildren,
      tableId: bookingTables.tableId,
    })
    .from(bookings)
    .innerJoin(bookingTables, eq(bookingTables.bookingId, bookings.id))
    .where(and(eq(bookings.date, date), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])));
  const settings = (await t.app.content.current())['booking-settings'];
  const byBooking = new Map<string, Sitting>();
  for (const row of rows) {
    const guests = row.guests + row.children;
    const start = toMinutes(row.timeSlot);
    const sitting = byBooking.get(row.id) ?? {
      bookingId: row.id,
      tables: [],
      start,
      end: start + turnMinutesFor(guests, settings),
      guests,
      name: row.name,
    };
    byBooking.set(row.id, { ...sitting, tables: [...sitting.tables, row.tableId] });
  }
  return [...byBooking.values()];
}

/** A booking staff take by phone (Patel, no e-mail) on `date`, as `POST /api/admin/bookings` answers it. */
export function staffTableBooking(t: AppFixture, date: string, overrides: Record<string, unknown> = {}) {
  return t.asStaff({
    method: 'POST',
    url: '/api/admin/bookings',
    payload: {
      name: 'Patel',
      phone: '07700 900456',
      email: '',
      date,
      timeSlot: '19:00',
      partyAdults: 4,
      source: 'phone',
      ...overrides,
    },
  });
}
