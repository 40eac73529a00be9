import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockBookingService, lockServiceClosure } from '#db/locks.ts';
import { bookings, closures } from '#db/schema.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type {
  ClosedService,
  ServiceClosure,
  ServiceClosureRequest,
  StoredBooking,
} from '#shared/booking/schemas.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import type { TableCalendarContext } from '../calendar/booking-calendar.ts';
import { closureDeleter } from '../lib/closure-rows.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { recordBookingChange } from './audit.ts';
import { serviceClosedApologyEmail } from './emails.ts';
import { toStoredBooking } from './service.ts';

type ClosureRow = typeof closures.$inferSelect;
type ClosureOptions = { now: Date; venue: Venue; calendar: TableCalendarContext; actor: Actor };

/** "Dinner, Tuesday 8 December 2026: Private party" (the reason is the pub's, never a guest's). */
function closureSummary(closure: ServiceClosure): string {
  return `${serviceLabel(closure.service, closure.date)}, ${formatLongDate(closure.date)}: ${closure.reason}`;
}

function toClosure(row: ClosureRow): ServiceClosure {
  return { _id: row.id, date: row.date, service: row.service, reason: row.reason };
}

export async function listClosures(db: Database, date: string): Promise<ServiceClosure[]> {
  const rows = await db
    .select()
    .from(closures)
    .where(eq(closures.date, date))
    .orderBy(asc(closures.service), asc(closures.createdAt));
  return rows.map(toClosure);
}

/**
 * The service's active bookings become CANCELLED, in time order, and each guest with an address is queued an
 * apology on `tx`, the closing transaction.
 */
async function cancelServiceBookings(
  tx: Database,
  closure: ServiceClosure,
  options: ClosureOptions,
): Promise<StoredBooking[]> {
  const { now, actor } = options;
  const active = and(
    eq(bookings.date, closure.date),
    eq(bookings.service, closure.service),
    inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
  );
  // The service's booking lock is held: no booking joins or leaves it between these two statements.
  const before = new Map((await tx.select().from(bookings).where(active)).map((row) => [row.id, row]));
  const rows = await tx
    .update(bookings)
    .set({
      status: 'CANCELLED',
      cancelledBy: 'staff',
      cancelledAt: now,
      changedBy: actorName(actor),
      updatedAt: now,
    })
    .where(active)
    .returning();
  for (const row of rows) {
    const was = before.get(row.id) ?? row;
    await recordBookingChange(tx, was, row, actor, now, `${closure.service} closed`);
  }
  const cancelled = rows
    .map(toStoredBooking)
    .sort((a, b) => a.timeSlot.localeCompare(b.timeSlot) || a.createdAt.localeCompare(b.createdAt));
  for (const booking of cancelled.filter((entry) => entry.email)) {
    await enqueueMail(tx, { kind: 'table-booking-apology', reference: booking.reference, now: options.now }, [
      serviceClosedApologyEmail(booking, closure, options.venue, options.calendar),
    ]);
  }
  return cancelled;
}

/**
 * Closes a service on a date. A service is closed once: closing it again answers the existing closure. With
 * `cancelBookings`, its active bookings are cancelled and their guests e-mailed in the same transaction, on a
 * second close too (those the first left standing, or none when it cancelled them already), each apology
 * giving the stored closure's reason. The closure's lock makes two simultaneous closes store one row; the
 * service's booking lock makes a booking being taken meanwhile either land before (and be cancelled with the
 * rest) or wait and find the service closed.
 */
export async function closeService(
  db: Database,
  request: ServiceClosureRequest,
  options: ClosureOptions,
): Promise<{ closed: ClosedService; created: boolean }> {
  const { cancelBookings, ...input } = request;
  return db.transaction(async (tx) => {
    await lockServiceClosure(tx, input.date, input.service);
    await lockBookingService(tx, input.date, input.service);
    const [existing] = await tx
      .select()
      .from(closures)
      .where(and(eq(closures.date, input.date), eq(closures.service, input.service)))
      .limit(1);
    const [row] = existing
      ? [existing]
      : await tx
          .insert(closures)
          .values({ ...input, createdAt: options.now })
          .returning();
    if (!row) throw new Error('The closure was not stored');
    const closure = toClosure(row);
    if (!existing) {
      await recordAudit(
        tx,
        {
          actor: options.actor,
          type: 'closure.created',
          subject: { type: 'closure', id: closure._id },
          summary: closureSummary(closure),
        },
        options.now,
      );
    }
    const cancelledBookings = cancelBookings ? await cancelServiceBookings(tx, closure, options) : [];
    const guestsEmailed = cancelledBookings.filter((booking) => booking.email).length;
    return { closed: { closure, cancelledBookings, guestsEmailed }, created: !existing };
  });
}

/** Reopens the service. */
export const deleteClosure = closureDeleter({
  table: closures,
  audit: {
    type: 'closure.deleted',
    subject: 'closure',
    summary: (row: ClosureRow) => closureSummary(toClosure(row)),
  },
});
