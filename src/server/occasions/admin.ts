import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { OccasionDay, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner, OccasionBookingStatus } from '#shared/occasions/api.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { countsTickets } from '#shared/occasions/party-change.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { notFound } from '../lib/errors.ts';
import { toStaffOccasionBooking } from './booking.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { isOccasionRow } from './rows.ts';

/** Staff's side of occasions: the occasion a URL names, and its bookings with their diners. */

type DinerRow = typeof occasionDiners.$inferSelect;

/** The occasion of a staff URL's slug, published or still a draft; Christmas Day's are the Christmas screen's. */
export function staffOccasion(content: Pick<SiteContent, 'occasions'>, slug: string): Occasion {
  const occasion = setMenuOccasions(content.occasions.occasions).find((candidate) => candidate.slug === slug);
  if (!occasion) throw notFound(OCCASION_BOOKING_MESSAGES.unknownOccasion);
  return occasion;
}

/** What staff see of a booking: every status but a checkout still open or lapsed. */
export const STAFF_STATUSES = ['CONFIRMED', 'CANCELLED'] as const satisfies readonly OccasionBookingStatus[];

/** A booking and its diners in the order they were added. */
export interface BookingWithDiners {
  booking: OccasionBookingRow;
  diners: DinerRow[];
}

/** The place of a booking's sitting in the day: the occasion's order, then any sitting since removed. */
function sittingRank(occasion: Occasion, sittingId: string): number {
  const index = occasion.sittings.findIndex((sitting) => sitting.id === sittingId);
  return index === -1 ? occasion.sittings.length : index;
}

/**
 * The occasion's bookings of `statuses` (one date, or every date), each with its diners: by date, by sitting in
 * the occasion's order, then in the order they were made.
 */
export async function occasionBookingsWithDiners(
  db: Database,
  occasion: Occasion,
  filter: { date?: string | undefined; statuses: readonly OccasionBookingStatus[] },
): Promise<BookingWithDiners[]> {
  const conditions: SQL[] = [
    eq(occasionBookings.occasionSlug, occasion.slug),
    inArray(occasionBookings.status, [...filter.statuses]),
  ];
  if (filter.date !== undefined) conditions.push(eq(occasionBookings.date, filter.date));
  const bookings = await db
    .select()
    .from(occasionBookings)
    .where(and(...conditions))
    .orderBy(asc(occasionBookings.date), asc(occasionBookings.createdAt), asc(occasionBookings.reference));
  const diners =
    bookings.length === 0
      ? []
      : await db
          .select()
          .from(occasionDiners)
          .where(
            inArray(
              occasionDiners.bookingId,
              bookings.map((booking) => booking.id),
            ),
          )
          .orderBy(asc(occasionDiners.createdAt), asc(occasionDiners.id));
  return bookings
    .map((booking) => ({ booking, diners: diners.filter((diner) => diner.bookingId === booking.id) }))
    .sort(
      (a, b) =>
        a.booking.date.localeCompare(b.booking.date) ||
        sittingRank(occasion, a.booking.sittingId) - sittingRank(occasion, b.booking.sittingId),
    );
}

export function toDiner(row: DinerRow): Diner {
  return {
    id: row.id,
    name: row.name,
    choices: row.choices,
    allergies: row.allergies,
    chosenBy: row.chosenBy,
    defaultedCourses: row.defaultedCourses,
  };
}

/** GET …/bookings: the confirmed and cancelled bookings, with their diners. */
export async function listStaffOccasionBookings(
  db: Database,
  occasion: Occasion,
  date: string | undefined,
): Promise<{ bookings: StaffOccasionBooking[] }> {
  const rows = await occasionBookingsWithDiners(db, occasion, { date, statuses: STAFF_STATUSES });
  return {
    bookings: rows.map(({ booking, diners }) =>
      toStaffOccasionBooking(occasion, booking, diners.map(toDiner)),
    ),
  };
}

type DaySittings = OccasionDay['occasions'][number]['sittings'];

/**
 * GET …/occasions/day: the date's confirmed parties of every occasion (Christmas Day's have Christmas's own
 * screens), for the bookings day view. Occasions come in the content's order, then any since removed (named as
 * booked); sittings in the occasion's order; parties in the order they were made.
 */
export async function occasionDayOf(
  db: Database,
  occasions: readonly Occasion[],
  date: string,
): Promise<OccasionDay> {
  const rows = await db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.date, date), eq(occasionBookings.status, 'CONFIRMED')))
    .orderBy(asc(occasionBookings.createdAt), asc(occasionBookings.reference));
  const slugs = [...new Set(rows.map((row) => row.occasionSlug))];
  const rank = (slug: string) => {
    const index = occasions.findIndex((occasion) => occasion.slug === slug);
    return index === -1 ? occasions.length : index;
  };
  slugs.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return {
    date,
    occasions: slugs.map((slug) => {
      const occasion = occasions.find((candidate) => candidate.slug === slug);
      const booked = rows.filter((row) => row.occasionSlug === slug);
      const sittingIds = [...new Set(booked.map((row) => row.sittingId))];
      if (occasion) sittingIds.sort((a, b) => sittingRank(occasion, a) - sittingRank(occasion, b));
      const sittings: DaySittings = sittingIds.map((sittingId) => {
        const parties = booked.filter((row) => row.sittingId === sittingId);
        const sitting = occasion?.sittings.find((candidate) => candidate.id === sittingId);
        return {
          sittingId,
          label: sitting?.label ?? parties[0]?.sittingLabel ?? sittingId,
          start: sitting?.start ?? null,
          end: sitting?.end ?? null,
          guests: parties.reduce((sum, row) => sum + row.partySize, 0),
          parties: parties.map((row) => ({
            id: row.id,
            reference: row.reference,
            name: row.name,
            partySize: row.partySize,
          })),
        };
      });
      return {
        slug,
        name: occasion?.name ?? booked[0]?.occasionName ?? slug,
        countsTickets: occasion ? countsTickets(occasion) : false,
        sittings,
      };
    }),
  };
}
