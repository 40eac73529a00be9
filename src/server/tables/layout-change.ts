import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, bookingTables } from '#db/schema.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import { type TablesDocument, tablesDocumentSchema } from '#shared/tables/layout.ts';
import { TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { DomainError } from '../lib/errors.ts';

/**
 * Refuses a layout that takes away a table that bookings still to come are placed at: they would be left
 * without a table, and their covers uncounted on it. Staff move them first (the floor view), then remove it.
 * A layout the tables document's schema refuses is left to the content store, which says why field by field.
 */
export async function refuseRemovingBookedTables(
  db: Database,
  change: { before: TablesDocument; after: unknown },
  now: Date,
): Promise<void> {
  const after = tablesDocumentSchema.safeParse(change.after);
  if (!after.success) return;
  const kept = new Set(after.data.tables.map((table) => table.id));
  const removed = change.before.tables.filter((table) => !kept.has(table.id));
  if (removed.length === 0) return;
  const stranded = await db
    .select({ tableId: bookingTables.tableId, reference: bookings.reference })
    .from(bookingTables)
    .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
    .where(
      and(
        inArray(
          bookingTables.tableId,
          removed.map((table) => table.id),
        ),
        gte(bookings.date, londonToday(now)),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.date), asc(bookings.timeSlot));
  if (stranded.length === 0) return;
  const booked = new Set(stranded.map((row) => row.tableId));
  throw new DomainError(
    'conflict',
    TABLES_MESSAGES.tableStillBooked(
      removed.filter((table) => booked.has(table.id)).map((table) => table.name),
      [...new Set(stranded.map((row) => row.reference))],
    ),
  );
}
