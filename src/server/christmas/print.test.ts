import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { escapedHostileText, hostileText } from '#tests/helpers/hostile-text.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { PRINT_PAGE_CSP, printBookingSlip, printOrders, printPrepSummary } from './print.ts';

const CONTENT = { season: seedSeason, venue: seedContent.venue };

const PRINTED_AT = new Date('2026-12-20T09:30:00.000Z');

const LATE = christmasBookingRow({
  id: '6d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1',
  reference: 'XMAS-LATE',
  sittingId: 'xmas-late',
  sittingLabel: '2:30pm–4:30pm',
  name: 'Arthur Dent',
  partyAdults: 4,
  partyChildren: 0,
  partySize: 4,
  selections: { starters: [], mains: [{ item: 'sirloin-of-beef', count: 4 }], desserts: [] },
  depositPaidPence: 0,
  source: 'phone',
});

const HOSTILE = christmasBookingRow({
  name: hostileText('Name'),
  allergies: `Peanuts\n${hostileText('Allergies')}`,
  specialNotes: hostileText('Notes'),
});

const pages = {
  'prep summary': printPrepSummary([HOSTILE, LATE], ['xmas-early', 'xmas-late'], PRINTED_AT, CONTENT),
  orders: printOrders([HOSTILE, LATE], ['xmas-early', 'xmas-late'], PRINTED_AT, CONTENT),
  'booking slip': printBookingSlip(HOSTILE, PRINTED_AT, CONTENT),
};

const sheetsOf = (page: string) => page.match(/<section class="sheet">/g)?.length ?? 0;

describe('printable Christmas pages', () => {
  it.each(Object.entries(pages))('%s: escape the guest’s name, allergies and notes', (_, page) => {
    expect(page).toContain(escapedHostileText('Name'));
    expect(page).toContain(`Peanuts<br/>${escapedHostileText('Allergies')}`);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('"quotes"');
  });

  it.each(Object.entries(pages))('%s: its one style element is the one the CSP allows', (_, page) => {
    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256')
      .update(styles[0] ?? '')
      .digest('base64');
    expect(PRINT_PAGE_CSP.styleSrc).toEqual([`'sha256-${hash}'`]);
  });

  it('prep summary: a page per sitting with its covers and allergies, then the totals', () => {
    const page = pages['prep summary'];
    expect(page.startsWith('<!doctype html>\n<html lang="en-GB">')).toBe(true);
    expect(sheetsOf(page)).toBe(3);
    expect(page).toContain('<h1>Chef’s prep · 12pm–2pm</h1>');
    expect(page).toContain('<h1>Chef’s prep · both sittings</h1>');
    expect(page).toContain('<li><b>3</b>guests</li><li><b>2</b>adults</li><li><b>1</b>child</li>');
    expect(page).toContain('<li><b>7</b>guests</li>');
    expect(page).toContain(`<span class="who">— ${escapedHostileText('Name')}, 3 guests, XMAS-ABCD</span>`);
    expect(page).toContain('No allergies noted.');
    expect(page).toContain('<tr><td class="count">3</td><td>Roast Norfolk turkey</td></tr>');
    expect(page).toContain('<tr class="none"><td class="count">0</td><td>Roast sirloin of beef</td></tr>');
    expect(page).toContain('<tr><td class="count">4</td><td>Roast sirloin of beef</td></tr>');
  });

  it('orders: each booking’s party, pre-order and notes on its sitting’s page', () => {
    const page = pages.orders;
    expect(sheetsOf(page)).toBe(2);
    expect(page).toContain('1 booking · 3 guests · confirmed only');
    expect(page).toContain('<p class="party">3 guests <span>(2 adults and 1 child)</span></p>');
    expect(page).toContain('<p class="ref">XMAS-LATE · 07700 900123 · Phone</p>');
    expect(page).toContain('<dt>Starters</dt><dd><ul><li class="quiet">None</li></ul></dd>');
    expect(page).toContain(`<p class="notes"><b>Notes:</b> ${escapedHostileText('Notes')}</p>`);
    expect(printOrders([], ['xmas-late'], PRINTED_AT, CONTENT)).toContain(
      'No confirmed bookings for this sitting yet.',
    );
  });

  it('booking slip: the facts and the money, marked when cancelled', () => {
    const page = pages['booking slip'];
    expect(sheetsOf(page)).toBe(1);
    expect(page).toContain('<title>Booking XMAS-ABCD · The Rose &amp; Crown</title>');
    expect(page).toContain('<dt>Party</dt><dd>3 guests (2 adults and 1 child)</dd>');
    expect(page).toContain('<tr><th scope="row">Balance due on the day</th><td>£165.00</td></tr>');
    expect(page).not.toContain('Cancelled');
    expect(printBookingSlip({ ...LATE, status: 'CANCELLED' }, PRINTED_AT, CONTENT)).toContain(
      '<p class="cancelled">Cancelled</p>',
    );
  });
});
