import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { closures, occasionClosures } from '#db/schema.ts';
import type { AuditType } from '#shared/audit/types.ts';
import { type Actor, recordAudit } from '../audit/trail.ts';
import { closureNotFound } from './errors.ts';
import { isUuid } from './uuid.ts';

/**
 * What reopens a service or a Christmas sitting a staff closure closed: a delete of the closure of the id in a
 * URL, with its entry in the trail. Any id that names none (within `scope`, when given) is not found.
 */
export function closureDeleter<Row>({
  table,
  scope,
  audit,
}: {
  table: typeof closures | typeof occasionClosures;
  scope?: SQL;
  audit: { type: AuditType; subject: string; summary: (row: Row) => string };
}) {
  return async (db: Database, id: string, { actor, now }: { actor: Actor; now: Date }): Promise<void> => {
    if (!isUuid(id)) throw closureNotFound();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(table)
        .where(and(eq(table.id, id), scope))
        .returning();
      if (!row) throw closureNotFound();
      const summary = audit.summary(row as Row);
      await recordAudit(tx, { actor, type: audit.type, subject: { type: audit.subject, id }, summary }, now);
    });
  };
}
