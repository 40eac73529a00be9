import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COURSES, type SittingId } from '#shared/christmas/ids.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import { tillSettledText } from '#shared/money/till-settlement.ts';
import { CHRISTMAS_DATE, phoneBooking } from '#tests/helpers/christmas.ts';
import { useChristmasAdmin } from '#tests/helpers/christmas-admin.ts';
import { parseCsv } from '#tests/helpers/csv.ts';
import { seedSeason as christmasSeason } from '#tests/helpers/seed-content.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { insertChristmasBooking, type NewChristmasBooking, selectChristmasBookings } from './store.ts';

const HOSTILE_NAME = '<script>alert("x")</script> & Sons';
const HOSTILE_ALLERGY = '<img src=x onerror=alert(1)> nuts';

describe.each(databaseTargets)('Christmas admin downloads and print pages on $name', (target) => {
  const { t, call, created, setStatus } = useChristmasAdmin(target);

  describe('downloads', () => {
    /** A deterministic spread of parties and dishes over both sittings, some cancelled, some paid online. */
    async function seedBookings(): Promise<void> {
      let seed = 7;
      const next = (below: number) => {
        seed = (seed * 48_271) % 2_147_483_647;
        return seed % below;
      };
      const spread = (course: (typeof COURSES)[number], guests: number) => {
        const dishes = christmasSeason.menu[course];
        const counts = new Map<string, number>();
        for (let guest = 0; guest < guests; guest++) {
          const dish = dishes[next(dishes.length)]?.id as string;
          counts.set(dish, (counts.get(dish) ?? 0) + 1);
        }
        return [...counts].map(([item, count]) => ({ item, count }));
      };
      const ids: string[] = [];
      for (let index = 0; index < 14; index++) {
        const adults = 1 + next(3);
        const children = next(3);
        const guests = adults + children;
        const booking = await created(
          phoneBooking(
            { adults, children, sittingId: index % 2 === 0 ? 'xmas-early' : 'xmas-late' },
            {
              name: `Guest ${index + 1}`,
              selections: {
                starters: spread('starters', guests),
                mains: spread('mains', guests),
                desserts: spread('desserts', guests),
              },
            },
          ),
        );
        ids.push(booking._id);
      }
      for (const id of ids.slice(0, 3)) expect((await setStatus(id, 'CANCELLED')).statusCode).toBe(200);
      // An online booking whose starters and desserts are fewer than its guests, as the checkout allows.
      await insertChristmasBooking(t.database.db, {
        date: CHRISTMAS_DATE,
        sittingId: 'xmas-late',
        sittingLabel: '2:30pm–4:30pm',
        name: 'Online Guest',
        email: 'online@example.com',
        phone: '07700 900777',
        partyAdults: 3,
        partyChildren: 0,
        partySize: 3,
        selections: {
          starters: [{ item: 'goats-cheese-tart', count: 1 }],
          mains: [{ item: 'chestnut-wellington', count: 3 }],
          desserts: [],
        },
        totalPence: 28_500,
        depositPaidPence: 7500,
        source: 'online',
      });
    }

    async function confirmedRows(sittingId?: SittingId) {
      const rows = await selectChristmasBookings(t.database.db);
      return rows.filter(
        (row) => row.status === 'CONFIRMED' && (sittingId === undefined || row.sittingId === sittingId),
      );
    }

    function storedCount(rows: { selections: unknown }[], course: string, item: string): number {
      return rows
        .flatMap((row) => (row.selections as ChristmasSelections)[course as keyof ChristmasSelections])
        .filter((selection) => selection.item === item)
        .reduce((sum, selection) => sum + selection.count, 0);
    }

    it('the prep summary’s counts equal the sum of the stored selections, per sitting and in total', async () => {
      await seedBookings();
      const response = await call('GET', '/api/christmas/orders-summary.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="christmas_prep_summary_2026-12-25_all.csv"',
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = parseCsv(response.body.slice(1));
      expect(header).toEqual(['Course', 'Dish', '12pm–2pm', '2:30pm–4:30pm', 'Total']);

      const early = await confirmedRows('xmas-early');
      const late = await confirmedRows('xmas-late');
      const all = await confirmedRows();
      expect(all).toHaveLength(12);
      const row = (course: string, dish: string) =>
        lines
          .find((line) => line[0] === course && line[1] === dish)
          ?.slice(2)
          .map(Number);

      expect(row('Covers', 'Bookings')).toEqual([early.length, late.length, all.length]);
      const guests = (rows: typeof all) => rows.reduce((sum, entry) => sum + entry.partySize, 0);
      expect(row('Covers', 'Guests')).toEqual([guests(early), guests(late), guests(all)]);
      const adults = (rows: typeof all) => rows.reduce((sum, entry) => sum + entry.partyAdults, 0);
      expect(row('Covers', 'Adults')).toEqual([adults(early), adults(late), adults(all)]);

      let dishRows = 0;
      for (const course of COURSES) {
        const label = course[0]?.toUpperCase() + course.slice(1);
        for (const dish of christmasSeason.menu[course]) {
          expect(row(label, dish.name), `${label}: ${dish.name}`).toEqual([
            storedCount(early, course, dish.id),
            storedCount(late, course, dish.id),
            storedCount(all, course, dish.id),
          ]);
          dishRows++;
        }
        const courseTotal = (rows: typeof all) =>
          christmasSeason.menu[course].reduce((sum, dish) => sum + storedCount(rows, course, dish.id), 0);
        expect(row(label, `All ${course}`)).toEqual([
          courseTotal(early),
          courseTotal(late),
          courseTotal(all),
        ]);
      }
      expect(dishRows).toBe(16);
      expect(lines).toHaveLength(4 + 16 + 3);
      // Every phone booking allocates each course to every guest: the mains are the guests.
      expect(row('Mains', 'All mains')).toEqual(row('Covers', 'Guests'));

      const filtered = await call('GET', '/api/christmas/orders-summary.csv?sittingId=late');
      expect(filtered.headers['content-disposition']).toBe(
        'attachment; filename="christmas_prep_summary_2026-12-25_xmas-late.csv"',
      );
      const [filteredHeader, ...filteredLines] = parseCsv(filtered.body.slice(1));
      expect(filteredHeader).toEqual(['Course', 'Dish', '2:30pm–4:30pm']);
      expect(filteredLines.find((line) => line[1] === 'Chestnut & cranberry wellington')?.[2]).toBe(
        String(storedCount(late, 'mains', 'chestnut-wellington')),
      );
    });

    it('orders.csv has one row per booking, a column per dish, and formula-proof cells', async () => {
      const booking = await created(
        phoneBooking(
          { adults: 2, children: 1, sittingId: 'late' },
          {
            name: '=HYPERLINK("http://evil.example","Click")',
            phone: '+44 118 496 0555',
            allergies: '@SUM(1+1)',
            occasionNotes: 'Birthday',
            specialNotes: 'High chair, please',
            selections: {
              starters: [{ item: 'parsnip-soup', count: 3 }],
              mains: [
                { item: 'roast-turkey', count: 2 },
                { item: 'chestnut-wellington', count: 1 },
              ],
              desserts: [
                { item: 'cheese-board', count: 1 },
                { item: 'mulled-pear', count: 2 },
              ],
            },
          },
        ),
      );
      const cancelled = await created(phoneBooking({ adults: 1 }, { name: 'Cancelled Guest' }));
      await setStatus(cancelled._id, 'CANCELLED');

      const response = await call('GET', '/api/christmas/orders.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="christmas_orders_2026-12-25_all.csv"',
      );
      const [header, early, late, ...rest] = parseCsv(response.body.slice(1));
      const dishNames = COURSES.flatMap((course) => christmasSeason.menu[course].map((dish) => dish.name));
      expect(header).toEqual([
        ...'Reference,Sitting,Name,Phone,Email,Adults,Children'.split(','),
        ...dishNames,
        ...'Cheese boards,Allergies,Notes,Status,Source,Created'.split(','),
      ]);
      expect(rest).toEqual([]);
      expect(early?.slice(0, 3)).toEqual([cancelled.reference, '12pm–2pm', 'Cancelled Guest']);
      expect(early?.at(-3)).toBe('CANCELLED');

      const cell = (name: string) => late?.[header?.indexOf(name) ?? -1];
      expect(late?.slice(0, 7)).toEqual([
        booking.reference,
        '2:30pm–4:30pm',
        `'=HYPERLINK("http://evil.example","Click")`,
        "'+44 118 496 0555",
        'arthur@example.com',
        '2',
        '1',
      ]);
      expect(cell('Spiced parsnip & apple soup')).toBe('3');
      expect(cell('Oak-smoked salmon')).toBe('0');
      expect(cell('Roast Norfolk turkey')).toBe('2');
      expect(cell('Chestnut & cranberry wellington')).toBe('1');
      expect(cell('Mulled wine poached pear')).toBe('2');
      expect(cell('British cheese board')).toBe('1');
      expect(cell('Cheese boards')).toBe('1');
      expect(cell('Allergies')).toBe("'@SUM(1+1)");
      expect(cell('Notes')).toBe('Occasion: Birthday\nHigh chair, please');
      expect(cell('Status')).toBe('CONFIRMED');
      expect(cell('Source')).toBe('Phone');
      expect(cell('Created')).toBe('2026-12-01 10:00');
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);

      const filtered = parseCsv(
        (await call('GET', '/api/christmas/orders.csv?sittingId=xmas-early')).body.slice(1),
      );
      expect(filtered.map((line) => line[0])).toEqual(['Reference', cancelled.reference]);
    });

    it('answers 400 JSON for an unknown sitting', async () => {
      for (const url of [
        '/api/christmas/orders.csv?sittingId=boxing-day',
        '/api/christmas/orders-summary.csv?sittingId=x',
        '/api/christmas/print/orders?sittingId=<script>',
      ]) {
        const response = await call('GET', url);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain('Please choose a valid sitting.');
      }
    });
  });

  describe('print pages', () => {
    function styleHashOf(html: string): string {
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      return `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    }

    it('escape a hostile name and allergy, and allow their own style but no script', async () => {
      const hostile = await created(
        phoneBooking(
          { adults: 2 },
          { name: HOSTILE_NAME, allergies: HOSTILE_ALLERGY, specialNotes: '"><b>x' },
        ),
      );
      await created(phoneBooking({ adults: 3, sittingId: 'late' }, { name: 'Late Guest' }));

      for (const url of [
        '/api/christmas/print/orders',
        '/api/christmas/print/summary',
        `/api/christmas/print/booking/${hostile._id}`,
      ]) {
        const response = await call('GET', url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        const html = response.body;
        expect(html, url).not.toContain('<script');
        expect(html, url).not.toContain('<img');
        expect(html, url).not.toContain('<b>x');
        expect(html, url).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
        expect(html, url).toContain('&lt;img src=x onerror=alert(1)&gt; nuts');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain(`style-src ${styleHashOf(html)}`);
        expect(csp).not.toContain('script-src');
        expect(csp).not.toContain('unsafe-inline');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });

    it('give each sitting its own page, flag allergies and count the dishes', async () => {
      await created(phoneBooking({ adults: 2 }, { name: 'Early Guest', allergies: 'Peanuts' }));
      await created(phoneBooking({ adults: 3, sittingId: 'late' }, { name: 'Late Guest' }));
      const cancelled = await created(phoneBooking({ adults: 1 }, { name: 'Gone Guest' }));
      await setStatus(cancelled._id, 'CANCELLED');

      const sheets = (html: string) => html.match(/<section class="sheet">/g)?.length ?? 0;
      const orders = (await call('GET', '/api/christmas/print/orders')).body;
      expect(sheets(orders)).toBe(2);
      expect(orders).toContain('Orders · 12pm–2pm');
      expect(orders).toContain('Orders · 2:30pm–4:30pm');
      expect(orders).toContain('<span class="flag">Allergy</span>Peanuts');
      expect(orders).not.toContain('Gone Guest');
      expect(orders).toContain('break-before: page');

      const summary = (await call('GET', '/api/christmas/print/summary')).body;
      expect(sheets(summary)).toBe(3);
      expect(summary).toContain('Chef’s prep · both sittings');
      expect(summary).toContain('<td class="count">5</td><td>Roast sirloin of beef</td>');
      expect(summary).toContain('<td class="count">2</td><td>Roast sirloin of beef</td>');

      const late = (await call('GET', '/api/christmas/print/summary?sittingId=xmas-late')).body;
      expect(sheets(late)).toBe(1);
      expect(late).toContain('<td class="count">3</td><td>Roast sirloin of beef</td>');
      expect(late).toContain('No allergies noted.');

      const slip = (await call('GET', `/api/christmas/print/booking/${cancelled._id}`)).body;
      expect(slip).toContain('<p class="cancelled">Cancelled</p>');
      expect(slip).not.toContain('Balance due on the day');
      expect(slip).toContain(cancelled.reference);
    });

    it('say on a cancelled booking’s sheet what became of its deposit, not a balance due', async () => {
      const moneyRow = (label: string, value: string) =>
        `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
      const slipOf = async (id: string) => (await call('GET', `/api/christmas/print/booking/${id}`)).body;

      const byPhone = await created(phoneBooking({ adults: 2 }, { depositMethod: 'cash' }));
      await setStatus(byPhone._id, 'CANCELLED');
      const toSettle = await slipOf(byPhone._id);
      expect(toSettle).toContain(moneyRow('Cancelled', CHRISTMAS_STAFF_CANCEL_MESSAGES.settleAtTill(5000)));
      expect(toSettle).not.toContain('Balance due on the day');
      const settled = await call('POST', `/api/christmas/admin/bookings/${byPhone._id}/till-settlement`, {
        outcome: 'given-back',
      });
      expect(settled.statusCode, settled.body).toBe(200);
      expect(await slipOf(byPhone._id)).toContain(moneyRow('Cancelled', tillSettledText(5000, 5000)));

      const online: NewChristmasBooking = {
        date: CHRISTMAS_DATE,
        sittingId: 'xmas-early',
        sittingLabel: '12pm–2pm',
        name: 'Online Guest',
        email: 'online@example.com',
        phone: '07700 900777',
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        selections: { starters: [], mains: [{ item: 'roast-turkey', count: 2 }], desserts: [] },
        totalPence: 19_000,
        depositPaidPence: 5000,
        source: 'online',
        status: 'CANCELLED',
      };
      const refunded = await insertChristmasBooking(t.database.db, {
        ...online,
        refundPence: 5000,
        refundId: 'demo_re_1',
      });
      const kept = await insertChristmasBooking(t.database.db, online);
      expect(await slipOf(refunded.id)).toContain(
        moneyRow('Cancelled', CHRISTMAS_STAFF_CANCEL_MESSAGES.refunded(5000)),
      );
      const keptSlip = await slipOf(kept.id);
      expect(keptSlip).toContain(moneyRow('Cancelled', CHRISTMAS_STAFF_CANCEL_MESSAGES.kept));
      expect(keptSlip).not.toContain('Balance due on the day');
    });

    it('answers 404 for an unknown booking slip', async () => {
      for (const id of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', 'XMAS-ABCD']) {
        const response = await call('GET', `/api/christmas/print/booking/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Booking not found' });
      }
    });
  });
});
