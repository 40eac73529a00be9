import { fromMinutes } from '#shared/booking/rules.ts';
import type { TablesDayAnswer } from '#shared/tables/day.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { html, renderDocument } from '../lib/html.ts';
import { printPageCsp } from '../lib/print-sheet.ts';

/**
 * Table cards (issue 28): one per table that has a booking on the day, "Reserved from 7:30pm" in type to read
 * across the room, so a guest sees the table is free until then. A card stands on the table in public view,
 * so it carries no guest's name, not even an initial: staff match a party to its table on the floor view.
 */

const CARD_STYLES = `
@page { size: A4 portrait; margin: 10mm; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: #d9d3c4; color: #111; font: 13pt/1.3 Georgia, "Times New Roman", serif; }
.screen-note { max-width: 190mm; margin: 12px auto; padding: 10px 14px; border-radius: 8px; background: #1d3a2c; color: #fbf7ee; font: 11pt/1.4 Arial, sans-serif; }
.card { display: flex; flex-direction: column; justify-content: center; align-items: center; gap: 6mm; width: 190mm; max-width: 100%; height: 135mm; margin: 0 auto 12px; padding: 10mm; border: 2px dashed #888; background: #fff; text-align: center; break-inside: avoid; }
.reserved { margin: 0; font-size: 40pt; line-height: 1.1; }
.table { margin: 0; font: 700 26pt/1.1 Arial, sans-serif; letter-spacing: 0.04em; }
.date { margin: 0; font-size: 13pt; color: #444; }
.empty { max-width: 190mm; margin: 24px auto; font-size: 14pt; }
@media print {
  body { background: none; }
  .screen-note { display: none; }
  .card { margin: 0 auto; }
  .card:nth-of-type(2n + 1) { margin-bottom: 7mm; }
  .card:nth-of-type(2n + 1):not(:first-of-type) { break-before: page; }
}
`;

export const CARDS_PAGE_CSP = printPageCsp(CARD_STYLES);

/** A table that has bookings on the day, and when the first of them sits down. */
export interface TableCard {
  tableId: string;
  name: string;
  /** "HH:MM" of the day's earliest booking at the table. */
  from: string;
}

/**
 * The cards of a day: each table of the layout, in the layout's order, holding any booking of the day that is
 * not marked a no-show (a join's booking gives each of its tables a card), with the earliest one's time.
 */
export function tableCardsOf(day: TablesDayAnswer): TableCard[] {
  return day.layout.tables.flatMap((table) => {
    const starts = day.bookings
      .filter((booking) => booking.noShowAt === null && booking.tables.includes(table.id))
      .map((booking) => booking.start);
    if (starts.length === 0) return [];
    return [{ tableId: table.id, name: table.name, from: fromMinutes(Math.min(...starts)) }];
  });
}

function Card({ card, date }: { card: TableCard; date: string }) {
  return html`<section className="card">
    <p className="reserved">Reserved from ${formatTime(card.from)}</p>
    <p className="table">${card.name}</p>
    <p className="date">${formatLongDate(date)}</p>
  </section>`;
}

/** The print sheet of a day's table cards, two to an A4 page. */
export function printTableCards(day: TablesDayAnswer, venueName: string): string {
  const cards = tableCardsOf(day);
  const title = `Table cards · ${formatLongDate(day.date)}`;
  return renderDocument(html`<html lang="en-GB">
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <title>${`${title} · ${venueName}`}</title>
      <style dangerouslySetInnerHTML=${{ __html: CARD_STYLES }} />
    </head>
    <body>
      <p className="screen-note">
        Print with your browser’s Print (Ctrl+P, or Share › Print on a tablet): A4, portrait, two cards to a
        page. Cut along the dashed lines and stand each on its table.
      </p>
      ${
        cards.length > 0
          ? cards.map((card) => html`<${Card} key=${card.tableId} card=${card} date=${day.date} />`)
          : html`<p className="empty">No table has a booking on ${formatLongDate(day.date)}.</p>`
      }
    </body>
  </html>`);
}
