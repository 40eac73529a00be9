import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionDiners } from '#db/schema.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import { placeholderDinerName } from '#shared/occasions/pre-order-messages.ts';
import { isTicketed, openCourses, preOrderDeadline, withDefaults } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { recordAudit, SYSTEM } from '../audit/trail.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { dinersOf, occasionOf } from './pre-orders.ts';
import { isOccasionRow } from './rows.ts';

export interface DeadlineOptions {
  db: Database;
  now: Date;
  content: SiteContent;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Gives each place of the party nobody took (past the `taken` diners) a diner "Guest N" with the default menu:
 * at the deadline, and when staff grow a party whose order has locked. Answers how many places were filled.
 */
export async function fillOpenPlaces(
  tx: Database,
  booking: Pick<OccasionBookingRow, 'id' | 'partySize'>,
  occasion: Occasion,
  taken: number,
  now: Date,
): Promise<number> {
  const places = Math.max(0, booking.partySize - taken);
  if (places === 0) return 0;
  const everyCourse = occasion.courses.map((course) => course.id);
  await tx.insert(occasionDiners).values(
    Array.from({ length: places }, (_, index) => ({
      bookingId: booking.id,
      name: placeholderDinerName(taken + index + 1),
      choices: withDefaults(occasion, {}),
      chosenBy: 'default' as const,
      defaultedCourses: everyCourse,
      // A millisecond apart, so the party's list keeps them in their numbers' order.
      createdAt: new Date(now.getTime() + index),
      updatedAt: now,
    })),
  );
  return places;
}

/**
 * Closes one party's order on `tx`: every course still open for a diner gets its default dish (recorded in
 * `defaultedCourses`; who chose stays, unless nobody chose anything), each place nobody took gets a diner
 * "Guest N" with the default menu, and the trail says so. Answers how many places were filled.
 */
async function applyDefaults(tx: Database, booking: OccasionBookingRow, occasion: Occasion, now: Date) {
  const diners = await dinersOf(tx, booking.id);
  let dinersDefaulted = 0;
  for (const diner of diners) {
    const open = openCourses(occasion, diner.choices);
    if (open.length === 0) continue;
    dinersDefaulted++;
    await tx
      .update(occasionDiners)
      .set({
        choices: withDefaults(occasion, diner.choices),
        defaultedCourses: [...diner.defaultedCourses, ...open.map((course) => course.id)],
        chosenBy: open.length === occasion.courses.length ? 'default' : diner.chosenBy,
        updatedAt: now,
      })
      .where(eq(occasionDiners.id, diner.id));
  }
  const placesFilled = await fillOpenPlaces(tx, booking, occasion, diners.length, now);
  await recordAudit(
    tx,
    {
      actor: SYSTEM,
      type: 'occasion.locked',
      subject: { type: 'occasion-booking', id: booking.id },
      summary:
        `${booking.reference}, ${plural(booking.partySize, 'guest', 'guests')}: choices closed at the deadline; ` +
        `${plural(placesFilled, 'place', 'places')} given the default menu, ` +
        `${plural(dinersDefaulted, 'diner', 'diners')} given a default for a course left open`,
      changes: {
        locked: { before: false, after: true },
        ...(placesFilled > 0 ? { placesDefaulted: { before: null, after: placesFilled } } : {}),
        ...(dinersDefaulted > 0 ? { dinersDefaulted: { before: null, after: dinersDefaulted } } : {}),
      },
    },
    now,
  );
}

/**
 * The deadline's pass (issue 30): every confirmed party whose pre-order deadline has passed and that is not yet
 * locked is given its defaults and locked. Each party is claimed in its own transaction by a compare-and-set
 * on `locked_at`, which takes the booking's row lock: a second server running the pass at once waits for it,
 * then finds the party locked and does nothing, and a diner choosing at that moment is counted before or
 * refused after. Ticketed events have nothing to pre-order; a booking whose occasion was removed has no menu to
 * default from, so neither is touched, nor is Christmas Day (its orders are final when booked). Answers how many
 * parties were locked.
 */
export async function lockDueOrders(options: DeadlineOptions): Promise<number> {
  const { db, now, content, log } = options;
  const open = await db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.status, 'CONFIRMED'), isNull(occasionBookings.lockedAt)));
  let locked = 0;
  for (const candidate of open) {
    const occasion = occasionOf(content, candidate);
    if (!occasion || isTicketed(occasion)) continue;
    if (now.getTime() <= preOrderDeadline(occasion, candidate.date).getTime()) continue;
    try {
      const claimed = await db.transaction(async (tx) => {
        const [booking] = await tx
          .update(occasionBookings)
          .set({ lockedAt: now, updatedAt: now })
          .where(
            and(
              eq(occasionBookings.id, candidate.id),
              eq(occasionBookings.status, 'CONFIRMED'),
              isNull(occasionBookings.lockedAt),
            ),
          )
          .returning();
        if (!booking) return false;
        await applyDefaults(tx, booking, occasion, now);
        return true;
      });
      if (claimed) locked++;
    } catch (error) {
      log.error(
        { err: error, reference: candidate.reference },
        'pre-order not locked; tried again next pass',
      );
    }
  }
  return locked;
}
