import { MAX_ONLINE_PARTY } from '../booking/online-limit.ts';
import type { PublicEvent } from '../events/schemas.ts';
import { dinerPath, organiserPath, RESERVED_OCCASION_SLUGS } from '../occasions/links.ts';
import type { Occasion } from '../occasions/schema.ts';
import { standbyClaimPath, standbyEntryPath } from '../standby/links.ts';
import { formatLongDate, formatTime } from '../time/london-time.ts';
import { voucherPath } from '../vouchers/links.ts';
import { documentTitle, normalisePath, PAGE_TITLES } from './page-titles.ts';
import type { Venue } from './schemas.ts';

/** What a page's meta says of the pub: from the venue document. */
export type MetaVenue = Pick<Venue, 'name' | 'description' | 'address'>;

export interface PageMeta {
  title: string;
  description: string;
  /**
   * The page's own picture for a shared link's preview (an event's cover: a path or URL); without one, the
   * preview shows the home page picture's (the server's page routes choose it).
   */
  image?: string;
  noindex: boolean;
  type: 'website' | 'article';
}

/** Each public page's description, for the server's meta tags. */
const pageDescriptions = (venue: MetaVenue): Record<string, string> => ({
  '/': venue.description,
  '/events': `Quiz nights, comedy, live music and seasonal suppers at ${venue.name}, near Wokingham.`,
  '/menu': `Seasonal British pub food at ${venue.name}: lunch, dinner, Sunday roasts and a children’s menu.`,
  '/menu/showtimeMenu': `Small plates and sharing boards served on quiz and comedy nights at ${venue.name}.`,
  '/gallery': `A look inside ${venue.name}: the bar, the inglenook, the food and the beer garden.`,
  '/about': `Six centuries of hospitality: the history of ${venue.name}, a Grade II-listed village pub.`,
  '/privacy': `How ${venue.name} keeps and uses guests’ personal data, for how long, and how to ask for it or have it erased.`,
  '/contact': `Find ${venue.name} in ${venue.address.locality}, near Wokingham: address, phone, e-mail and opening hours.`,
  '/bookings': `Book a table for lunch, dinner or Sunday roast at ${venue.name}. Groups of up to ${MAX_ONLINE_PARTY} online.`,
  '/christmas': `Pre-order your Christmas Day lunch at ${venue.name}: two sittings, a festive menu and a deposit per guest to hold your table.`,
  '/christmas/success': 'Your Christmas Day booking.',
  '/christmas/cancel': 'Your payment was cancelled.',
  '/christmas/demo-checkout': 'A test payment page: no money is taken.',
  '/bookings/payment': 'Where your booking’s payment stands.',
  '/bookings/demo-checkout': 'A test payment page: no money is taken.',
  '/occasions/checkout': 'Where your booking’s payment stands.',
  '/occasions/demo-checkout': 'A test payment page: no money is taken.',
  '/vouchers': `Gift vouchers for ${venue.name}: for a Sunday lunch, a meal or a drink, e-mailed to you or straight to them on the day you choose.`,
  '/vouchers/bought': 'Your gift voucher’s payment.',
  '/vouchers/demo-checkout': 'A test payment page: no money is taken.',
});

/** Public pages a search engine should list (the Christmas payment pages are private). */
export function indexablePaths(): string[] {
  return Object.keys(PAGE_TITLES).filter((path) => !isPrivatePath(path));
}

function meta(
  venue: MetaVenue,
  title: string,
  description: string,
  overrides: Partial<PageMeta> = {},
): PageMeta {
  return {
    title: documentTitle(title, venue.name),
    description,
    noindex: false,
    type: 'website',
    ...overrides,
  };
}

/** Meta of a known page; null for a path the site does not have. Event pages use eventPageMeta. */
export function pageMetaFor(pathname: string, venue: MetaVenue): PageMeta | null {
  const path = normalisePath(pathname);
  const title = PAGE_TITLES[path];
  if (title) {
    const privatePage = isPrivatePath(path);
    return meta(venue, title, pageDescriptions(venue)[path] ?? '', { noindex: privatePage });
  }
  if (path === '/admin' || path.startsWith('/admin/')) {
    return meta(venue, 'Staff', `Staff area of ${venue.name}.`, { noindex: true });
  }
  // A party's own links: the page fetches the booking itself, and says so when the link opens none.
  if (path.startsWith(organiserPath(''))) {
    return meta(venue, 'Your party booking', `Your party’s booking and choices at ${venue.name}.`, {
      noindex: true,
    });
  }
  if (path.startsWith(dinerPath(''))) {
    return meta(venue, 'Choose your dishes', `Choose your dishes for a party at ${venue.name}.`, {
      noindex: true,
    });
  }
  // The standby list's links (issue 31): the page fetches the place or the offer itself.
  if (path.startsWith(standbyClaimPath(''))) {
    return meta(venue, 'A table has come free', `Claim a table that came free at ${venue.name}.`, {
      noindex: true,
    });
  }
  // A gift voucher's own page (issue 33): the page fetches the voucher by its code, and says so when none.
  if (path.startsWith(voucherPath(''))) return voucherPageMeta(venue, true);
  if (path.startsWith(standbyEntryPath(''))) {
    return meta(venue, 'Your place on the standby list', `Your place on the standby list at ${venue.name}.`, {
      noindex: true,
    });
  }
  return null;
}

