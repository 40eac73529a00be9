/** Every amount the pub charges is kept in pence, so sums never meet floating-point pennies. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

const moneyFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** "£75.00": deposits, balances and totals always show pence (spec §9). */
export function formatMoney(pence: number): string {
  return moneyFormatter.format(pence / 100);
}

/** "£75" for whole pounds, "£7.50" otherwise: a headline price. */
export function formatPrice(pence: number): string {
  return formatMoney(pence).replace(/\.00$/, '');
}
