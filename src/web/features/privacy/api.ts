import type { Unsubscribed } from '#shared/privacy/consent-schemas.ts';
import { call } from '#web/lib/api.ts';

/** The mailing list's one public call, through the one API client; import this module as `* as api`. */
export const unsubscribe = (token: string) =>
  call<Unsubscribed>('POST', '/api/marketing/unsubscribe', { body: { token } });
