import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, bookingTables, closures, events } from '#db/schema.ts';
import { bookableDateRange, buildAvailability, type Service, servicesOn } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { SpecialDate } from '#shared/content/schemas.ts';
import { tablesRemaining } from '#shared/tables/capacity.ts';
import type { SeatingChannel, TablesDocument } from '#shared/tables/layout.ts';
import { isRealIsoDate } from '#shared/time/london-time.ts';
import type { WatchedTable } from '../lib/table-changes.ts';
import { type SeatedRow, tablesDayFrom } from '../tables/tables-day.ts';

type RowKind = 'seated' | 'closed' | 'event';

/**
 * What the engine reads from the content documents: the booking settings, the venue's special dates, and the
 * tables (in tables mode, issue 28, capacity is theirs).
 */
export interface BookingContent {
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
  tables: TablesDocument;
}

/** The booking settings, special dates and tables out of the site's content. */
export function bookingContentOf(
  content: Pick<SiteContent, 'booking-settings' | 'venue' | 'tables'>,
): BookingContent {
  return {
    settings: content['booking-settings'],
    specialDates: content.venue.specialDates,
    tables: content.tables,
  };
}

type LoadRow = SeatedRow & { kind: RowKind; key: string; event: string | null };

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
] as const satisfies readonly WatchedTable[];

const NO_BOOKING = {
  bookingId: sql<string | null>`null::text`,
  name: sql<string | null>`null::text`,
  leftAt: sql<Date | null>`null::timestamptz`,
  noShowAt: sql<Date | null>`null::timestamptz`,
  tables: sql<string | null>`null::text`,
};

/**
 * One round trip: each active booking's time, party, the booking event it is a seat at (if any) and, for
 * tables mode, its tables and whether it left or never came; one row per closed service, and every event of
 * the date that takes bookings. `excludeBookingId` leaves that booking out: the booking being moved.
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
    );
  return {
    rows: rows.map((row) => ({
      ...row,
      guests: Number(row.guests),
      leftAt: row.leftAt === null ? null : new Date(row.leftAt),
      noShowAt: row.noShowAt === null ? null : new Date(row.noShowAt),
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
  const tablesDay =
    content.tables.mode === 'tables'
      ? tablesDayFrom(
          rows.filter((row) => row.kind === 'seated'),
          { date, settings: content.settings, document: content.tables },
        )
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
    seated: seatedAt(null),
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
