import { z } from 'zod';
import { statusChoiceMessage } from '../booking/status.ts';
import { MAIL_KINDS, OUTBOX_STATUSES } from './outbox.ts';

/**
 * The e-mail admin API's shapes. Zod stays out of the browser: the web imports these types with
 * `import type` only.
 */

/** The query of GET /api/admin/mail: which messages to list. */
export const outboxListQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: statusChoiceMessage(OUTBOX_STATUSES) }),
});

/** A message as staff see it: who it is to and what it is about, never its body. */
export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  reference: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
