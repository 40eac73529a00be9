import { z } from 'zod';
import { AUDIT_ACTOR_KINDS } from './actors.ts';
import { AUDIT_TYPES, type AuditType } from './labels.ts';

export { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from './labels.ts';

export const auditTypeSchema = z.enum(AUDIT_TYPES as [AuditType, ...AuditType[]]);

/** A field's value before and after a change; a guest's personal field is recorded as changed, never its value. */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One entry of the trail as GET /api/admin/audit and a booking's history answer it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.string().nullable(),
  actorName: z.string(),
  type: auditTypeSchema,
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), auditChangeSchema).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What stands in the trail for a guest's personal value that changed (decision 018). */
export const PERSONAL_VALUE = '(personal data)';
