import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import { lockOccasionSitting } from '#db/locks.ts';
import { occasionClosures } from '#db/schema.ts';
import type { occasionClosureRequestSchema, occasionClosureSchema } from '#shared/occasions/admin-api.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { occasionDates } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { closureNotFound, invalid } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';

/** Sittings of an occasion closed by staff, date by date: nothing more is sold there online. */

type ClosureRow = typeof occasionClosures.$inferSelect;
export type OccasionClosure = z.infer<typeof occasionClosureSchema>;

function toClosure(row: ClosureRow): OccasionClosure {
  return { id: row.id, date: row.date, sittingId: row.sittingId, reason: row.reason };
}

export async function listOccasionClosures(db: Database, occasion: Occasion): Promise<OccasionClosure[]> {
  const rows = await db
    .select()
    .from(occasionClosures)
    .where(eq(occasionClosures.occasionSlug, occasion.slug))
    .orderBy(asc(occasionClosures.date), asc(occasionClosures.createdAt));
  return rows.map(toClosure);
}

function summaryOf(occasion: Occasion, row: ClosureRow): string {
  return `${occasion.name}, ${row.date} ${row.sittingId}: ${row.reason}`;
}

/**
 * Closes one sitting of one of the occasion's dates. A sitting is closed once: closing it again answers the
 * existing closure; the sitting's lock (the one its bookings take) makes two simultaneous closes store one row.
 */
export async function closeOccasionSitting(
  db: Database,
  occasion: Occasion,
  request: z.output<typeof occasionClosureRequestSchema>,
  { now, actor }: { now: Date; actor: Actor },
): Promise<{ closure: OccasionClosure; created: boolean }> {
  if (!occasionDates(occasion).includes(request.date)) throw invalid(OCCASION_BOOKING_MESSAGES.date);
  if (!occasion.sittings.some((sitting) => sitting.id === request.sittingId)) {
    throw invalid(OCCASION_BOOKING_MESSAGES.sitting);
  }
  return db.transaction(async (tx) => {
    await lockOccasionSitting(tx, occasion.slug, request.date, request.sittingId);
    const [existing] = await tx
      .select()
      .from(occasionClosures)
      .where(
        and(
          eq(occasionClosures.occasionSlug, occasion.slug),
          eq(occasionClosures.date, request.date),
          eq(occasionClosures.sittingId, request.sittingId),
        ),
      )
      .limit(1);
    if (existing) return { closure: toClosure(existing), created: false };
    const [row] = await tx
      .insert(occasionClosures)
      .values({ occasionSlug: occasion.slug, ...request, createdAt: now })
      .returning();
    if (!row) throw new Error('The occasion closure was not stored');
    await recordAudit(
      tx,
      {
        actor,
        type: 'occasion-closure.created',
        subject: { type: 'occasion-closure', id: row.id },
        summary: summaryOf(occasion, row),
      },
      now,
    );
    return { closure: toClosure(row), created: true };
  });
}

/** Reopens the sitting: the closure of that id, of this occasion; any other id is not found. */
export async function reopenOccasionSitting(
  db: Database,
  occasion: Occasion,
  id: string,
  { now, actor }: { now: Date; actor: Actor },
): Promise<void> {
  if (!isUuid(id)) throw closureNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(occasionClosures)
      .where(and(eq(occasionClosures.id, id), eq(occasionClosures.occasionSlug, occasion.slug)))
      .returning();
    if (!row) throw closureNotFound();
    await recordAudit(
      tx,
      {
        actor,
        type: 'occasion-closure.deleted',
        subject: { type: 'occasion-closure', id },
        summary: summaryOf(occasion, row),
      },
      now,
    );
  });
}
