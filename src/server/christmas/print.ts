import { createContext, Fragment, type ReactNode, useContext } from 'react';
import { partyText } from '#shared/booking/party.ts';
import { cancelledDeposit, cancelledDepositText } from '#shared/christmas/admin.ts';
import { balanceDuePence } from '#shared/christmas/amounts.ts';
import { COURSE_LABELS, countOf } from '#shared/christmas/courses.ts';
import { COURSES, type SittingId } from '#shared/christmas/ids.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import { sittingLabel } from '#shared/christmas/sittings.ts';
import { CHRISTMAS_SOURCE_LABELS } from '#shared/christmas/status.ts';
import { formatMoney } from '#shared/money/money.ts';
import { staffPaymentNote } from '#shared/money/taken-by-staff.ts';
import { plural, pluralNoun } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { html, MultilineText, renderDocument } from '../lib/html.ts';
import { PRINT_SHEET_STYLES, printPageCsp } from '../lib/print-sheet.ts';
import { refundOf } from './cancellation.ts';
import { notesText, type PrepCounts, prepCounts } from './exports.ts';
import type { ChristmasContent } from './season.ts';
import type { ChristmasBookingRow } from './store.ts';

/**
 * The printable pages of spec §7 for the kitchen and the bar: A4, large type, a page per sitting, allergies
 * boxed and flagged so they survive a black-and-white printer.
 */

const PRINT_STYLES = `${PRINT_SHEET_STYLES}.dishes .none .count { font-weight: 400; }
.allergy { margin: 2mm 0; padding: 1.5mm 3mm; border: 2.5px solid #000; background: #fff0a0; font-size: 13pt; font-weight: 700; break-inside: avoid; }
.allergy-list .allergy { margin: 1.5mm 0; font-size: 12pt; }
.order { padding: 3mm 0 4mm; border-bottom: 2px solid #111; break-inside: avoid; }
.order-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 1mm 6mm; }
.order-head h2 { display: block; margin: 0; border: 0; font-size: 18pt; letter-spacing: 0; text-transform: none; }
.party span { font-size: 11pt; font-weight: 400; }
.courses { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; margin: 2mm 0 0; }
.courses dt { border-bottom: 1px solid #111; font-size: 10pt; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
.courses dd { margin: 0; }
.courses ul { margin: 1mm 0 0; padding: 0; list-style: none; }
.courses li { display: flex; gap: 2mm; padding: 0.6mm 0; font-size: 13pt; line-height: 1.25; }
.courses li b { flex: none; min-width: 6mm; font-size: 15pt; line-height: 1.1; }
.facts { display: grid; grid-template-columns: 34mm 1fr; gap: 1.5mm 4mm; margin: 0 0 4mm; font-size: 14pt; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; }
.money { width: 100%; max-width: 110mm; margin-top: 5mm; border-collapse: collapse; font-size: 14pt; }
.money th { text-align: left; font-weight: 400; }
.money td { text-align: right; font-weight: 700; }
.money th, .money td { padding: 1.5mm 0; border-bottom: 1px solid #bbb; }
.cancelled { margin: 0 0 4mm; padding: 2mm 3mm; border: 3px solid #000; font-size: 20pt; font-weight: 700; letter-spacing: 0.1em; text-align: center; text-transform: uppercase; }
@media screen and (max-width: 640px) {
  .sheet { padding: 5mm; }
  .courses { grid-template-columns: 1fr; }
}
`;

export const PRINT_PAGE_CSP = printPageCsp(PRINT_STYLES);

/** The season and the pub the sheets are printed with; every sheet renders inside one. */
const PrintContext = createContext<ChristmasContent | null>(null);

function usePrintContent(): ChristmasContent {
  const content = useContext(PrintContext);
  if (!content) throw new Error('A print sheet rendered outside its document');
  return content;
}

const SCREEN_NOTE =
  'Print this with your browser’s Print (Ctrl+P, or Share › Print on a tablet): A4, portrait. ' +
  'Each sitting starts a new page.';

function PrintDocument(props: { title: string; content: ChristmasContent; children: ReactNode }) {
  const { title, content, children } = props;
  return html`<${PrintContext.Provider} value=${content}><html lang="en-GB">
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <title>${`${title} · ${content.venue.name}`}</title>
      <style dangerouslySetInnerHTML=${{ __html: PRINT_STYLES }} />
    </head>
    <body>
      <p className="screen-note">${SCREEN_NOTE}</p>
      ${children}
    </body>
  </html><//>`;
}

function Sheet(props: { title: string; subtitle: string; printedAt: Date; children: ReactNode }) {
  const { venue, season } = usePrintContent();
  return html`<section className="sheet">
    <header className="sheet-head">
      <p className="kicker">${venue.name} · Christmas Day · ${formatLongDate(season.date)}</p>
      <h1>${props.title}</h1>
      <p className="printed">${props.subtitle} · Printed ${formatLondonMoment(props.printedAt)}</p>
    </header>
    ${props.children}
  </section>`;
}

