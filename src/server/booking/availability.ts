import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, bookingTables, closures, events, occasionBookings } from '#db/schema.ts';
import {
  bookableDateRange,
  buildAvailability,
  type SeatedParty,
  type Service,
  servicesOn,
  toMinutes,
} from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { SpecialDate } from '#shared/content/schemas.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { type OccasionHold, tablesRemaining } from '#shared/tables/capacity.ts';
import type { SeatingChannel, TablesDocument } from '#shared/tables/layout.ts';
import { isRealIsoDate } from '#shared/time/london-time.ts';
import type { WatchedTable } from '../lib/table-changes.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { type SeatedRow, tablesDayFrom } from '../tables/tables-day.ts';

type RowKind = 'seated' | 'closed' | 'event' | 'occasion';

/**
 * What the engine reads from the content documents: the booking settings, the venue's special dates, the
 * tables (in tables mode, issue 28, capacity is theirs), and the occasions (their sittings' times, issue 30).
 */
export interface BookingContent {
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
  tables: TablesDocument;
  occasions: readonly Occasion[];
}

/** The booking settings, special dates, tables and occasions out of the site's content. */
export function bookingContentOf(
  content: Pick<SiteContent, 'booking-settings' | 'venue' | 'tables' | 'occasions'>,
): BookingContent {
  return {
    settings: content['booking-settings'],
    specialDates: content.venue.specialDates,
    tables: content.tables,
    occasions: content.occasions.occasions,
  };
}

/**
 * A row of the date's load. An `occasion` row is an occasion booking holding seats: `key` its sitting's id,
 * `event` its occasion's slug, `holdUntil` the end of its checkout's hold (null once confirmed).
 */
type LoadRow = SeatedRow & { kind: RowKind; key: string; event: string | null; holdUntil: Date | null };

/** What a date's availability is built from: its active bookings, closed services and booking events. */
export interface DateLoad {
  readonly rows: readonly LoadRow[];
}

/** The tables whose changes can change a date's availability. */
export const AVAILABILITY_TABLES = [
  'bookings',
  'booking_tables',
  'closures',
  'events',
  'occasion_bookings',
] as const satisfies readonly WatchedTable[];

const NO_BOOKING = {
  bookingId: sql<string | null>`null::text`,
  name: sql<string | null>`null::text`,
  leftAt: sql<Date | null>`null::timestamptz`,
  noShowAt: sql<Date | null>`null::timestamptz`,
  tables: sql<string | null>`null::text`,
  holdUntil: sql<Date | null>`null::timestamptz`,
};

/**
 * One round trip: each active booking's time, party, the booking event it is a seat at (if any) and, for
 * tables mode, its tables and whether it left or never came; one row per closed service, every event of
 * the date that takes bookings, and every occasion booking confirmed or held (whether a hold is still live is
 * decided when the slots are built, so a load kept in memory stays right as holds lapse) but Christmas Day's: the
 * day is closed to tables, and its sittings are counted by Christmas alone. `excludeBookingId` leaves that
 * booking out: the booking being moved.
 */
export async function loadDate(db: Database, date: string, excludeBookingId?: string): Promise<DateLoad> {
  const rows = await db
    .select({
      kind: sql<RowKind>`'seated'`,
      key: bookings.timeSlot,
      guests: sql<number>`${bookings.partyAdults} + ${bookings.partyChildren}`,
      event: events.slug,
      bookingId: sql<string | null>`${bookings.id}::text`,
      name: sql<string | null>`${bookings.name}`,
      leftAt: sql<Date | null>`${bookings.leftAt}`,
      noShowAt: sql<Date | null>`${bookings.noShowAt}`,
      tables: sql<
        string | null
      >`(select string_agg(${bookingTables.tableId}, ',' order by ${bookingTables.tableId}) from ${bookingTables} where ${bookingTables.bookingId} = ${bookings.id})`,
      holdUntil: sql<Date | null>`null::timestamptz`,
    })
    .from(bookings)
    .leftJoin(
      events,
      and(
        eq(events.slug, bookings.eventSlug),
        eq(events.takesBookings, true),
        eq(events.date, bookings.date),
        eq(events.time, bookings.timeSlot),
      ),
    )
    .where(
      and(
        eq(bookings.date, date),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
      ),
    )
    .unionAll(
      db
        .selectDistinct({
          kind: sql<RowKind>`'closed'`,
          key: closures.service,
          guests: sql<number>`0`,
          event: sql<string | null>`null`,
          ...NO_BOOKING,
        })
        .from(closures)
        .where(eq(closures.date, date)),
    )
    .unionAll(
      db
        .select({
          kind: sql<RowKind>`'event'`,
          key: events.time,
          guests: events.bookingCovers,
          event: events.slug,
          ...NO_BOOKING,
        })
        .from(events)
        .where(and(eq(events.date, date), eq(events.takesBookings, true))),
    )
    .unionAll(
      db
        .select({
          kind: sql<RowKind>`'occasion'`,
          key: occasionBookings.sittingId,
          guests: occasionBookings.partySize,
          event: sql<string | null>`${occasionBookings.occasionSlug}`,
          ...NO_BOOKING,
          holdUntil: sql<Date | null>`case when ${occasionBookings.status} = 'HELD' then ${occasionBookings.holdExpiresAt} end`,
        })
        .from(occasionBookings)
        .where(
          and(
            isOccasionRow,
            eq(occasionBookings.date, date),
            inArray(occasionBookings.status, ['CONFIRMED', 'HELD']),
          ),
        ),
    );
  return {
    rows: rows.map((row) => ({
      ...row,
      guests: Number(row.guests),
      leftAt: row.leftAt === null ? null : new Date(row.leftAt),
      noShowAt: row.noShowAt === null ? null : new Date(row.noShowAt),
      holdUntil: row.holdUntil === null ? null : new Date(row.holdUntil),
    })),
  };
}

