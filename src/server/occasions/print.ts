import type { ReactNode } from 'react';
import { formatMoney } from '#shared/money/money.ts';
import { staffPaymentNote } from '#shared/money/taken-by-staff.ts';
import type { PrepSheet } from '#shared/occasions/admin-api.ts';
import { PARTY_NOTE_WORDS } from '#shared/occasions/pre-order-messages.ts';
import { isTicketed, leftToPayPence, supplementsPence } from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { plural, pluralNoun } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { html, MultilineText, renderDocument } from '../lib/html.ts';
import { PRINT_SHEET_STYLES, printPageCsp } from '../lib/print-sheet.ts';
import type { BookingWithDiners } from './admin.ts';
import { dinerDish, NOT_CHOSEN_YET } from './exports.ts';
import { coversNotChosen } from './prep.ts';

/**
 * The printable sheets of an occasion's date for the kitchen and the floor: A4, large type; a prep page per
 * sitting, then a section per table with each diner's name, dishes and allergies; for a ticketed event, the
 * list at the door. Allergies are boxed and flagged so they survive a black-and-white printer.
 */

const PRINT_STYLES = `${PRINT_SHEET_STYLES}.dishes .defaulted { width: 34mm; font-size: 11pt; color: #333; text-align: right; }
.allergy { margin: 1.5mm 0; padding: 1.5mm 3mm; border: 2.5px solid #000; background: #fff0a0; font-size: 13pt; font-weight: 700; break-inside: avoid; }
.table-card { padding: 3mm 0 4mm; border-bottom: 2px solid #111; break-inside: avoid; }
.table-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 1mm 6mm; }
.table-head h2 { display: block; margin: 0; border: 0; font-size: 18pt; letter-spacing: 0; text-transform: none; }
.diners { width: 100%; border-collapse: collapse; }
.diners th, .diners td { padding: 1mm 2mm; border-bottom: 1px solid #bbb; text-align: left; vertical-align: top; font-size: 12pt; }
.diners th { font-size: 10pt; letter-spacing: 0.06em; text-transform: uppercase; border-bottom: 1.5px solid #111; }
.diners .diner-allergy { background: #fff0a0; font-weight: 700; }
.default { font-size: 9.5pt; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; }
.door { width: 100%; border-collapse: collapse; }
.door th, .door td { padding: 1.5mm 2mm; border-bottom: 1px solid #bbb; text-align: left; vertical-align: top; font-size: 13pt; }
.door th { font-size: 10pt; letter-spacing: 0.06em; text-transform: uppercase; border-bottom: 1.5px solid #111; }
.door .tickets { font-size: 16pt; font-weight: 700; text-align: right; }
.door .tick { width: 12mm; }
.table-card .money { margin: 1.5mm 0 0; font-size: 12pt; }
@media screen and (max-width: 640px) { .sheet { padding: 5mm; } }
`;

export const OCCASION_PRINT_CSP = printPageCsp(PRINT_STYLES);

const SCREEN_NOTE =
  'Print this with your browser’s Print (Ctrl+P, or Share › Print on a tablet): A4, portrait. ' +
  'Each sitting starts a new page.';

export interface SheetsInput {
  occasion: Occasion;
  venueName: string;
  date: string;
  /** The prep sheet of the sittings printed. */
  prep: PrepSheet;
  /** The CONFIRMED bookings of those sittings, with their diners. */
  rows: readonly BookingWithDiners[];
  printedAt: Date;
}

function Sheet(props: {
  input: SheetsInput;
  title: string;
  subtitle: string;
  children: ReactNode;
}): ReactNode {
  const { input } = props;
  return html`<section className="sheet">
    <header className="sheet-head">
      <p className="kicker">${input.venueName} · ${input.occasion.name} · ${formatLongDate(input.date)}</p>
      <h1>${props.title}</h1>
      <p className="printed">${props.subtitle} · Printed ${formatLondonMoment(input.printedAt)}</p>
    </header>
    ${props.children}
  </section>`;
}

type PrepSitting = PrepSheet['sittings'][number];

