import { formatMoney, formatPrice } from '#shared/money/money.ts';
import { isTicketed } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTimeRange } from '#shared/time/london-time.ts';

/** How the occasion's page and form speak of its guests: tickets for a ticketed event, a table's party otherwise. */

/** "Dinner, 7pm–10:30pm". */
export function sittingText(sitting: Pick<OccasionSitting, 'label' | 'start' | 'end'>): string {
  return `${sitting.label}, ${formatTimeRange(sitting.start, sitting.end)}`;
}

/** "£38 a head", "£45 a ticket". */
export function adultPriceText(occasion: Occasion): string {
  return `${formatPrice(occasion.prices.adultPence)} ${isTicketed(occasion) ? 'a ticket' : 'a head'}`;
}

/** What is paid when the party books, in one sentence shown before any payment. */
export function payNowText(occasion: Occasion): string {
  const { payment } = occasion;
  switch (payment.kind) {
    case 'none':
      return 'Nothing is paid online: you pay on the day.';
    case 'deposit':
      return `A deposit of ${formatMoney(payment.perPersonPence)} a ${isTicketed(occasion) ? 'ticket' : 'head'} is paid when you book; the rest is paid on the day.`;
    case 'full':
      return isTicketed(occasion)
        ? 'Tickets are paid for in full when you book.'
        : 'The full price is paid when you book.';
  }
}

/** The month a date falls in: "December 2026". */
export function monthOf(date: string): string {
  return formatLongDate(date).split(' ').slice(2).join(' ');
}

/** The submit button's words: "Buy 2 tickets · £90", "Book for 8 · pay £80 now", "Book for 8". */
export function bookLabel(occasion: Occasion, guests: number, dueNowPence: number): string {
  if (isTicketed(occasion)) {
    const tickets = plural(guests, 'ticket', 'tickets');
    return dueNowPence > 0 ? `Buy ${tickets} · ${formatPrice(dueNowPence)}` : `Reserve ${tickets}`;
  }
  return dueNowPence > 0 ? `Book for ${guests} · pay ${formatPrice(dueNowPence)} now` : `Book for ${guests}`;
}

/** The occasion's text in paragraphs, as staff wrote it with blank lines between. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