function CoversList({ counts }: { counts: PrepCounts }) {
  const items = [
    [counts.guests, pluralNoun(counts.guests, 'guest', 'guests')],
    [counts.adults, pluralNoun(counts.adults, 'adult', 'adults')],
    [counts.children, pluralNoun(counts.children, 'child', 'children')],
    [counts.bookings, pluralNoun(counts.bookings, 'booking', 'bookings')],
  ] as const;
  return html`<ul className="covers">
    ${items.map(([count, word]) => html`<li key=${word}><b>${count}</b>${word}</li>`)}
  </ul>`;
}

function PrepTables({ counts }: { counts: PrepCounts }) {
  const { season } = usePrintContent();
  return COURSES.map((course) => {
    const dishes = season.menu[course];
    const total = dishes.reduce((sum, dish) => sum + (counts.dishes[course][dish.id] ?? 0), 0);
    return html`<section key=${course} className="course">
      <h2><span>${COURSE_LABELS[course]}</span><span>${total}</span></h2>
      <table className="dishes">
        <tbody>
          ${dishes.map((dish) => {
            const count = counts.dishes[course][dish.id] ?? 0;
            return html`<tr key=${dish.id} className=${count === 0 ? 'none' : undefined}>
              <td className="count">${count}</td><td>${dish.name}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </section>`;
  });
}

function AllergyList({ rows }: { rows: readonly ChristmasBookingRow[] }) {
  const flagged = rows.filter((row) => row.allergies.trim() !== '');
  if (flagged.length === 0) {
    return html`<section className="course">
      <h2>Allergies</h2>
      <p className="quiet">No allergies noted.</p>
    </section>`;
  }
  return html`<section className="course">
    <h2><span>Allergies</span><span>${flagged.length}</span></h2>
    <ul className="allergy-list">
      ${flagged.map(
        (row) => html`<li key=${row.id} className="allergy">
          <span className="flag">Allergy</span><${MultilineText} text=${row.allergies} />${' '}
          <span className="who">— ${row.name}, ${plural(row.partySize, 'guest', 'guests')}, ${row.reference}</span>
        </li>`,
      )}
    </ul>
  </section>`;
}

interface SittingPage {
  id: SittingId;
  label: string;
  rows: readonly ChristmasBookingRow[];
  counts: PrepCounts;
}

/** A page for each sitting asked for, in that order: its bookings and what they add up to. */
function sittingPages(
  rows: readonly ChristmasBookingRow[],
  sittings: SittingId[],
  season: ChristmasContent['season'],
): SittingPage[] {
  return sittings.map((id) => {
    const subset = rows.filter((row) => row.sittingId === id);
    return { id, label: sittingLabel(season, id), rows: subset, counts: prepCounts(subset, season) };
  });
}

/**
 * The chef's prep sheet: a page per sitting with its covers, allergies and every dish of every course; for
 * both sittings, a last page of totals (the allergies stay with their sitting). Pass CONFIRMED bookings only.
 */
export function printPrepSummary(
  rows: readonly ChristmasBookingRow[],
  sittings: SittingId[],
  printedAt: Date,
  content: ChristmasContent,
): string {
  const { season } = content;
  const sheets = sittingPages(rows, sittings, season).map(
    (page) => html`<${Sheet}
      key=${page.id}
      title=${`Chef’s prep · ${page.label}`}
      subtitle="Confirmed bookings only"
      printedAt=${printedAt}
    >
      <${CoversList} counts=${page.counts} />
      <${AllergyList} rows=${page.rows} />
      <${PrepTables} counts=${page.counts} />
    <//>`,
  );
  if (sittings.length > 1) {
    const counts = prepCounts(rows, season);
    sheets.push(
      html`<${Sheet}
        key="both"
        title="Chef’s prep · both sittings"
        subtitle="Confirmed bookings only"
        printedAt=${printedAt}
      >
        <${CoversList} counts=${counts} />
        <p className="quiet">Allergies are listed on each sitting’s page.</p>
        <${PrepTables} counts=${counts} />
      <//>`,
    );
  }
  return renderDocument(html`<${PrintDocument} title="Chef’s prep" content=${content}>${sheets}<//>`);
}

function CourseColumns({ selections }: { selections: ChristmasSelections }) {
  const { season } = usePrintContent();
  return html`<dl className="courses">
    ${COURSES.map((course) => {
      const dishes = season.menu[course]
        .map((dish) => ({ id: dish.id, name: dish.name, count: countOf(selections, course, dish.id) }))
        .filter((dish) => dish.count > 0);
      return html`<div key=${course}>
        <dt>${COURSE_LABELS[course]}</dt>
        <dd>
          <ul>
            ${
              dishes.length > 0
                ? dishes.map((dish) => html`<li key=${dish.id}><b>${dish.count}</b>${dish.name}</li>`)
                : html`<li className="quiet">None</li>`
            }
          </ul>
        </dd>
      </div>`;
    })}
  </dl>`;
}

function AllergyBox({ row }: { row: ChristmasBookingRow }) {
  return row.allergies.trim()
    ? html`<p className="allergy"><span className="flag">Allergy</span><${MultilineText} text=${row.allergies} /></p>`
    : null;
}

function NotesLine({ row }: { row: ChristmasBookingRow }) {
  const notes = notesText(row);
  return notes ? html`<p className="notes"><b>Notes:</b> <${MultilineText} text=${notes} /></p>` : null;
}

function OrderCard({ row }: { row: ChristmasBookingRow }) {
  return html`<article className="order">
    <div className="order-head">
      <h2>${row.name}</h2>
      <p className="party">
        ${plural(row.partySize, 'guest', 'guests')} <span>(${partyText(row.partyAdults, row.partyChildren)})</span>
      </p>
    </div>
    <p className="ref">${[row.reference, row.phone, CHRISTMAS_SOURCE_LABELS[row.source]].filter(Boolean).join(' · ')}</p>
    <${AllergyBox} row=${row} />
    <${CourseColumns} selections=${row.selections as ChristmasSelections} />
    <${NotesLine} row=${row} />
  </article>`;
}

/** The orders, a page per sitting: each booking's party, pre-order, allergies and notes. CONFIRMED only. */
export function printOrders(
  rows: readonly ChristmasBookingRow[],
  sittings: SittingId[],
  printedAt: Date,
  content: ChristmasContent,
): string {
  const sheets = sittingPages(rows, sittings, content.season).map((page) => {
    const subtitle = [
      plural(page.counts.bookings, 'booking', 'bookings'),
      plural(page.counts.guests, 'guest', 'guests'),
      'confirmed only',
    ].join(' · ');
    return html`<${Sheet} key=${page.id} title=${`Orders · ${page.label}`} subtitle=${subtitle} printedAt=${printedAt}>
      ${
        page.rows.length > 0
          ? page.rows.map((row) => html`<${OrderCard} key=${row.id} row=${row} />`)
          : html`<p className="empty">No confirmed bookings for this sitting yet.</p>`
      }
    <//>`;
  });
  return renderDocument(html`<${PrintDocument} title="Christmas orders" content=${content}>${sheets}<//>`);
}

const CANCELLED = 'Cancelled';

/** A cancelled booking owes nothing on the day: what became of its deposit instead, as the staff list says it. */
function balanceRows(row: ChristmasBookingRow): [string, string][] {
  if (row.status !== 'CANCELLED') return [['Balance due on the day', formatMoney(balanceDuePence(row))]];
  const deposit = cancelledDepositText(cancelledDeposit({ ...row, refund: refundOf(row) }));
  return deposit ? [[CANCELLED, deposit]] : [];
}

/** One booking on a page: what the kitchen needs, and what the bar needs to settle the bill. */
export function printBookingSlip(
  row: ChristmasBookingRow,
  printedAt: Date,
  content: ChristmasContent,
): string {
  const facts: [string, string][] = [
    ['Reference', row.reference],
    ['Sitting', sittingLabel(content.season, row.sittingId)],
    [
      'Party',
      `${plural(row.partySize, 'guest', 'guests')} (${partyText(row.partyAdults, row.partyChildren)})`,
    ],
    ['Phone', row.phone || '—'],
    ['Email', row.email || '—'],
    ['Booked', `${formatLondonMoment(row.createdAt)}, ${CHRISTMAS_SOURCE_LABELS[row.source].toLowerCase()}`],
  ];
  const money: [string, string][] = [
    ['Total', formatMoney(row.totalPence)],
    ['Deposit paid', `${formatMoney(row.depositPaidPence)}${staffPaymentNote(row.depositMethod)}`],
    ...balanceRows(row),
  ];
  return renderDocument(html`<${PrintDocument} title=${`Booking ${row.reference}`} content=${content}>
    <${Sheet} title=${row.name} subtitle=${`Booking ${row.reference}`} printedAt=${printedAt}>
      ${row.status === 'CANCELLED' && html`<p className="cancelled">${CANCELLED}</p>`}
      <dl className="facts">
        ${facts.map(([label, value]) => html`<${Fragment} key=${label}><dt>${label}</dt><dd>${value}</dd><//>`)}
      </dl>
      <${AllergyBox} row=${row} />
      <${CourseColumns} selections=${row.selections as ChristmasSelections} />
      <${NotesLine} row=${row} />
      <table className="money">
        <tbody>
          ${money.map(
            ([label, value]) => html`<tr key=${label}><th scope="row">${label}</th><td>${value}</td></tr>`,
          )}
        </tbody>
      </table>
    <//>
  <//>`);
}
