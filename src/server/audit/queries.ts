import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditEvents, bookings } from '#db/schema.ts';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery } from '#shared/audit/query.ts';
import type { AuditChange, AuditEntry, AuditType } from '#shared/audit/types.ts';
import { addDays, londonInstant } from '#shared/time/london-time.ts';
import { bookingNotFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';

type AuditRow = typeof auditEvents.$inferSelect;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorKind: row.actorKind,
    actorId: row.actorId,
    actorName: row.actorName,
    type: row.type as AuditType,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    summary: row.summary,
    changes: row.changes as Record<string, AuditChange> | null,
  };
}

const NEWEST_FIRST = [desc(auditEvents.at), desc(auditEvents.id)];

/** One page of the trail, newest first, narrowed by who, what kind and which London days. */
export async function findAuditEntries(db: Database, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.actor === 'guest' || query.actor === 'system') {
    conditions.push(eq(auditEvents.actorKind, query.actor));
  } else if (query.actor) {
    conditions.push(eq(auditEvents.actorId, query.actor));
  }
  if (query.type) conditions.push(eq(auditEvents.type, query.type));
  if (query.from) conditions.push(gte(auditEvents.at, londonInstant(query.from, '00:00')));
  if (query.to) conditions.push(lt(auditEvents.at, londonInstant(addDays(query.to, 1), '00:00')));
  // One more than a page tells whether there is another.
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE).map(toEntry), hasMore: rows.length > AUDIT_PAGE_SIZE };
}

/** Everything the trail holds about one table booking, newest first. */
export async function tableBookingHistory(db: Database, bookingId: string): Promise<AuditEntry[]> {
  if (!isUuid(bookingId)) throw bookingNotFound();
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw bookingNotFound();
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'booking'), eq(auditEvents.subjectId, bookingId)))
    .orderBy(...NEWEST_FIRST);
  return rows.map(toEntry);
}
