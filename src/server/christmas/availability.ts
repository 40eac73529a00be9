import { and, eq, gt, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionClosures } from '#db/schema.ts';
import type { ChristmasAvailability } from '#shared/christmas/checkout-schemas.ts';
import { CHRISTMAS_OCCASION_SLUG, SITTING_IDS, type SittingId } from '#shared/christmas/ids.ts';
import { isPastOnlineCutoff } from '#shared/christmas/online-cutoff.ts';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import type { WatchedTable } from '../lib/table-changes.ts';
import { guestsPerSitting, isChristmasRow, reservationIn } from './store.ts';

/** The tables whose changes can change the seats left. */
export const CHRISTMAS_SEAT_TABLES = [
  'occasion_bookings',
  'occasion_closures',
] as const satisfies readonly WatchedTable[];

/** What the seat counts are built from: confirmed guests per sitting, the holds live at `loadedAt`, closures. */
export interface SeatLoad {
  readonly confirmed: readonly { sittingId: string; guests: number }[];
  readonly holds: readonly { id: string; sittingId: string; guests: number; until: Date | null }[];
  readonly closedSittings: readonly string[];
}

/**
 * A checkout holds its seats while PENDING and unexpired (`until`), or PAID_AWAITING (paid, still settling:
 * `until` null). A hold expires with time alone, so each is read with its end.
 */
export async function loadSeats(db: Database, now: Date): Promise<SeatLoad> {
  // One after another: inside a transaction they share one connection, which takes one query at a time.
  const confirmed = await guestsPerSitting(db, eq(occasionBookings.status, 'CONFIRMED'));
  const holds = await db
    .select({
      id: occasionBookings.id,
      sittingId: occasionBookings.sittingId,
      guests: occasionBookings.partySize,
      until: occasionBookings.holdExpiresAt,
    })
    .from(occasionBookings)
    .where(
      and(
        isChristmasRow,
        or(
          and(reservationIn('PENDING'), gt(occasionBookings.holdExpiresAt, now)),
          reservationIn('PAID_AWAITING'),
        ),
      ),
    );
  const closures = await db
    .selectDistinct({ sittingId: occasionClosures.sittingId })
    .from(occasionClosures)
    .where(eq(occasionClosures.occasionSlug, CHRISTMAS_OCCASION_SLUG));
  return {
    confirmed: confirmed.map((row) => ({ sittingId: row.sittingId, guests: Number(row.guests) })),
    holds,
    closedSittings: closures.map((closure) => closure.sittingId),
  };
}

/** One sitting's seats: guests booked, guests held by live checkouts, and the rest. */
export interface SittingCounts {
  capacity: number;
  booked: number;
  held: number;
  remaining: number;
  closedByStaff: boolean;
  pastCutoff: boolean;
}

/**
 * `remaining = capacity − confirmed guests − guests in live holds` per sitting (product.md §3), with what
 * closes it online: the cut-off, or staff. `excludeReservationId` leaves one hold out of the count: the
 * reservation asking whether its own party still fits.
 */
export function seatCountsFrom(
  load: SeatLoad,
  now: Date,
  season: ChristmasDay,
  options: { excludeReservationId?: string | undefined } = {},
): Record<SittingId, SittingCounts> {
  const pastCutoff = isPastOnlineCutoff(season, now);
  const counts = {} as Record<SittingId, SittingCounts>;
  for (const sitting of season.sittings) {
    const booked = load.confirmed.find((row) => row.sittingId === sitting.id)?.guests ?? 0;
    const held = load.holds
      .filter(
        (hold) =>
          hold.sittingId === sitting.id &&
          hold.id !== options.excludeReservationId &&
          (hold.until === null || hold.until > now),
      )
      .reduce((sum, hold) => sum + hold.guests, 0);
    counts[sitting.id] = {
      capacity: sitting.capacity,
      booked,
      held,
      remaining: Math.max(0, sitting.capacity - booked - held),
      closedByStaff: load.closedSittings.includes(sitting.id),
      pastCutoff,
    };
  }
  return counts;
}

/** The seat counts straight from the database: inside a checkout's transaction, and for staff. */
export async function christmasSeatCounts(
  db: Database,
  now: Date,
  season: ChristmasDay,
  options: { excludeReservationId?: string } = {},
): Promise<Record<SittingId, SittingCounts>> {
  return seatCountsFrom(await loadSeats(db, now), now, season, options);
}

/** The public answer (spec §7): seats left per sitting, closed after the cut-off or while staff have closed it. */
export function availabilityFromCounts(counts: Record<SittingId, SittingCounts>): ChristmasAvailability {
  const availability = {} as ChristmasAvailability;
  for (const id of SITTING_IDS) {
    const { capacity, remaining, closedByStaff, pastCutoff } = counts[id];
    availability[id] = { capacity, remaining, closed: pastCutoff || closedByStaff };
  }
  return availability;
}

/** The public answer straight from the database (inside a checkout's transaction). */
export async function christmasAvailability(
  ...query: Parameters<typeof christmasSeatCounts>
): Promise<ChristmasAvailability> {
  return availabilityFromCounts(await christmasSeatCounts(...query));
}
