import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, closures, events } from '../../db/schema.ts';
import {
  bookableDateRange,
  buildAvailability,
  type Service,
  servicesOn,
} from '../../shared/booking/rules.ts';
import type { AvailabilitySlot } from '../../shared/booking/schemas.ts';
import type { BookingSettings } from '../../shared/booking/settings.ts';
import { ACTIVE_BOOKING_STATUSES } from '../../shared/booking/status.ts';
import type { SiteContent } from '../../shared/content/documents.ts';
import type { SpecialDate } from '../../shared/content/schemas.ts';
import { isRealIsoDate } from '../../shared/time/london-time.ts';

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

/**
 * The slots of a date with `closed` and the covers `remaining` (for `guests`, when given), from the closures
 * and the active bookings stored for it, and with `event` that event's own time. A date that is not real,
 * outside today…today+180 (London) or without a service (nor the event) has no slots.
 */
export async function findAvailability(
  db: Database,
  date: string,
  now: Date,
  { settings, specialDates }: BookingContent,
  guests?: number,
  {
    staff = false,
    excludeBookingId,
    event,
  }: {
    /** Every slot of the date's services, whatever the booking window says (staff book any day). */
    staff?: boolean;
    /** Leave this booking out of the covers taken: the booking being moved. */
    excludeBookingId?: string;
    /** The slug of the event being booked: on its date, its own time with its own covers. */
    event?: string;
  } = {},
): Promise<AvailabilitySlot[]> {
  const range = bookableDateRange(now, settings);
  const outOfRange = !staff && (date < range.first || date > range.last);
  if (!isRealIsoDate(date) || outOfRange) return [];
  if (servicesOn(date, settings).length === 0 && !event) return [];
  // One round trip: each active booking's time, party and the booking event it is a seat at (if any), one
  // row per closed service, and the event asked about.
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
        .where(and(eq(events.slug, event ?? ''), eq(events.date, date), eq(events.takesBookings, true))),
    );
  const seatedAt = (slug: string | null) =>
    rows
      .filter((row) => row.kind === 'seated' && row.event === slug)
      .map((row) => ({ timeSlot: row.key, guests: Number(row.guests) }));
  const eventRow = rows.find((row) => row.kind === 'event');
  return buildAvailability({
    date,
    now,
    settings,
    specialDates,
    guests,
    staff,
    closedServices: new Set(rows.filter((row) => row.kind === 'closed').map((row) => row.key as Service)),
    // A seat at a booking event counts against the event's covers, not the kitchen's regular ones.
    seated: seatedAt(null),
    event: eventRow && {
      slug: eventRow.event ?? '',
      date,
      time: eventRow.key,
      covers: Number(eventRow.guests),
      taken: seatedAt(eventRow.event).reduce((sum, party) => sum + party.guests, 0),
    },
  });
}
