import { and, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionClosures } from '#db/schema.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { isOccasionRow } from './rows.ts';

/**
 * The seat rule of occasions, in one place: a sitting's seats less the parties of its CONFIRMED bookings and of
 * its HELD bookings whose hold is live (a hold with no end is a payment still settling); a closure row closes it.
 * The staff screens and the regular diary read the same numbers through these functions.
 */

/** The bookings that take seats at `now`. */
export function takesSeats(now: Date): SQL {
  return or(
    eq(occasionBookings.status, 'CONFIRMED'),
    and(
      eq(occasionBookings.status, 'HELD'),
      or(isNull(occasionBookings.holdExpiresAt), gt(occasionBookings.holdExpiresAt, now)),
    ),
  ) as SQL;
}

/** The guests that take seats at one sitting of one date of one occasion, confirmed and held apart. */
export interface TakenSeats {
  occasionSlug: string;
  date: string;
  sittingId: string;
  booked: number;
  held: number;
}

/**
 * Guests taking seats at `now`, per occasion (Christmas Day's counted by Christmas), date and sitting; narrowed
 * to one occasion, some dates, and leaving one booking out (the booking asking whether its own party still fits).
 */
export async function takenSeats(
  db: Database,
  now: Date,
  filter: { occasionSlug?: string; dates?: readonly string[]; excludeBookingId?: string } = {},
): Promise<TakenSeats[]> {
  const conditions: SQL[] = [isOccasionRow, takesSeats(now)];
  if (filter.occasionSlug !== undefined)
    conditions.push(eq(occasionBookings.occasionSlug, filter.occasionSlug));
  if (filter.dates !== undefined) {
    if (filter.dates.length === 0) return [];
    conditions.push(inArray(occasionBookings.date, [...filter.dates]));
  }
  if (filter.excludeBookingId !== undefined)
    conditions.push(ne(occasionBookings.id, filter.excludeBookingId));
  const rows = await db
    .select({
      occasionSlug: occasionBookings.occasionSlug,
      date: occasionBookings.date,
      sittingId: occasionBookings.sittingId,
      booked: sql<number>`coalesce(sum(${occasionBookings.partySize}) filter (where ${occasionBookings.status} = 'CONFIRMED'), 0)`,
      held: sql<number>`coalesce(sum(${occasionBookings.partySize}) filter (where ${occasionBookings.status} = 'HELD'), 0)`,
    })
    .from(occasionBookings)
    .where(and(...conditions))
    .groupBy(occasionBookings.occasionSlug, occasionBookings.date, occasionBookings.sittingId);
  return rows.map((row) => ({ ...row, booked: Number(row.booked), held: Number(row.held) }));
}

/** One sitting of one date as staff and guests see it. */
export interface SittingSeats {
  sittingId: string;
  seats: number;
  booked: number;
  held: number;
  remaining: number;
  closed: boolean;
}

export interface DateSeats {
  date: string;
  sittings: SittingSeats[];
}

/** Every sitting of each of `dates` of the occasion: its seats, those taken, those left, and closure. */
export async function occasionSeats(
  db: Database,
  now: Date,
  occasion: Occasion,
  dates: readonly string[],
  options: { excludeBookingId?: string } = {},
): Promise<DateSeats[]> {
  const taken = await takenSeats(db, now, { occasionSlug: occasion.slug, dates, ...options });
  const closures =
    dates.length === 0
      ? []
      : await db
          .select({ date: occasionClosures.date, sittingId: occasionClosures.sittingId })
          .from(occasionClosures)
          .where(
            and(eq(occasionClosures.occasionSlug, occasion.slug), inArray(occasionClosures.date, [...dates])),
          );
  return dates.map((date) => ({
    date,
    sittings: occasion.sittings.map((sitting) => {
      const row = taken.find((candidate) => candidate.date === date && candidate.sittingId === sitting.id);
      const booked = row?.booked ?? 0;
      const held = row?.held ?? 0;
      return {
        sittingId: sitting.id,
        seats: sitting.seats,
        booked,
        held,
        remaining: Math.max(0, sitting.seats - booked - held),
        closed: closures.some((closure) => closure.date === date && closure.sittingId === sitting.id),
      };
    }),
  }));
}

/** One sitting of one date: what a booking checks under the sitting's lock. */
export async function sittingSeats(
  db: Database,
  now: Date,
  occasion: Occasion,
  date: string,
  sittingId: string,
  options: { excludeBookingId?: string } = {},
): Promise<SittingSeats | undefined> {
  const [day] = await occasionSeats(db, now, occasion, [date], options);
  return day?.sittings.find((sitting) => sitting.sittingId === sittingId);
}
