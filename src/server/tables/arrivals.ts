import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings } from '#db/schema.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { ArrivalRequest } from '#shared/tables/arrival-schemas.ts';
import {
  ARRIVAL_MESSAGES,
  ARRIVAL_STEP_FIELDS,
  ARRIVAL_STEP_LABELS,
  type ArrivalStep,
  arrivalRefusal,
  stepTime,
  undoRefusal,
} from '#shared/tables/arrivals.ts';
import { doubleBooked } from '#shared/tables/assignment.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { bookingContentOf, loadDate } from '../booking/availability.ts';
import { bookingNotFound, conflict } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { tablesDayOf } from './day.ts';
import { lockSeating } from './seating.ts';
import { tablesDayFrom } from './tables-day.ts';

type BookingRow = typeof bookings.$inferSelect;

function timesOf(row: BookingRow) {
  return { arrivedAt: row.arrivedAt, seatedAt: row.seatedAt, leftAt: row.leftAt, noShowAt: row.noShowAt };
}

/** The columns a step sets: seating implies arrival, so a party seated straight away has arrived then too. */
function stepValues(row: BookingRow, step: ArrivalStep, now: Date) {
  if (step === 'seated') return { seatedAt: now, arrivedAt: row.arrivedAt ?? now };
  return { [ARRIVAL_STEP_FIELDS[step]]: now };
}

/**
 * Taking back a departure or a no-show gives the booking its tables again: refused when another booking has
 * been put on them since, for an overlapping time.
 */
async function checkTablesStillFree(tx: Database, row: BookingRow, content: SiteContent) {
  const { rows } = await loadDate(tx, row.date);
  const day = tablesDayFrom(
    rows.filter((each) => each.kind === 'seated'),
    { date: row.date, settings: content['booking-settings'], document: content.tables },
  );
  const mine = day.sittings.find((sitting) => sitting.bookingId === row.id);
  const others = day.sittings.filter((sitting) => sitting.bookingId !== row.id);
  const clash = mine && others.find((other) => doubleBooked([mine, other]));
  if (clash) throw conflict(ARRIVAL_MESSAGES.undoClash(clash.name));
}

/** The booking as the day's answer shows it. */
export async function dayBookingOf(
  db: Database,
  row: Pick<BookingRow, 'id' | 'date'>,
  content: SiteContent,
): Promise<TablesDayBooking> {
  const day = await tablesDayOf(db, row.date, {
    settings: content['booking-settings'],
    document: content.tables,
  });
  const booking = day.bookings.find((each) => each.id === row.id);
  if (!booking) throw bookingNotFound();
  return booking;
}

/**
 * Staff mark the night (issue 28): the step's time is now, or with `undo` the last step set by mistake is
 * cleared. Under the date's seating lock, since a departure frees the booking's tables from now and undoing
 * one takes them back; refused in words when it makes no sense (`arrivalRefusal`). One entry in the trail.
 */
export async function markArrival(
  db: Database,
  id: string,
  request: ArrivalRequest,
  options: { now: Date; content: SiteContent; actor: Actor },
): Promise<TablesDayBooking> {
  if (!isUuid(id)) throw bookingNotFound();
  const { now, content, actor } = options;
  const [before] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!before) throw bookingNotFound();
  return db.transaction(async (tx) => {
    await lockSeating(tx, [before], bookingContentOf(content));
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!current) throw bookingNotFound();
    const { step, undo } = request;
    const subject = { ...current, times: timesOf(current) };
    const refusal = undo
      ? undoRefusal(subject, step)
      : arrivalRefusal(subject, step, now, content.tables.noShowAfterMinutes);
    if (refusal) throw conflict(refusal);
    const values = undo ? { [ARRIVAL_STEP_FIELDS[step]]: null } : stepValues(current, step, now);
    const [row] = await tx
      .update(bookings)
      .set({ ...values, changedBy: actorName(actor), updatedAt: now })
      .where(eq(bookings.id, id))
      .returning();
    if (!row) throw bookingNotFound();
    if (undo && (step === 'left' || step === 'no-show')) await checkTablesStillFree(tx, row, content);
    const changes = Object.fromEntries(
      Object.keys(values).map((field) => {
        const was = current[field as keyof typeof values];
        const is = row[field as keyof typeof values];
        return [field, { before: was?.toISOString() ?? null, after: is?.toISOString() ?? null }];
      }),
    );
    const label = ARRIVAL_STEP_LABELS[step];
    const what = undo ? `"${label}" undone` : `${label.toLowerCase()}, ${stepTime(now)}`;
    await recordAudit(
      tx,
      {
        actor,
        type: 'booking.arrival',
        subject: { type: 'booking', id },
        summary: `${row.reference}: ${what}`,
        changes,
      },
      now,
    );
    return dayBookingOf(tx, row, content);
  });
}
