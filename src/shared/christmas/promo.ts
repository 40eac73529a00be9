import { dinerPath, organiserPath } from '../occasions/links.ts';
import { PRIVACY_PATH } from '../privacy/privacy-path.ts';
import { UNSUBSCRIBE_PATH_PREFIX } from '../privacy/unsubscribe.ts';
import { VOUCHERS_PATH } from '../vouchers/links.ts';

/**
 * Routes on which the Christmas promo stays closed (spec §4): the Christmas pages themselves, and the booking
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

/** A guest's own pages: their bookings, a party's links, a voucher's payment and the voucher itself. */
const GUEST_OWN_PAGES = [
  '/bookings/manage/',
  '/christmas/manage/',
  organiserPath(''),
  dinerPath(''),
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
