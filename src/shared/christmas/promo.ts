/** Routes on which the Christmas promo modal stays closed (spec §4). */
const PROMO_FREE_PATHS = new Set([
  '/christmas',
  '/christmas/success',
  '/christmas/cancel',
  '/christmas/demo-checkout',
]);

export function promoOpensOn(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A guest on their own Christmas booking's page has booked already.
  if (PROMO_FREE_PATHS.has(path) || path.startsWith('/christmas/manage/')) return false;
  return !path.startsWith('/admin');
}
