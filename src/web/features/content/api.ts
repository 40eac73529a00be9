import type { ContentDocument, ContentKey } from '#shared/content/documents.ts';
import { call } from '#web/lib/api.ts';

/** The published content documents. Through the one API client; import this module as `* as api`. */
export const content = <K extends ContentKey>(key: K) =>
  call<ContentDocument<K>>('GET', `/api/content/${key}`);
