import { z } from 'zod';
import { statusChoiceMessage } from '../booking/status.ts';
import { plainText, tooLongMessage } from '../schema/fields.ts';
import { MAIL_KINDS, OUTBOX_MESSAGES, OUTBOX_SEARCH_MAX_LENGTH, OUTBOX_STATUSES } from './outbox.ts';

/**
 * The e-mail admin API's shapes. Zod stays out of the browser: the web imports these types with
 * `import type` only (the search form, a staff screen, checks by `outboxSearchSchema`).
 */

const searchText = plainText(
  z
    .string({ error: 'q must be text.' })
    .trim()
    .min(1, OUTBOX_MESSAGES.searchEmpty)
    .max(OUTBOX_SEARCH_MAX_LENGTH, tooLongMessage('Search', OUTBOX_SEARCH_MAX_LENGTH)),
  'Search',
);

/** The staff screen's search: part of an e-mail address, a subject or a booking reference, in any case. */
export const outboxSearchSchema = z.object({ q: searchText });
export type OutboxSearch = z.infer<typeof outboxSearchSchema>;

/** The query of GET /api/admin/mail: the messages of one status, those a search finds, or both at once. */
export const outboxListQuerySchema = z
  .object({
    status: z.enum(OUTBOX_STATUSES, { error: statusChoiceMessage(OUTBOX_STATUSES) }).optional(),
    q: searchText.optional(),
  })
  .refine((query) => query.status !== undefined || query.q !== undefined, OUTBOX_MESSAGES.statusOrSearch);
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** A message as staff see it in a list: who it is to and what it is about, not its body. */
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

/**
 * One message opened (GET /api/admin/mail/:id): its plain-text body as the guest received it, never the HTML
 * part, which the admin would have to render.
 */
export const outboxMessageSchema = outboxEntrySchema.extend({ text: z.string().nullable() });

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
