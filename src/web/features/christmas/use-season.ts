import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { useAsync } from '#web/hooks/use-async.ts';
import { call } from '#web/lib/api.ts';

/**
 * The season the browser has had in this visit, so a client-side navigation shows it at once. Never used on
 * the server: there each render has the request's own season in its page data.
 */
let seenInThisVisit: ChristmasSeason | undefined;
const inBrowser = typeof window !== 'undefined';

/** After a manager saves the occasions (Christmas Day is one of them), the pages of this visit show the saved one. */
export function forgetChristmasSeason(): void {
  seenInThisVisit = undefined;
}

/**
 * The season this visit has had, else `GET /api/christmas/season`'s (then kept for the visit). Only ever run in
 * the browser. Called here rather than from `api.ts`: every page's entry holds this module (the site's content
 * has Christmas Day), and `api.ts` would bring the checkout's calls into it.
 */
export async function loadChristmasSeason(): Promise<ChristmasSeason> {
  seenInThisVisit ??= await call<ChristmasSeason>('GET', '/api/christmas/season');
  return seenInThisVisit;
}

/**
 * This year's Christmas Day with its menu: the one the server rendered the page with, or, after a client-side
 * navigation, the one from the API. Undefined until it has arrived.
 */
export function useChristmasSeason(): ChristmasSeason | undefined {
  const state = useAsync(loadChristmasSeason, pageDataKey.christmasSeason);
  if (state.status === 'done') {
    if (inBrowser) seenInThisVisit = state.value;
    return state.value;
  }
  return inBrowser ? seenInThisVisit : undefined;
}
