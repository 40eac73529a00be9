import { and, asc, gte, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, bookingTables } from '#db/schema.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import { staffChannelOf } from '#shared/tables/assignment.ts';
import type { CapacityMode, TablesDocument } from '#shared/tables/layout.ts';
import type { TablesSwitch, TablesSwitchAnswer, UnplacedBooking } from '#shared/tables/setup-schemas.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import type { BookingContent } from '../booking/availability.ts';
import type { ContentStore } from '../content/store.ts';
import { conflict, invalid } from '../lib/errors.ts';
import { lockSeating, seatBooking } from './seating.ts';

export const SWITCH_MESSAGES = {
  already: (mode: CapacityMode) => `Capacity is already counted by ${mode}.`,
  noTables: 'Add at least one table before switching to tables mode.',
  unplaced: (count: number) =>
    `${count === 1 ? 'One future booking has' : `${count} future bookings have`} no table: place ${count === 1 ? 'it' : 'them'} first, then switch.`,
} as const;

/** Every future active booking that takes a table (not a seat at a booking event), in the order made. */
function futureRegularBookings(tx: Database, today: string) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        gte(bookings.date, today),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        isNull(bookings.eventSlug),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/**
 * The future regular bookings, once every date they fall on is locked as tables mode locks it (every service,
 * in one order): a booking made on a new date meanwhile has its date locked too, and the bookings read again.
 */
async function lockedFutureBookings(tx: Database, content: BookingContent, today: string) {
  const locked = new Set<string>();
  for (;;) {
    const found = await futureRegularBookings(tx, today);
    const fresh = [...new Set(found.map((row) => row.date))].filter((date) => !locked.has(date));
    if (fresh.length === 0) return found;
    await lockSeating(
      tx,
      fresh.map((date) => ({ date, timeSlot: '00:00' })),
      content,
    );
    for (const date of fresh) locked.add(date);
  }
}

/**
 * Gives every future regular booking (from `today`, London) a place of `content`'s layout, in the order they
 * were made, as a booking made then would have been given (the tables it held before kept while they take
 * it), under the seating locks of every date concerned. Answers how many it went through and those that found
 * no place (left without tables).
 */
export async function placeFutureBookings(
  tx: Database,
  content: BookingContent,
  today: string,
): Promise<{ bookings: number; unplaced: UnplacedBooking[] }> {
  const rows = await lockedFutureBookings(tx, content, today);
  const ids = rows.map((row) => row.id);
  const held = ids.length
    ? await tx.select().from(bookingTables).where(inArray(bookingTables.bookingId, ids))
    : [];
  // Tables kept from an earlier spell in tables mode would block bookings made before theirs.
  if (ids.length) await tx.delete(bookingTables).where(inArray(bookingTables.bookingId, ids));
  const unplaced: UnplacedBooking[] = [];
  for (const row of rows) {
    const guests = row.partyAdults + row.partyChildren;
    const channel = row.source === 'online' ? 'online' : staffChannelOf(row.source);
    const keep = held.filter((each) => each.bookingId === row.id).map((each) => each.tableId);
    const place = await seatBooking(tx, { ...row, guests }, content, channel, { keep });
    if (place === null) {
      unplaced.push({
        reference: row.reference,
        name: row.name,
        date: row.date,
        timeSlot: row.timeSlot,
        guests,
      });
    }
  }
  return { bookings: rows.length, unplaced };
}

/** Thrown inside a transaction to undo it: a dry run, or a switch that left bookings without a table. */
class Undone extends Error {
  readonly result: { bookings: number; unplaced: UnplacedBooking[] };
  constructor(result: { bookings: number; unplaced: UnplacedBooking[] }) {
    super('undone');
    this.result = result;
  }
}

export interface SwitchContext {
  db: Database;
  store: ContentStore;
  now: Date;
  actor: Actor;
  /** The staff member's e-mail, as the content history names who saved a version. */
  email: string;
}

function recordSwitch(tx: Database, { actor, now }: SwitchContext, to: CapacityMode, bookingCount: number) {
  return recordAudit(
    tx,
    {
      actor,
      type: 'content.saved',
      subject: { type: 'content', id: 'tables' },
      summary:
        to === 'tables'
          ? `Switched to tables mode: ${bookingCount} future ${bookingCount === 1 ? 'booking' : 'bookings'} given tables`
          : 'Switched back to covers mode',
      changes: { mode: { before: to === 'tables' ? 'covers' : 'tables', after: to } },
    },
    now,
  );
}

/**
 * The switch between covers and tables mode (issue 28). To tables: every future booking is placed on the
 * current layout in one transaction with the new version of the `tables` document, saved only when each found
 * a place (a dry run answers what would happen and keeps nothing). To covers: the mode alone; the bookings keep
 * their tables, unused until the pub switches back.
 */
export async function switchCapacityMode(
  request: TablesSwitch,
  context: SwitchContext,
): Promise<TablesSwitchAnswer> {
  const { store, db, now } = context;
  const { version, document } = await store.latest('tables');
  if (document.mode === request.to) throw conflict(SWITCH_MESSAGES.already(request.to));
  const by = { email: context.email, at: now, actor: context.actor };
  const switched: TablesDocument = { ...document, mode: request.to };
  if (request.to === 'covers') {
    if (!request.dryRun) {
      await store.save('tables', version, switched, by, (tx) => recordSwitch(tx, context, 'covers', 0));
    }
    return { mode: 'covers', saved: !request.dryRun, bookings: 0, unplaced: [] };
  }
  if (document.tables.length === 0) throw invalid(SWITCH_MESSAGES.noTables);
  const current = await store.current();
  const content: BookingContent = {
    settings: current['booking-settings'],
    specialDates: current.venue.specialDates,
    tables: switched,
    occasions: current.occasions.occasions,
  };
  const today = londonToday(now);
  const place = async (tx: Database) => {
    const result = await placeFutureBookings(tx, content, today);
    if (request.dryRun || result.unplaced.length > 0) throw new Undone(result);
    await recordSwitch(tx, context, 'tables', result.bookings);
    return result;
  };
  try {
    let placed = { bookings: 0, unplaced: [] as UnplacedBooking[] };
    if (request.dryRun) await db.transaction(place);
    else
      await store.save('tables', version, switched, by, async (tx) => {
        placed = await place(tx);
      });
    return { mode: 'tables', saved: true, ...placed };
  } catch (error) {
    if (!(error instanceof Undone)) throw error;
    const { bookings: count, unplaced } = error.result;
    if (request.dryRun) return { mode: 'tables', saved: false, bookings: count, unplaced };
    throw conflict(SWITCH_MESSAGES.unplaced(unplaced.length), { unplaced });
  }
}
