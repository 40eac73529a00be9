import type { ContentDocument, ContentKey, ContentVersionSummary } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** The content editors' calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */

const base = (key: ContentKey) => `/api/admin/content/${encodeURIComponent(key)}`;

export const latest = <K extends ContentKey>(key: K) =>
  call<{ version: number; document: ContentDocument<K> }>('GET', base(key));

export const save = <K extends ContentKey>(key: K, baseVersion: number, document: ContentDocument<K>) =>
  call<{ version: number }>('PUT', base(key), { body: { baseVersion, document } });

export const versions = (key: ContentKey) => call<ContentVersionSummary[]>('GET', `${base(key)}/versions`);

export const restore = (key: ContentKey, version: number) =>
  call<{ version: number }>('POST', `${base(key)}/versions/${version}/restore`);

/**
 * A save or change refused because a colleague saved first (409): unless the server says why otherwise (a photo
 * still in use, a table still booked), which the screen shows in its words.
 */
export function savedElsewhereFirst(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (!error.fromServer || error.message === CONTENT_MESSAGES.stale)
  );
}
