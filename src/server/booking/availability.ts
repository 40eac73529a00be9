import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, closures, events } from '#db/schema.ts';
import { bookableDateRange, buildAvailability, type Service, servicesOn } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { SpecialDate } from '#shared/content/schemas.ts';
import { isRealIsoDate } from '#shared/time/london-time.ts';
import type { WatchedTable } from '../lib/table-changes.ts';

type RowKind = 'seated' | 'closed' | 'event';

/** What the engine reads from the content documents: the booking settings and the venue's special dates. */
export interface BookingContent {
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
}

/** The booking settings and special dates out of the site's content. */
export function bookingContentOf(content: Pick<SiteContent, 'booking-settings' | 'venue'>): BookingContent {
  return { settings: content['booking-settings'], specialDates: content.venue.specialDates };
}

/** What a date's availability is built from: its active bookings, closed services and booking events. */
export interface DateLoad {
  readonly rows: readonly { kind: RowKind; key: string; guests: number; event: string | null }[];
}

/** The tables whose changes can change a date's availability. */
export const AVAILABILITY_TABLES = [
  'bookings',
  'closures',
  'events',
] as const satisfies readonly WatchedTable[];

/**
 * One round trip: each active booking's time, party and the booking event it is a seat at (if any), one row
 * per closed service, and every event of the date that takes bookings. `excludeBookingId` leaves that booking
 * out: the booking being moved.
 */
export async function loadDate(db: Database, date: string, excludeBookingId?: string): Promise<DateLoad> {
  const rows = await db
    .select({
      kind: sql<RowKind>`'seated'`,
      key: bookings.timeSlot,
      guests: sql<number>`${bookings.partyAdults} + ${bookings.partyChildren}`,
      event: events.slug,
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
        })
        .from(events)
        .where(and(eq(events.date, date), eq(events.takesBookings, true))),
    );
  return { rows: rows.map((row) => ({ ...row, guests: Number(row.guests) })) };
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
  const { rows } = await load(date);
  const seatedAt = (slug: string | null) =>
    rows
      .filter((row) => row.kind === 'seated' && row.event === slug)
      .map((row) => ({ timeSlot: row.key, guests: row.guests }));
  const eventRow = event ? rows.find((row) => row.kind === 'event' && row.event === event) : undefined;
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
  }: { staff?: boolean; excludeBookingId?: string | undefined; event?: string | undefined } = {},
): Promise<AvailabilitySlot[]> {
  return availabilityFrom({ date, now, content, guests, staff, event }, (day) =>
    loadDate(db, day, excludeBookingId),
  );
}