/**
 * The occasion parties of the loaded date that hold seats at `now` (issue 30), for covers mode (a party seated
 * until its sitting ends) and for tables mode (seats kept free, decision 034): confirmed, or held by a checkout
 * whose hold has not lapsed (one with no end is a payment still settling), as the occasions' own seat count has
 * it (`takesSeats` in server/occasions/availability.ts). A booking whose sitting has left the occasions
 * document has no times left to hold.
 */
export function occasionSeatsFrom(
  rows: readonly LoadRow[],
  occasions: readonly Occasion[],
  now: Date,
): { seated: SeatedParty[]; holds: OccasionHold[] } {
  const parties = rows.flatMap((row) => {
    if (row.kind !== 'occasion' || (row.holdUntil !== null && row.holdUntil <= now)) return [];
    const occasion = occasions.find((candidate) => candidate.slug === row.event);
    const sitting = occasion?.sittings.find((candidate) => candidate.id === row.key);
    return sitting ? [{ start: sitting.start, end: sitting.end, guests: row.guests }] : [];
  });
  return {
    seated: parties.map((party) => ({ timeSlot: party.start, guests: party.guests, until: party.end })),
    holds: parties.map((party) => ({
      start: toMinutes(party.start),
      end: toMinutes(party.end),
      guests: party.guests,
    })),
  };
}

export interface AvailabilityQuery {
  date: string;
  now: Date;
  content: BookingContent;
  /** The party asking: `remaining` is then whether it fits. */
  guests?: number | undefined;
  /** Every slot of the date's services, whatever the booking window says (staff book any day). */
  staff?: boolean;
  /** The slug of the event being booked: on its date, its own time with its own covers. */
  event?: string | undefined;
  /** In tables mode, who is booking: the tables a guest online, staff, or a walk-in may have. */
  channel?: SeatingChannel | undefined;
}

/** Whether the date can have slots at all: real, inside the booking window (unless staff), with a service. */
function mayHaveSlots({ date, now, content, staff = false, event }: AvailabilityQuery): boolean {
  const range = bookableDateRange(now, content.settings);
  const outOfRange = !staff && (date < range.first || date > range.last);
  if (!isRealIsoDate(date) || outOfRange) return false;
  return servicesOn(date, content.settings).length > 0 || Boolean(event);
}

/**
 * The slots of a date with `closed` and the covers `remaining` (for `guests`, when given), from what
 * `loadDate` read, and with `event` that event's own time. A date that is not real, outside
 * today…today+180 (London) or without a service (nor the event) has no slots.
 */
export async function availabilityFrom(
  query: AvailabilityQuery,
  load: (date: string) => Promise<DateLoad>,
): Promise<AvailabilitySlot[]> {
  if (!mayHaveSlots(query)) return [];
  const { date, now, content, guests, staff = false, event } = query;
  const channel = query.channel ?? (staff ? 'staff' : 'online');
  const { rows } = await load(date);
  const seatedAt = (slug: string | null) =>
    rows
      .filter((row) => row.kind === 'seated' && row.event === slug)
      .map((row) => ({ timeSlot: row.key, guests: row.guests }));
  const eventRow = event ? rows.find((row) => row.kind === 'event' && row.event === event) : undefined;
  const occasionSeats = occasionSeatsFrom(rows, content.occasions, now);
  const tablesDay =
    content.tables.mode === 'tables'
      ? {
          ...tablesDayFrom(
            rows.filter((row) => row.kind === 'seated'),
            { date, settings: content.settings, document: content.tables },
          ),
          occasionHolds: occasionSeats.holds,
        }
      : null;
  return buildAvailability({
    date,
    now,
    settings: content.settings,
    specialDates: content.specialDates,
    guests,
    staff,
    closedServices: new Set(rows.filter((row) => row.kind === 'closed').map((row) => row.key as Service)),
    // A seat at a booking event counts against the event's covers, not the kitchen's regular ones.
    // An occasion's party holds its seats for its whole sitting (issue 30).
    seated: [...seatedAt(null), ...occasionSeats.seated],
    event: eventRow && {
      slug: eventRow.event ?? '',
      date,
      time: eventRow.key,
      covers: eventRow.guests,
      taken: seatedAt(eventRow.event).reduce((sum, party) => sum + party.guests, 0),
    },
    // In tables mode a regular slot has what assignment would give the party (issue 28).
    remainingAt: tablesDay && ((slot) => tablesRemaining(tablesDay, slot, guests, channel)),
  });
}

/** The slots of a date straight from the database: inside a booking's transaction, under its lock. */
export function findAvailability(
  db: Database,
  date: string,
  now: Date,
  content: BookingContent,
  guests?: number,
  {
    staff = false,
    excludeBookingId,
    event,
    channel,
  }: {
    staff?: boolean;
    excludeBookingId?: string | undefined;
    event?: string | undefined;
    channel?: SeatingChannel | undefined;
  } = {},
): Promise<AvailabilitySlot[]> {
  return availabilityFrom({ date, now, content, guests, staff, event, channel }, (day) =>
    loadDate(db, day, excludeBookingId),
  );
}
