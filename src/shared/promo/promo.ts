import { isChristmasDayOccasion } from '../christmas/occasion.ts';
import { isPastOnlineCutoff } from '../christmas/online-cutoff.ts';
import type { ChristmasDay } from '../christmas/season-schema.ts';
import type { OccasionSummary } from '../occasions/api.ts';
import { occasionPath } from '../occasions/links.ts';
import { PRIVACY_PATH } from '../privacy/privacy-path.ts';
import { UNSUBSCRIBE_PATH_PREFIX } from '../privacy/unsubscribe.ts';
import { standbyEntryPath } from '../standby/links.ts';
import { VOUCHERS_PATH } from '../vouchers/links.ts';

/** Set for the visit once the guest has answered the promo. */
export const PROMO_DISMISSED_KEY = 'promo-dismissed';

/**
 * What the promo offers: the occasion staff marked as featured (What's On lists only those with a date to
 * come); Christmas Day, when featured, while it still takes orders online. With none featured, nothing: the
 * promo stays shut.
 */
export type PromotedOffer =
  | { kind: 'occasion'; occasion: OccasionSummary }
  | { kind: 'christmas-day' }
  | null;

export function promotedOffer(
  occasions: readonly OccasionSummary[],
  christmasDay: Pick<ChristmasDay, 'onlineCutoff'>,
  now: Date,
): PromotedOffer {
  const featured = occasions.find((occasion) => occasion.featured);
  if (!featured) return null;
  if (!isChristmasDayOccasion(featured)) return { kind: 'occasion', occasion: featured };
  return isPastOnlineCutoff(christmasDay, now) ? null : { kind: 'christmas-day' };
}

/**
 * Routes on which the promo stays closed (spec §4): the Christmas and occasion pages themselves, and the booking
 * page, where a guest fills in a table booking or a large party's enquiry: an offer over a form costs them
 * their place in it.
 */
const PROMO_FREE_PATHS = new Set([
  '/bookings',
  '/christmas',
  '/christmas/success',
  '/christmas/cancel',
  '/christmas/demo-checkout',
  '/bookings/payment',
  '/bookings/demo-checkout',
  PRIVACY_PATH,
  // The gift voucher's purchase form (issue 33).
  VOUCHERS_PATH,
]);

/**
 * A guest's own pages (their bookings, their place on the standby list and its offer's claim, a voucher's
 * payment and the voucher itself), and every occasion's pages: its booking form, its checkout, a party's
 * organiser and diner links.
 */
const GUEST_OWN_PAGES = [
  '/bookings/manage/',
  '/christmas/manage/',
  standbyEntryPath(''),
  occasionPath(''),
  `${VOUCHERS_PATH}/`,
];

export function promoOpensOn(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A guest on their own booking's page (opened from their e-mail) has booked already.
  if (PROMO_FREE_PATHS.has(path) || GUEST_OWN_PAGES.some((prefix) => path.startsWith(prefix))) return false;
  // Nor is an offer what a guest withdrawing from our news should be shown.
  if (path.startsWith(UNSUBSCRIBE_PATH_PREFIX)) return false;
  return !path.startsWith('/admin');
}