export function eventPageMeta(event: PublicEvent, venue: MetaVenue): PageMeta {
  const when = `${formatLongDate(event.date)}, ${formatTime(event.time)}`;
  return meta(venue, event.title, `${when} at ${venue.name}. ${event.summary}`.slice(0, 300), {
    image: event.cover || undefined,
    type: 'article',
  });
}

export function notFoundMeta(venue: MetaVenue): PageMeta {
  return meta(venue, 'Page not found', `This page does not exist at ${venue.name}.`, { noindex: true });
}

export function eventNotFoundMeta(venue: MetaVenue): PageMeta {
  return meta(venue, 'Event not found', `That event is not on the programme at ${venue.name}.`, {
    noindex: true,
  });
}

/** An occasion's own page (/occasions/:slug). */
export function occasionPageMeta(occasion: Pick<Occasion, 'name' | 'summary'>, venue: MetaVenue): PageMeta {
  return meta(venue, occasion.name, `${occasion.summary} At ${venue.name}.`.slice(0, 300), {
    type: 'article',
  });
}

export function occasionNotFoundMeta(venue: MetaVenue): PageMeta {
  return meta(venue, 'Occasion not found', `That occasion is not on the calendar at ${venue.name}.`, {
    noindex: true,
  });
}

/** The slug of an occasion's page path, or null (the occasions' own addresses are not occasions). */
export function occasionSlugFromPath(pathname: string): string | null {
  const match = /^\/occasions\/([^/]+)$/.exec(normalisePath(pathname));
  const slug = match?.[1] ? decodeURIComponent(match[1]) : null;
  return slug && !(RESERVED_OCCASION_SLUGS as readonly string[]).includes(slug) ? slug : null;
}

/** The slug of an event detail path, or null. */
export function eventSlugFromPath(pathname: string): string | null {
  const match = /^\/events\/([^/]+)$/.exec(normalisePath(pathname));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** A guest's own booking page: private, never listed. */
export function managedBookingMeta(venue: MetaVenue, found: boolean): PageMeta {
  return found
    ? meta(venue, 'Your booking', `Change or cancel your table at ${venue.name}.`, { noindex: true })
    : meta(venue, 'Booking not found', `That booking link does not open a booking at ${venue.name}.`, {
        noindex: true,
      });
}

/** A gift voucher's own page (/vouchers/v/:code): its code is its key, so never listed. */
export function voucherPageMeta(venue: MetaVenue, found: boolean): PageMeta {
  return found
    ? meta(venue, 'Your gift voucher', `A gift voucher for ${venue.name}.`, { noindex: true })
    : meta(venue, 'Voucher not found', `That link does not open a gift voucher at ${venue.name}.`, {
        noindex: true,
      });
}

/** The page of a mailing-list e-mail's unsubscribe link: private, never listed. */
export function unsubscribeMeta(venue: MetaVenue): PageMeta {
  return meta(venue, 'Unsubscribe', `Stop news of events and offers from ${venue.name}.`, { noindex: true });
}

/** The token of a guest's booking page path (/bookings/manage/:token), or null. */
export function manageTokenFromPath(pathname: string): string | null {
  const match = /^\/bookings\/manage\/([^/]+)$/.exec(normalisePath(pathname));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** A guest's own Christmas Day booking page: private, never listed. */
export function managedChristmasBookingMeta(venue: MetaVenue, found: boolean): PageMeta {
  return found
    ? meta(venue, 'Your Christmas Day booking', `Change your order or cancel at ${venue.name}.`, {
        noindex: true,
      })
    : managedBookingMeta(venue, false);
}

/** Pages of one guest's checkout or order: never indexed, never in the sitemap. */
function isPrivatePath(path: string): boolean {
  return (
    path.startsWith('/christmas/') ||
    path.startsWith('/occasions/') ||
    path.startsWith('/vouchers/') ||
    path === '/bookings/payment' ||
    path === '/bookings/demo-checkout'
  );
}

/** The token of a guest's Christmas booking page path (/christmas/manage/:token), or null. */
export function christmasManageTokenFromPath(pathname: string): string | null {
  const match = /^\/christmas\/manage\/([^/]+)$/.exec(normalisePath(pathname));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
