import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, closures } from '../../db/schema.ts';
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

/**
 * The slots of a date with `closed` and the covers `remaining` (for `guests`, when given), from the closures
 * and the active bookings stored for
 * it. A date that is not real, outside today…today+180 (London) or without a service has no slots.
 */
/** What the engine reads from the content documents: the booking settings and the venue's special dates. */
export interface BookingContent {
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
}

/** The booking settings and special dates out of the site's content. */
export function bookingContentOf(content: Pick<SiteContent, 'booking-settings' | 'venue'>): BookingContent {
  return { settings: content['booking-settings'], specialDates: content.venue.specialDates };
}

export async function findAvailability(
  db: Database,
  date: string,
  now: Date,
  { settings, specialDates }: BookingContent,
  guests?: number,
  {
    staff = false,
    excludeBookingId,
  }: {
    /** Every slot of the date's services, whatever the booking window says (staff book any day). */
    staff?: boolean;
    /** Leave this booking out of the covers taken: the booking being moved. */
    excludeBookingId?: string;
  } = {},
): Promise<AvailabilitySlot[]> {
  const range = bookableDateRange(now, settings);
  const outOfRange = !staff && (date < range.first || date > range.last);
  if (!isRealIsoDate(date) || outOfRange || servicesOn(date, settings).length === 0) return [];
  // One round trip: each active booking's time and party, then one row per closed service.
  const rows = await db
    .select({
      kind: sql<'seated' | 'closed'>`'seated'`,
      key: bookings.timeSlot,
      guests: sql<number>`${bookings.partyAdults} + ${bookings.partyChildren}`,
    })
    .from(bookings)
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
          kind: sql<'seated' | 'closed'>`'closed'`,
          key: closures.service,
          guests: sql<number>`0`,
        })
        .from(closures)
        .where(eq(closures.date, date)),
    );
  return buildAvailability({
    date,
    now,
    settings,
    specialDates,
    guests,
    staff,
    closedServices: new Set(rows.filter((row) => row.kind === 'closed').map((row) => row.key as Service)),
    seated: rows
      .filter((row) => row.kind === 'seated')
      .map((row) => ({ timeSlot: row.key, guests: Number(row.guests) })),
  });
}
