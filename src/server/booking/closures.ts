import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockServiceClosure } from '../../db/locks.ts';
import { closures } from '../../db/schema.ts';
import type { Service } from '../../shared/booking/rules.ts';
import type { ServiceClosure } from '../../shared/booking/schemas.ts';
import { closureNotFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';

type ClosureRow = typeof closures.$inferSelect;

function toClosure(row: ClosureRow): ServiceClosure {
  return { _id: row.id, date: row.date, service: row.service, reason: row.reason };
}

export async function listClosures(db: Database, date: string): Promise<ServiceClosure[]> {
  const rows = await db
    .select()
    .from(closures)
    .where(eq(closures.date, date))
    .orderBy(asc(closures.service), asc(closures.createdAt));
  return rows.map(toClosure);
}

/**
 * Closes a service on a date. A service is closed once: closing it again answers the existing closure.
 * The lock on the date and service makes two simultaneous closes store one row.
 */
export async function closeService(
  db: Database,
  input: { date: string; service: Service; reason: string },
  now: Date,
): Promise<{ closure: ServiceClosure; created: boolean }> {
  return db.transaction(async (tx) => {
    await lockServiceClosure(tx, input.date, input.service);
    const [existing] = await tx
      .select()
      .from(closures)
      .where(and(eq(closures.date, input.date), eq(closures.service, input.service)))
      .limit(1);
    if (existing) return { closure: toClosure(existing), created: false };
    const [row] = await tx
      .insert(closures)
      .values({ ...input, createdAt: now })
      .returning();
    if (!row) throw new Error('The closure was not stored');
    return { closure: toClosure(row), created: true };
  });
}

/** Reopens the service. */
export async function deleteClosure(db: Database, id: string): Promise<void> {
  if (!isUuid(id)) throw closureNotFound();
  const rows = await db.delete(closures).where(eq(closures.id, id)).returning({ id: closures.id });
  if (rows.length === 0) throw closureNotFound();
}
