import { PRIVACY_PATH } from '../privacy/privacy-path.ts';
import { UNSUBSCRIBE_PATH_PREFIX } from '../privacy/unsubscribe.ts';

/** Routes on which the Christmas promo modal stays closed (spec §4). */
const PROMO_FREE_PATHS = new Set([
  '/christmas',
  '/christmas/success',
  '/christmas/cancel',
  '/christmas/demo-checkout',
  PRIVACY_PATH,
]);

export function promoOpensOn(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A guest on their own Christmas booking's page has booked already.
  if (PROMO_FREE_PATHS.has(path) || path.startsWith('/christmas/manage/')) return false;
  // Nor is an offer what a guest withdrawing from our news should be shown.
  if (path.startsWith(UNSUBSCRIBE_PATH_PREFIX)) return false;
  return !path.startsWith('/admin');
}