function CoversList({ sitting, bookings }: { sitting: PrepSitting; bookings: number }): ReactNode {
  const items = [
    [sitting.covers, pluralNoun(sitting.covers, 'cover', 'covers')],
    [bookings, pluralNoun(bookings, 'table', 'tables')],
    [sitting.notChosen, 'not chosen yet'],
  ] as const;
  return html`<ul className="covers">
    ${items.map(([count, word]) => html`<li key=${word}><b>${count}</b>${word}</li>`)}
  </ul>`;
}

function AllergyList({ sitting }: { sitting: PrepSitting }): ReactNode {
  if (sitting.allergies.length === 0) {
    return html`<section className="course"><h2>Allergies</h2><p className="quiet">No allergies noted.</p></section>`;
  }
  return html`<section className="course">
    <h2><span>Allergies</span><span>${sitting.allergies.length}</span></h2>
    <ul className="allergy-list">
      ${sitting.allergies.map(
        (entry, index) => html`<li key=${index} className="allergy">
          <span className="flag">Allergy</span><${MultilineText} text=${entry.allergies} />${' '}
          <span className="who">— ${entry.diner}, ${entry.reference}</span>
        </li>`,
      )}
    </ul>
  </section>`;
}

function DishCounts({ sitting }: { sitting: PrepSitting }): ReactNode {
  return sitting.courses.map((course) => {
    const total = course.dishes.reduce((sum, dish) => sum + dish.count, 0);
    return html`<section key=${course.courseId} className="course">
      <h2><span>${course.name}</span><span>${total}</span></h2>
      <table className="dishes">
        <tbody>
          ${course.dishes.map(
            (dish) => html`<tr key=${dish.dishId} className=${dish.count === 0 ? 'none' : undefined}>
              <td className="count">${dish.count}</td>
              <td>${dish.name}</td>
              <td className="defaulted">${dish.defaulted > 0 ? `${dish.defaulted} by default` : ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  });
}

/** The allergies the organiser gave for the whole party, boxed like a diner's. */
function PartyAllergies({ booking }: { booking: BookingWithDiners['booking'] }): ReactNode {
  if (!booking.allergies.trim()) return null;
  return html`<p className="allergy"><span className="flag">${PARTY_NOTE_WORDS.allergies}</span><${MultilineText} text=${booking.allergies} /></p>`;
}

function TableCard({ occasion, row }: { occasion: Occasion; row: BookingWithDiners }): ReactNode {
  const { booking, diners } = row;
  const open = coversNotChosen(row);
  const supplements = supplementsPence(occasion, diners);
  return html`<article className="table-card">
    <div className="table-head">
      <h2>${booking.name}</h2>
      <p className="party">${plural(booking.partySize, 'cover', 'covers')}</p>
    </div>
    <p className="ref">${[booking.reference, booking.phone].filter(Boolean).join(' · ')}</p>
    <${PartyAllergies} booking=${booking} />
    <table className="diners">
      <thead>
        <tr>
          <th scope="col">Diner</th>
          ${occasion.courses.map((course) => html`<th key=${course.id} scope="col">${course.name}</th>`)}
          <th scope="col">Allergies</th>
        </tr>
      </thead>
      <tbody>
        ${diners.map(
          (diner) => html`<tr key=${diner.id}>
            <th scope="row">${diner.name}</th>
            ${occasion.courses.map((course) => {
              const dish = dinerDish(course, diner);
              return html`<td key=${course.id}>
                ${dish ? dish.name : '—'}${dish?.supplementPence ? ` (+${formatMoney(dish.supplementPence)})` : ''}${dish?.defaulted && html` <span className="default">Default</span>`}
              </td>`;
            })}
            ${
              diner.allergies.trim()
                ? html`<td className="diner-allergy"><span className="flag">Allergy</span><${MultilineText} text=${diner.allergies} /></td>`
                : html`<td className="quiet">None</td>`
            }
          </tr>`,
        )}
        ${Array.from(
          { length: open },
          (_, index) => html`<tr key=${`open-${index}`} className="quiet">
            <th scope="row">${NOT_CHOSEN_YET}</th>
            ${occasion.courses.map((course) => html`<td key=${course.id}>—</td>`)}
            <td>—</td>
          </tr>`,
        )}
      </tbody>
    </table>
    <p className="money">
      Paid ${formatMoney(booking.paidPence)} of ${formatMoney(booking.totalPence)}${staffPaymentNote(booking.paymentMethod)}
      ${supplements > 0 && ` · supplements ${formatMoney(supplements)}`} · <b>left to pay on the day ${formatMoney(leftToPayPence(booking, supplements))}</b>
    </p>
    ${booking.occasionNotes && html`<p className="notes"><b>${PARTY_NOTE_WORDS.occasionNotes}:</b> <${MultilineText} text=${booking.occasionNotes} /></p>`}
    ${booking.notes && html`<p className="notes"><b>Notes:</b> <${MultilineText} text=${booking.notes} /></p>`}
  </article>`;
}

function DoorList({ rows }: { rows: readonly BookingWithDiners[] }): ReactNode {
  if (rows.length === 0) return html`<p className="empty">No confirmed bookings for this sitting yet.</p>`;
  return html`<table className="door">
    <thead>
      <tr>
        <th scope="col" className="tick">In</th>
        <th scope="col">Name</th>
        <th scope="col">Reference</th>
        <th scope="col">Tickets</th>
        <th scope="col">Paid</th>
        <th scope="col">Notes</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        ({ booking }) => html`<tr key=${booking.id}>
          <td className="tick">☐</td>
          <td>${booking.name}</td>
          <td>${booking.reference}</td>
          <td className="tickets">${booking.partySize}</td>
          <td>${formatMoney(booking.paidPence)} of ${formatMoney(booking.totalPence)}${staffPaymentNote(booking.paymentMethod)}</td>
          <td>
            <${PartyAllergies} booking=${booking} />
            ${booking.occasionNotes && html`<p><b>${PARTY_NOTE_WORDS.occasionNotes}:</b> <${MultilineText} text=${booking.occasionNotes} /></p>`}
            <${MultilineText} text=${booking.notes} />
          </td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The date's sheets for the sittings of `input.prep`, as one printable document. */
export function printOccasionSheets(input: SheetsInput): string {
  const { occasion, prep, rows } = input;
  const ticketed = isTicketed(occasion);
  const pages = prep.sittings.flatMap((sitting) => {
    const tables = rows.filter((row) => row.booking.sittingId === sitting.sittingId);
    const subtitle = [
      plural(tables.length, 'booking', 'bookings'),
      plural(sitting.covers, ticketed ? 'ticket' : 'cover', ticketed ? 'tickets' : 'covers'),
      'confirmed only',
    ].join(' · ');
    if (ticketed) {
      return [
        html`<${Sheet} key=${sitting.sittingId} input=${input} title=${`Door list · ${sitting.label}`} subtitle=${subtitle}>
          <${DoorList} rows=${tables} />
        <//>`,
      ];
    }
    // The prep page goes to the pass; the tables' page, a section per table, to the floor.
    return [
      html`<${Sheet} key=${`${sitting.sittingId}-prep`} input=${input} title=${`Prep · ${sitting.label}`} subtitle=${subtitle}>
        ${!prep.locked && html`<p className="quiet">Choices are still open: these counts can change until the deadline.</p>`}
        <${CoversList} sitting=${sitting} bookings=${tables.length} />
        <${AllergyList} sitting=${sitting} />
        <${DishCounts} sitting=${sitting} />
      <//>`,
      html`<${Sheet} key=${`${sitting.sittingId}-tables`} input=${input} title=${`Tables · ${sitting.label}`} subtitle=${subtitle}>
        ${
          tables.length > 0
            ? tables.map(
                (row) => html`<${TableCard} key=${row.booking.id} occasion=${occasion} row=${row} />`,
              )
            : html`<p className="empty">No confirmed bookings for this sitting yet.</p>`
        }
      <//>`,
    ];
  });
  const title = ticketed ? 'Door list' : 'Kitchen and table sheets';
  return renderDocument(html`<html lang="en-GB">
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <title>${`${title} · ${occasion.name} · ${input.venueName}`}</title>
      <style dangerouslySetInnerHTML=${{ __html: PRINT_STYLES }} />
    </head>
    <body>
      <p className="screen-note">${SCREEN_NOTE}</p>
      ${pages}
    </body>
  </html>`);
}
