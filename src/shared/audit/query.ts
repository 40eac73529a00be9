import { z } from 'zod';
import { dateField } from '../schema/fields.ts';
import { auditEntrySchema, auditTypeSchema } from './types.ts';

/** How many entries one page of the activity page holds. */
export const AUDIT_PAGE_SIZE = 50;

/** The activity page's filters (GET /api/admin/audit): `from` and `to` are London days, both included. */
export const auditQuerySchema = z
  .object({
    /** A staff account's id, or "guest" or "system". */
    actor: z
      .union([z.uuid(), z.enum(['guest', 'system'])], { error: 'actor must be a staff id, guest or system.' })
      .optional(),
    type: auditTypeSchema.optional(),
    from: dateField('from').optional(),
    to: dateField('to').optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => !(query.from && query.to) || query.from <= query.to, 'from must not be after to.');
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** One page of the trail, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
