import type { OutboxStatus } from '#shared/mail/outbox.ts';
import type { OutboxEntry, OutboxMessage } from '#shared/mail/schemas.ts';
import { call } from '#web/lib/api.ts';

/** The e-mail admin's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listMail = (status: OutboxStatus) =>
  call<OutboxEntry[]>('GET', `/api/admin/mail?status=${encodeURIComponent(status)}`);

/** Every status at once: part of an addressee, a subject or a reference, in any case. */
export const searchMail = (search: string) =>
  call<OutboxEntry[]>('GET', `/api/admin/mail?${new URLSearchParams({ q: search })}`);

export const openMail = (id: string) =>
  call<OutboxMessage>('GET', `/api/admin/mail/${encodeURIComponent(id)}`);

/** A failed message goes back in the queue; a sent one is queued again as a copy. */
export const resendMail = (id: string) =>
  call<OutboxEntry>('POST', `/api/admin/mail/${encodeURIComponent(id)}/resend`);
