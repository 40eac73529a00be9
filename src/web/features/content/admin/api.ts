import type { ContentDocument, ContentKey, ContentVersionSummary } from '#shared/content/documents.ts';
import { call } from '#web/lib/api.ts';

/** The content editors' calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */

const base = (key: ContentKey) => `/api/admin/content/${encodeURIComponent(key)}`;

export const latest = <K extends ContentKey>(key: K) =>
  call<{ version: number; document: ContentDocument<K> }>('GET', base(key));

export const save = <K extends ContentKey>(key: K, baseVersion: number, document: ContentDocument<K>) =>
  call<{ version: number }>('PUT', base(key), { body: { baseVersion, document } });

export const versions = (key: ContentKey) => call<ContentVersionSummary[]>('GET', `${base(key)}/versions`);

export const restore = (key: ContentKey, version: number) =>
  call<{ version: number }>('POST', `${base(key)}/versions/${version}/restore`);
