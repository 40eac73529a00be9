import type { ContentKey } from './documents.ts';

/**
 * The answers a page is first rendered with on the server, keyed as the page's `useAsync` asks for them,
 * so the browser shows them at once instead of fetching them again.
 */
export type PageData = Record<string, unknown>;

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export const pageDataKey = {
  upcomingEvents: 'upcoming-events',
  event: (slug: string) => `event:${slug}`,
  /** What's On's occasions (GET /api/occasions). */
  occasions: 'occasions',
  /** An occasion's page (GET /api/occasions/:slug). */
  occasion: (slug: string) => `occasion:${slug}`,
  managedBooking: (token: string) => `managed-booking:${token}`,
  managedChristmasBooking: (token: string) => `managed-christmas-booking:${token}`,
  content: (key: string) => `content:${key}`,
} as const;

const PAGE_DOCUMENTS: Record<string, ContentKey[]> = {
  '/menu': ['menu'],
  '/menu/showtimeMenu': ['showtime-menu'],
  '/about': ['about'],
  '/privacy': ['privacy'],
  '/gallery': ['gallery'],
  '/bookings': ['booking-settings', 'deposit-rules'],
  '/christmas': ['christmas-menu'],
  '/vouchers': ['vouchers'],
  '/admin': ['booking-settings', 'christmas-menu'],
};

/**
 * The content documents a page is served with: the venue's and Christmas Day's on every page (header,
 * footer, the Christmas promo), and the page's own.
 */
export function contentKeysFor(pathname: string): ContentKey[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A guest's own Christmas booking changes its dishes: the menu comes with the page. A voucher prints its terms.
  const page = path.startsWith('/admin')
    ? '/admin'
    : path.startsWith('/christmas/manage/')
      ? '/christmas'
      : path.startsWith('/vouchers/')
        ? '/vouchers'
        : path;
  const own = PAGE_DOCUMENTS[page] ?? [];
  return ['venue', 'christmas-season', ...own];
}
