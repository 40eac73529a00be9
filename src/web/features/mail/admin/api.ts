import type { OutboxStatus } from '../../../../shared/mail/outbox.ts';
import type { OutboxEntry } from '../../../../shared/mail/schemas.ts';
import { call } from '../../../lib/api.ts';

/** The e-mail admin's calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listMail = (status: OutboxStatus) =>
  call<OutboxEntry[]>('GET', `/api/admin/mail?status=${encodeURIComponent(status)}`);

export const resendMail = (id: string) =>
  call<OutboxEntry>('POST', `/api/admin/mail/${encodeURIComponent(id)}/resend`);
