import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { christmasBookings, christmasClosures, christmasReservations } from '../../db/schema.ts';
import { SITTING_IDS, type SittingId } from '../../shared/christmas/ids.ts';
import type { ChristmasAvailability } from '../../shared/christmas/schemas.ts';
import type { ChristmasDay } from '../../shared/christmas/season-schema.ts';
import { isPastOnlineCutoff } from '../../shared/christmas/validation.ts';

/** A reservation holds its seats while PENDING and unexpired, or PAID_AWAITING (paid, still settling). */
function holdsSeats(now: Date) {
  return or(
    and(eq(christmasReservations.state, 'PENDING'), gt(christmasReservations.expiresAt, now)),
    eq(christmasReservations.state, 'PAID_AWAITING'),
  );
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
export async function christmasSeatCounts(
  db: Database,
  now: Date,
  season: ChristmasDay,
  options: { excludeReservationId?: string } = {},
): Promise<Record<SittingId, SittingCounts>> {
  const held = options.excludeReservationId
    ? and(holdsSeats(now), ne(christmasReservations.id, options.excludeReservationId))
    : holdsSeats(now);
  // One after another: inside a transaction they share one connection, which takes one query at a time.
  const confirmed = await db
    .select({
      sittingId: christmasBookings.sittingId,
      guests: sql<number>`sum(${christmasBookings.partySize})`,
    })
    .from(christmasBookings)
    .where(eq(christmasBookings.status, 'CONFIRMED'))
    .groupBy(christmasBookings.sittingId);
  const holds = await db
    .select({
      sittingId: christmasReservations.sittingId,
      guests: sql<number>`sum(${christmasReservations.partyAdults} + ${christmasReservations.partyChildren})`,
    })
    .from(christmasReservations)
    .where(held)
    .groupBy(christmasReservations.sittingId);
  const closures = await db
    .selectDistinct({ sittingId: christmasClosures.sittingId })
    .from(christmasClosures)
    .where(inArray(christmasClosures.sittingId, [...SITTING_IDS]));
  const pastCutoff = isPastOnlineCutoff(season, now);
  const taken = (rows: { sittingId: string; guests: number | string }[], id: SittingId) =>
    Number(rows.find((row) => row.sittingId === id)?.guests ?? 0);

  const counts = {} as Record<SittingId, SittingCounts>;
  for (const sitting of season.sittings) {
    const booked = taken(confirmed, sitting.id);
    const heldGuests = taken(holds, sitting.id);
    counts[sitting.id] = {
      capacity: sitting.capacity,
      booked,
      held: heldGuests,
      remaining: Math.max(0, sitting.capacity - booked - heldGuests),
      closedByStaff: closures.some((closure) => closure.sittingId === sitting.id),
      pastCutoff,
    };
  }
  return counts;
}

/** The public answer (spec §7): seats left per sitting, closed after the cut-off or while staff have closed it. */
export async function christmasAvailability(
  db: Database,
  now: Date,
  season: ChristmasDay,
  options: { excludeReservationId?: string } = {},
): Promise<ChristmasAvailability> {
  const counts = await christmasSeatCounts(db, now, season, options);
  const availability = {} as ChristmasAvailability;
  for (const id of SITTING_IDS) {
    const { capacity, remaining, closedByStaff, pastCutoff } = counts[id];
    availability[id] = { capacity, remaining, closed: pastCutoff || closedByStaff };
  }
  return availability;
}
