import type { Database } from '#db/client.ts';
import { auditEvents } from '#db/schema.ts';
import { type AuditChange, type AuditType, PERSONAL_VALUE } from '#shared/audit/types.ts';
import type { Admin } from '../staff/admins.ts';

/** Who made a change: a signed-in staff member, a guest through their link or a form, or the site itself. */
export type Actor = { kind: 'staff'; id: string; name: string } | { kind: 'guest' } | { kind: 'system' };

export const GUEST: Actor = { kind: 'guest' };
export const SYSTEM: Actor = { kind: 'system' };

export function staffActor(admin: Admin): Actor {
  return { kind: 'staff', id: admin.id, name: admin.name };
}

/** The name a record shows for who made or changed it ("made by", "changed by"). */
export function actorName(actor: Actor): string {
  if (actor.kind === 'staff') return actor.name;
  return actor.kind === 'guest' ? 'Guest' : 'System';
}

export interface AuditRecord {
  actor: Actor;
  type: AuditType;
  subject: { type: string; id?: string | null };
  /** One line for people: the reference or name of the thing, never a guest's name or contact details. */
  summary: string;
  changes?: Record<string, AuditChange> | null;
}

/** An entry for a staff member's own act on their account: signing in, a new password, two-step sign-in. */
export async function recordOwnAccountEvent(
  tx: Database,
  admin: Admin,
  entry: Pick<AuditRecord, 'type' | 'summary' | 'changes'>,
  now: Date,
): Promise<void> {
  await recordAudit(
    tx,
    { actor: staffActor(admin), subject: { type: 'staff', id: admin.id }, ...entry },
    now,
  );
}

/**
 * Writes one entry of the trail. Call it with the change's own transaction, so a change that rolls back leaves
 * no entry and an entry never describes a change that did not happen.
 */
export async function recordAudit(tx: Database, record: AuditRecord, at: Date): Promise<void> {
  await tx.insert(auditEvents).values({
    at,
    actorKind: record.actor.kind,
    actorId: record.actor.kind === 'staff' ? record.actor.id : null,
    actorName: actorName(record.actor),
    type: record.type,
    subjectType: record.subject.type,
    subjectId: record.subject.id ?? null,
    summary: record.summary,
    changes: record.changes && Object.keys(record.changes).length > 0 ? record.changes : null,
  });
}

/** `changedFields` of the `tracked` fields of two versions of one row. */
export function changedTrackedFields<Row extends object, Field extends keyof Row & string>(
  before: Row,
  after: Row,
  tracked: readonly Field[],
  personal: readonly Field[],
): Record<string, AuditChange> {
  const trackedOf = (row: Row) =>
    Object.fromEntries(tracked.map((field) => [field, row[field]])) as Record<Field, unknown>;
  return changedFields(trackedOf(before), trackedOf(after), personal);
}

/**
 * The fields whose value differs between `before` and `after` (compared as JSON), each as { before, after };
 * the `personal` fields (a guest's name, contact details, notes) show that they changed but not their values.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  personal: readonly (keyof T)[] = [],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const was = before[key];
    const now = after[key];
    if (now === undefined || JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = personal.includes(key)
      ? { before: PERSONAL_VALUE, after: PERSONAL_VALUE }
      : { before: was ?? null, after: now ?? null };
  }
  return changes;
}
