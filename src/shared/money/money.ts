/** Every amount the pub charges is kept in pence, so sums never meet floating-point pennies. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/**
 * "£75.00", "£1,234.50", "-£5.00": deposits, balances and totals always show pence (spec §9). Written by
 * hand rather than with `Intl.NumberFormat`: a page's first `Intl` call holds a phone's main thread while ICU
 * loads (decision 041); `money.test.ts` holds it to `Intl`'s British pounds.
 */
export function formatMoney(pence: number): string {
  const whole = Math.round(Math.abs(pence));
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = pence < 0 && whole > 0 ? '-' : '';
  return `${sign}£${pounds}.${String(whole % 100).padStart(2, '0')}`;
}

/** "£75" for whole pounds, "£7.50" otherwise: a headline price. */
export function formatPrice(pence: number): string {
  return formatMoney(pence).replace(/\.00$/, '');
}
