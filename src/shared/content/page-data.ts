/**
 * The answers a page is first rendered with on the server, keyed as the page's `useAsync` asks for them,
 * so the browser shows them at once instead of fetching them again.
 */
export type PageData = Record<string, unknown>;

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export const pageDataKey = {
  upcomingEvents: 'upcoming-events',
  event: (slug: string) => `event:${slug}`,
} as const;
