import type { GuestData, GuestEraseAnswer, GuestEraseRequestInput } from '#shared/privacy/guests.ts';
import { call } from '#web/lib/api.ts';

/** The guest-data screen's calls, through the one API client; import this module as `* as api`. */
export const findGuest = (q: string) =>
  call<GuestData>('GET', `/api/admin/guests?q=${encodeURIComponent(q)}`);

export const eraseGuest = (request: GuestEraseRequestInput) =>
  call<GuestEraseAnswer>('POST', '/api/admin/guests/erase', { body: request });

/** The export is a plain download: the browser sends the session cookie and saves the file. */
export const exportHref = (q: string) => `/api/admin/guests/export?q=${encodeURIComponent(q)}`;
