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
  /** Christmas Day without its menu, on every page (the promo, the home page): GET /api/christmas/season's day. */
  christmasDay: 'christmas-day',
  /** Christmas Day with its menu (GET /api/christmas/season), on the pages that take or change its orders. */
  christmasSeason: 'christmas-season',
} as const;

const PAGE_DOCUMENTS: Record<string, ContentKey[]> = {
  '/menu': ['menu'],
  '/menu/showtimeMenu': ['showtime-menu'],
  '/about': ['about'],
  '/privacy': ['privacy'],
  '/gallery': ['gallery'],
  '/bookings': ['booking-settings', 'deposit-rules'],
  '/vouchers': ['vouchers'],
  '/admin': ['booking-settings'],
};

/** The pages that take or change Christmas Day's orders, and so come with its menu. */
const CHRISTMAS_MENU_PAGES = new Set(['/christmas', '/admin']);

function pageOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A guest's own Christmas booking changes its dishes: the menu comes with the page. A voucher prints its terms.
  return path.startsWith('/admin')
    ? '/admin'
    : path.startsWith('/christmas/manage/')
      ? '/christmas'
      : path.startsWith('/vouchers/')
        ? '/vouchers'
        : path;
}

/**
 * The content documents a page is served with: the venue's on every page (header, footer), and the page's own.
 * Every page also has Christmas Day (the promo), without its menu unless `withChristmasMenu`.
 */
export function contentKeysFor(pathname: string): ContentKey[] {
  return ['venue', ...(PAGE_DOCUMENTS[pageOf(pathname)] ?? [])];
}

export function withChristmasMenu(pathname: string): boolean {
  return CHRISTMAS_MENU_PAGES.has(pageOf(pathname));
}
