import { createHash } from 'node:crypto';
import { partyText } from '../../shared/booking/party.ts';
import { balanceDuePence } from '../../shared/christmas/amounts.ts';
import { type ChristmasSelections, COURSE_LABELS } from '../../shared/christmas/courses.ts';
import { COURSES, type SittingId } from '../../shared/christmas/ids.ts';
import { christmasSeason } from '../../shared/christmas/season.ts';
import { sittingOf } from '../../shared/christmas/sittings.ts';
import { CHRISTMAS_SOURCE_LABELS } from '../../shared/christmas/status.ts';
import { venue } from '../../shared/content/venue.ts';
import { formatMoney } from '../../shared/money/money.ts';
import { plural } from '../../shared/text/plural.ts';
import { formatLondonMoment, formatLongDate } from '../../shared/time/london-time.ts';
import { escapeHtml } from '../lib/html.ts';
import { htmlText } from '../mail/layout.ts';
import { countOf, notesText, type PrepCounts, prepCounts } from './exports.ts';
import type { ChristmasBookingRow } from './fulfilment.ts';

/**
 * The printable pages of spec §7 for the kitchen and the bar: A4, large type, a page per sitting, allergies
 * boxed and flagged so they survive a black-and-white printer. Every value from a booking is escaped.
 */

const PRINT_STYLES = `
@page { size: A4 portrait; margin: 12mm; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #d9d3c4; color: #111; font: 13pt/1.35 Arial, "Helvetica Neue", Helvetica, sans-serif; }
.screen-note { max-width: 210mm; margin: 12px auto; padding: 10px 14px; border-radius: 8px; background: #1d3a2c; color: #fbf7ee; font-size: 11pt; }
.sheet { width: 210mm; max-width: 100%; min-height: 297mm; margin: 0 auto 16px; padding: 12mm; background: #fff; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.25); }
.sheet-head { border-bottom: 3px solid #111; padding-bottom: 2mm; margin-bottom: 3mm; }
.kicker { margin: 0; font-size: 10pt; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
h1 { margin: 1mm 0 0; font-size: 25pt; line-height: 1.1; }
.printed { margin: 1mm 0 0; font-size: 9.5pt; color: #444; }
.covers { display: flex; flex-wrap: wrap; gap: 3mm; margin: 0 0 4mm; padding: 0; list-style: none; }
.covers li { border: 1.5px solid #111; border-radius: 2mm; padding: 1mm 3.5mm; font-size: 11pt; }
.covers b { margin-right: 1.5mm; font-size: 20pt; }
h2 { display: flex; justify-content: space-between; gap: 4mm; margin: 0 0 1mm; border-bottom: 2px solid #111; font-size: 14pt; letter-spacing: 0.06em; text-transform: uppercase; }
.course { margin-bottom: 3.5mm; break-inside: avoid; }
.dishes { width: 100%; border-collapse: collapse; }
.dishes td { padding: 0.6mm 2mm; border-bottom: 1px solid #bbb; font-size: 14pt; line-height: 1.2; vertical-align: baseline; }
.dishes .count { width: 18mm; padding-right: 4mm; font-size: 17pt; line-height: 1.1; font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
.dishes .none td { color: #8a8a8a; }
.dishes .none .count { font-weight: 400; }
.allergy { margin: 2mm 0; padding: 1.5mm 3mm; border: 2.5px solid #000; background: #fff0a0; font-size: 13pt; font-weight: 700; break-inside: avoid; }
.flag { display: inline-block; margin-right: 2mm; padding: 0.4mm 2mm; background: #000; color: #fff; font-size: 9.5pt; letter-spacing: 0.1em; text-transform: uppercase; vertical-align: 2pt; }
.allergy-list { margin: 0; padding: 0; list-style: none; }
.allergy-list .allergy { margin: 1.5mm 0; font-size: 12pt; }
.allergy-list .who { font-weight: 400; }
.quiet { color: #555; }
.order { padding: 3mm 0 4mm; border-bottom: 2px solid #111; break-inside: avoid; }
.order-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 1mm 6mm; }
.order-head h2 { display: block; margin: 0; border: 0; font-size: 18pt; letter-spacing: 0; text-transform: none; }
.party { margin: 0; font-size: 15pt; font-weight: 700; }
.party span { font-size: 11pt; font-weight: 400; }
.ref { margin: 0 0 1.5mm; font-size: 10.5pt; color: #333; }
.courses { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; margin: 2mm 0 0; }
.courses dt { border-bottom: 1px solid #111; font-size: 10pt; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
.courses dd { margin: 0; }
.courses ul { margin: 1mm 0 0; padding: 0; list-style: none; }
.courses li { display: flex; gap: 2mm; padding: 0.6mm 0; font-size: 13pt; line-height: 1.25; }
.courses li b { flex: none; min-width: 6mm; font-size: 15pt; line-height: 1.1; }
.notes { margin: 2mm 0 0; font-size: 12pt; }
.facts { display: grid; grid-template-columns: 34mm 1fr; gap: 1.5mm 4mm; margin: 0 0 4mm; font-size: 14pt; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; }
.money { width: 100%; max-width: 110mm; margin-top: 5mm; border-collapse: collapse; font-size: 14pt; }
.money th { text-align: left; font-weight: 400; }
.money td { text-align: right; font-weight: 700; }
.money th, .money td { padding: 1.5mm 0; border-bottom: 1px solid #bbb; }
.cancelled { margin: 0 0 4mm; padding: 2mm 3mm; border: 3px solid #000; font-size: 20pt; font-weight: 700; letter-spacing: 0.1em; text-align: center; text-transform: uppercase; }
.empty { font-size: 14pt; }
@media screen and (max-width: 640px) {
  .sheet { padding: 5mm; }
  .courses { grid-template-columns: 1fr; }
}
@media print {
  body { background: none; }
  .screen-note { display: none; }
  .sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
  .sheet + .sheet { break-before: page; }
}
`;

