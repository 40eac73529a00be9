import type { ContentDocument, ContentKey } from '#shared/content/documents.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { useAsync } from '#web/hooks/use-async.ts';
import * as api from './api.ts';

/**
 * Documents the browser has had in this visit, so a client-side navigation shows them at once. Never used on
 * the server: there each render has the request's own documents in its page data.
 */
const seenInThisVisit = new Map<ContentKey, unknown>();
const inBrowser = typeof window !== 'undefined';

/** After staff save a document, the pages of this visit show the saved one, not the one read before. */
export function forgetContent(key: ContentKey): void {
  seenInThisVisit.delete(key);
}

async function load<K extends ContentKey>(key: K): Promise<ContentDocument<K>> {
  return (seenInThisVisit.get(key) as ContentDocument<K> | undefined) ?? api.content(key);
}

/**
 * A content document staff edit (menu, hours, settings): the one the server rendered the page with, or,
 * after a client-side navigation, the published one from the API. Undefined until it has arrived.
 */
export function useContent<K extends ContentKey>(key: K): ContentDocument<K> | undefined {
  const state = useAsync(() => load(key), pageDataKey.content(key));
  if (state.status === 'done') {
    if (inBrowser) seenInThisVisit.set(key, state.value);
    return state.value;
  }
  return inBrowser ? (seenInThisVisit.get(key) as ContentDocument<K> | undefined) : undefined;
}
