import type { PublicEvent } from './event.ts';
import { formatLongDate, formatTime } from './london-time.ts';
import { venue } from './venue.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute path or URL of the preview image. */
  image: string;
  noindex: boolean;
  type: 'website' | 'article';
}

export const DEFAULT_SHARE_IMAGE = '/images/hero.svg';

const publicPages: Record<string, { title: string; description: string }> = {
  '/': {
    title: `${venue.name} — Village pub near Wokingham`,
    description: venue.description,
  },
  '/events': {
    title: 'What’s On',
    description: `Quiz nights, comedy, live music and seasonal suppers at ${venue.name}, near Wokingham.`,
  },
  '/menu': {
    title: 'Food Menu',
    description: `Seasonal British pub food at ${venue.name}: lunch, dinner, Sunday roasts and a children’s menu.`,
  },
  '/menu/showtimeMenu': {
    title: 'Quiz Night & Comedy Night Menu',
    description: `Small plates and sharing boards served on quiz and comedy nights at ${venue.name}.`,
  },
  '/gallery': {
    title: 'Gallery',
    description: `A look inside ${venue.name}: the bar, the inglenook, the food and the beer garden.`,
  },
  '/about': {
    title: 'Our Story',
    description: `Six centuries of hospitality: the history of ${venue.name}, a Grade II-listed village pub.`,
  },
  '/contact': {
    title: 'Contact & Opening Hours',
    description: `Find ${venue.name} in ${venue.address.locality}, near Wokingham: address, phone, e-mail and opening hours.`,
  },
  '/bookings': {
    title: 'Book a Table',
    description: `Book a table for lunch, dinner or Sunday roast at ${venue.name}. Groups of up to eight online.`,
  },
  '/christmas': {
    title: 'Christmas Day',
    description: `Pre-order your Christmas Day lunch at ${venue.name}: two sittings, a festive menu, a £25 deposit per guest.`,
  },
  '/christmas/success': { title: 'Christmas Booking', description: 'Your Christmas Day booking.' },
  '/christmas/cancel': { title: 'Payment Cancelled', description: 'Your payment was cancelled.' },
  '/christmas/demo-checkout': {
    title: 'Test Checkout',
    description: 'A test payment page: no money is taken.',
  },
};

/** Public pages a search engine should list (the Christmas payment pages are private). */
export function indexablePaths(): string[] {
  return Object.keys(publicPages).filter((path) => !path.startsWith('/christmas/'));
}

/** Full document title: the home page title stands alone, the others carry the pub's name. */
export function documentTitle(title: string): string {
  return title.includes(venue.name) ? title : `${title} · ${venue.name}`;
}

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function meta(title: string, description: string, overrides: Partial<PageMeta> = {}): PageMeta {
  return {
    title: documentTitle(title),
    description,
    image: DEFAULT_SHARE_IMAGE,
    noindex: false,
    type: 'website',
    ...overrides,
  };
}

/** Meta of a known page; null for a path the site does not have. Event pages use eventPageMeta. */
export function pageMetaFor(pathname: string): PageMeta | null {
  const path = normalisePath(pathname);
  const page = publicPages[path];
  if (page) {
    const privatePage = path.startsWith('/christmas/');
    return meta(page.title, page.description, { noindex: privatePage });
  }
  if (path === '/admin' || path.startsWith('/admin/')) {
    return meta('Staff', `Staff area of ${venue.name}.`, { noindex: true });
  }
  return null;
}

export function eventPageMeta(event: PublicEvent): PageMeta {
  const when = `${formatLongDate(event.date)}, ${formatTime(event.time)}`;
  return meta(event.title, `${when} at ${venue.name}. ${event.summary}`.slice(0, 300), {
    image: event.cover || DEFAULT_SHARE_IMAGE,
    type: 'article',
  });
}

export const notFoundMeta: PageMeta = meta('Page not found', `This page does not exist at ${venue.name}.`, {
  noindex: true,
});

export function eventNotFoundMeta(): PageMeta {
  return meta('Event not found', `That event is not on the programme at ${venue.name}.`, { noindex: true });
}

/** The slug of an event detail path, or null. */
export function eventSlugFromPath(pathname: string): string | null {
  const match = /^\/events\/([^/]+)$/.exec(normalisePath(pathname));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