/**
 * The pages' own Content Security Policy: their one style element, allowed by its hash; no script at all,
 * nothing loaded from anywhere.
 */
export const PRINT_PAGE_CSP = {
  defaultSrc: ["'none'"],
  styleSrc: [`'sha256-${createHash('sha256').update(PRINT_STYLES).digest('base64')}'`],
  imgSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

const CHRISTMAS_DAY = formatLongDate(christmasSeason.date);

function documentHtml(title: string, sheets: string[]): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · ${escapeHtml(venue.name)}</title>
<style>${PRINT_STYLES}</style>
</head>
<body>
<p class="screen-note">Print this with your browser’s Print (Ctrl+P, or Share › Print on a tablet): A4, portrait. Each sitting starts a new page.</p>
${sheets.join('\n')}
</body>
</html>
`;
}

function sheet(options: { title: string; subtitle: string; printedAt: Date; body: string }): string {
  return `<section class="sheet">
<header class="sheet-head">
<p class="kicker">${escapeHtml(venue.name)} · Christmas Day · ${escapeHtml(CHRISTMAS_DAY)}</p>
<h1>${escapeHtml(options.title)}</h1>
<p class="printed">${escapeHtml(options.subtitle)} · Printed ${escapeHtml(formatLondonMoment(options.printedAt))}</p>
</header>
${options.body}
</section>`;
}

function sittingLabel(sittingId: SittingId): string {
  return sittingOf(christmasSeason, sittingId).label;
}

function coversList(counts: PrepCounts): string {
  const items = [
    [counts.guests, counts.guests === 1 ? 'guest' : 'guests'],
    [counts.adults, counts.adults === 1 ? 'adult' : 'adults'],
    [counts.children, counts.children === 1 ? 'child' : 'children'],
    [counts.bookings, counts.bookings === 1 ? 'booking' : 'bookings'],
  ] as const;
  return `<ul class="covers">${items.map(([count, word]) => `<li><b>${count}</b>${word}</li>`).join('')}</ul>`;
}

function prepTables(counts: PrepCounts): string {
  return COURSES.map((course) => {
    const dishes = christmasSeason.menu[course];
    const total = dishes.reduce((sum, dish) => sum + (counts.dishes[course][dish.id] ?? 0), 0);
    const rows = dishes
      .map((dish) => {
        const count = counts.dishes[course][dish.id] ?? 0;
        return `<tr${count === 0 ? ' class="none"' : ''}><td class="count">${count}</td><td>${escapeHtml(dish.name)}</td></tr>`;
      })
      .join('\n');
    return `<section class="course">
<h2><span>${COURSE_LABELS[course]}</span><span>${total}</span></h2>
<table class="dishes"><tbody>
${rows}
</tbody></table>
</section>`;
  }).join('\n');
}

function allergyList(rows: readonly ChristmasBookingRow[]): string {
  const flagged = rows.filter((row) => row.allergies.trim() !== '');
  if (flagged.length === 0) {
    return '<section class="course"><h2>Allergies</h2><p class="quiet">No allergies noted.</p></section>';
  }
  const items = flagged
    .map(
      (row) =>
        `<li class="allergy"><span class="flag">Allergy</span>${htmlText(row.allergies)} ` +
        `<span class="who">— ${escapeHtml(row.name)}, ${escapeHtml(plural(row.partySize, 'guest', 'guests'))}, ` +
        `${escapeHtml(row.reference)}</span></li>`,
    )
    .join('\n');
  return `<section class="course"><h2><span>Allergies</span><span>${flagged.length}</span></h2>
<ul class="allergy-list">
${items}
</ul></section>`;
}

/**
 * The chef's prep sheet: a page per sitting with its covers, allergies and every dish of every course; for
 * both sittings, a last page of totals (the allergies stay with their sitting). Pass CONFIRMED bookings only.
 */
export function printPrepSummary(
  rows: readonly ChristmasBookingRow[],
  sittings: SittingId[],
  printedAt: Date,
): string {
  const sheets = sittings.map((id) => {
    const subset = rows.filter((row) => row.sittingId === id);
    const counts = prepCounts(subset);
    return sheet({
      title: `Chef’s prep · ${sittingLabel(id)}`,
      subtitle: 'Confirmed bookings only',
      printedAt,
      body: `${coversList(counts)}\n${allergyList(subset)}\n${prepTables(counts)}`,
    });
  });
  if (sittings.length > 1) {
    const counts = prepCounts(rows);
    sheets.push(
      sheet({
        title: 'Chef’s prep · both sittings',
        subtitle: 'Confirmed bookings only',
        printedAt,
        body: `${coversList(counts)}\n<p class="quiet">Allergies are listed on each sitting’s page.</p>\n${prepTables(counts)}`,
      }),
    );
  }
  return documentHtml('Chef’s prep', sheets);
}

function courseColumns(selections: ChristmasSelections): string {
  const columns = COURSES.map((course) => {
    const dishes = christmasSeason.menu[course]
      .map((dish) => ({ name: dish.name, count: countOf(selections, course, dish.id) }))
      .filter((dish) => dish.count > 0);
    const list =
      dishes.length > 0
        ? `<ul>${dishes.map((dish) => `<li><b>${dish.count}</b>${escapeHtml(dish.name)}</li>`).join('')}</ul>`
        : '<ul><li class="quiet">None</li></ul>';
    return `<div><dt>${COURSE_LABELS[course]}</dt><dd>${list}</dd></div>`;
  });
  return `<dl class="courses">${columns.join('')}</dl>`;
}

function allergyBox(row: ChristmasBookingRow): string {
  return row.allergies.trim()
    ? `<p class="allergy"><span class="flag">Allergy</span>${htmlText(row.allergies)}</p>`
    : '';
}

function notesLine(row: ChristmasBookingRow): string {
  const notes = notesText(row);
  return notes ? `<p class="notes"><b>Notes:</b> ${htmlText(notes)}</p>` : '';
}

function partyLine(row: ChristmasBookingRow): string {
  return `<p class="party">${escapeHtml(plural(row.partySize, 'guest', 'guests'))} <span>(${escapeHtml(partyText(row.partyAdults, row.partyChildren))})</span></p>`;
}

function orderCard(row: ChristmasBookingRow): string {
  return `<article class="order">
<div class="order-head"><h2>${escapeHtml(row.name)}</h2>${partyLine(row)}</div>
<p class="ref">${escapeHtml(row.reference)} · ${escapeHtml(row.phone)} · ${CHRISTMAS_SOURCE_LABELS[row.source]}</p>
${allergyBox(row)}
${courseColumns(row.selections as ChristmasSelections)}
${notesLine(row)}
</article>`;
}

/** The orders, a page per sitting: each booking's party, pre-order, allergies and notes. CONFIRMED only. */
export function printOrders(
  rows: readonly ChristmasBookingRow[],
  sittings: SittingId[],
  printedAt: Date,
): string {
  const sheets = sittings.map((id) => {
    const subset = rows.filter((row) => row.sittingId === id);
    const counts = prepCounts(subset);
    const body =
      subset.length > 0
        ? subset.map(orderCard).join('\n')
        : '<p class="empty">No confirmed bookings for this sitting yet.</p>';
    return sheet({
      title: `Orders · ${sittingLabel(id)}`,
      subtitle: `${plural(counts.bookings, 'booking', 'bookings')} · ${plural(counts.guests, 'guest', 'guests')} · confirmed only`,
      printedAt,
      body,
    });
  });
  return documentHtml('Christmas orders', sheets);
}

/** One booking on a page: what the kitchen needs, and what the bar needs to settle the bill. */
export function printBookingSlip(row: ChristmasBookingRow, printedAt: Date): string {
  const facts: [string, string][] = [
    ['Reference', row.reference],
    ['Sitting', sittingLabel(row.sittingId)],
    [
      'Party',
      `${plural(row.partySize, 'guest', 'guests')} (${partyText(row.partyAdults, row.partyChildren)})`,
    ],
    ['Phone', row.phone],
    ['Email', row.email],
    ['Booked', `${formatLondonMoment(row.createdAt)}, ${CHRISTMAS_SOURCE_LABELS[row.source].toLowerCase()}`],
  ];
  const money: [string, string][] = [
    ['Total', formatMoney(row.totalPence)],
    ['Deposit paid', formatMoney(row.depositPaidPence)],
    ['Balance due on the day', formatMoney(balanceDuePence(row))],
  ];
  const body = `${row.status === 'CANCELLED' ? '<p class="cancelled">Cancelled</p>' : ''}
<dl class="facts">${facts.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${allergyBox(row)}
${courseColumns(row.selections as ChristmasSelections)}
${notesLine(row)}
<table class="money"><tbody>${money.map(([label, value]) => `<tr><th scope="row">${label}</th><td>${value}</td></tr>`).join('')}</tbody></table>`;
  return documentHtml(`Booking ${row.reference}`, [
    sheet({ title: row.name, subtitle: `Booking ${row.reference}`, printedAt, body }),
  ]);
}
