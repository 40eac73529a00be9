import { z } from 'zod';
import { DAYS_OUT_OF_ORDER, dateField, daysInOrder } from '../schema/fields.ts';
import { isRealIsoDate } from '../time/london-time.ts';
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
  .refine(daysInOrder, { message: DAYS_OUT_OF_ORDER, path: ['to'] });
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

const dayOrNone = (label: string) =>
  z.string().refine((day) => day === '' || isRealIsoDate(day), `${label} must be a real date.`);

/** The activity page's filter form: each filter '' when not set, checked as the query is. */
export const auditFiltersSchema = z
  .object({
    actor: z.string(),
    type: z.string(),
    from: dayOrNone('From'),
    to: dayOrNone('To'),
  })
  .refine(daysInOrder, { message: 'The “To” day must not be before the “From” day.', path: ['to'] });
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** One page of the trail, newest first. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  hasMore: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
