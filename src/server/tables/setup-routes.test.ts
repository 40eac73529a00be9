import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { TablesDayAnswer } from '#shared/tables/day.ts';
import type { TablesDocument } from '#shared/tables/layout.ts';
import type { TablesSwitchAnswer, WhyAnswer } from '#shared/tables/setup-schemas.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const TUESDAY = '2026-12-08';

/** One dining room: a table for two, a table for four, and a bar table kept for walk-ins. */
const LAYOUT: TablesDocument = {
  ...seedContent.tables,
  areas: [{ id: 'dining', name: 'Dining room', closed: [] }],
  tables: [
    { id: 't1', name: 'Table 1', area: 'dining', minCovers: 1, maxCovers: 2, use: 'online' },
    { id: 't2', name: 'Table 2', area: 'dining', minCovers: 1, maxCovers: 4, use: 'online' },
    { id: 'bar', name: 'Bar table', area: 'dining', minCovers: 1, maxCovers: 4, use: 'walk-in' },
  ],
  joins: [],
  pacing: {
    intervalMinutes: 15,
    lunch: { online: null, staff: null },
    dinner: { online: 8, staff: 12 },
  },
};

describe.each(databaseTargets)('the tables set-up routes on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });
  let booked = 0;
  beforeEach(() => {
    booked = 0;
  });

  async function saveLayout(document: TablesDocument) {
    const { version } = (await t.asStaff({ method: 'GET', url: '/api/admin/content/tables' })).json() as {
      version: number;
    };
    const saved = await t.asStaff({
      method: 'PUT',
      url: '/api/admin/content/tables',
      payload: { baseVersion: version, document },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** A guest's booking, made a minute after the one before: the switch places them in the order made. */
  async function book(name: string, timeSlot: string, partyAdults: number) {
    booked++;
    t.setNow(new Date(NOW.getTime() + booked * 60_000));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: tableBookingRequest(TUESDAY, { name, timeSlot, partyAdults }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as StoredBooking;
  }

  const switchTo = (to: 'tables' | 'covers', dryRun: boolean) =>
    t.asStaff({ method: 'POST', url: '/api/admin/tables/switch', payload: { to, dryRun } });

  async function mode() {
    const latest = await t.asStaff({ method: 'GET', url: '/api/admin/content/tables' });
    return (latest.json() as { document: TablesDocument }).document.mode;
  }

  async function tablesOn(date: string) {
    const day = await t.asStaff({ method: 'GET', url: `/api/admin/tables/day?date=${date}` });
    const { bookings } = day.json() as TablesDayAnswer;
    return Object.fromEntries(bookings.map((booking) => [booking.name, booking.tables]));
  }

  describe('the switch', () => {
    it('lists in a dry run the booking that does not fit, and refuses the real switch while it is unplaced', async () => {
      await saveLayout(LAYOUT);
      await book('Ann Early', '19:00', 2);
      await book('Bob Four', '19:00', 4);
      const third = await book('Cat Late', '19:00', 4);

      const dry = await switchTo('tables', true);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toEqual({
        mode: 'tables',
        saved: false,
        bookings: 3,
        unplaced: [
          { reference: third.reference, name: 'Cat Late', date: TUESDAY, timeSlot: '19:00', guests: 4 },
        ],
      } satisfies TablesSwitchAnswer);
      // A dry run keeps nothing: no table given, the mode unchanged.
      expect(await tablesOn(TUESDAY)).toEqual({ 'Ann Early': [], 'Bob Four': [], 'Cat Late': [] });

      const refused = await switchTo('tables', false);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: 'One future booking has no table: place it first, then switch.',
        unplaced: [{ reference: third.reference }],
      });
      expect(await mode()).toBe('covers');
      expect(await tablesOn(TUESDAY)).toEqual({ 'Ann Early': [], 'Bob Four': [], 'Cat Late': [] });
    });

    it('places every future booking in the order made, never two on one table at once, and saves the mode', async () => {
      await saveLayout(LAYOUT);
      await book('Ann Early', '19:00', 2);
      await book('Dan Overlap', '19:30', 2);
      await book('Eve Later', '21:00', 2);

      const switched = await switchTo('tables', false);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toEqual({ mode: 'tables', saved: true, bookings: 3, unplaced: [] });
      expect(await mode()).toBe('tables');
      // Ann, booked first, has the table that fits best; Dan overlaps her, so sits at the other; Eve comes
      // once Ann's 90 minutes are over and has her table again.
      expect(await tablesOn(TUESDAY)).toEqual({
        'Ann Early': ['t1'],
        'Dan Overlap': ['t2'],
        'Eve Later': ['t1'],
      });

      const versions = await t.asStaff({ method: 'GET', url: '/api/admin/content/tables/versions' });
      expect((versions.json() as { savedBy: string }[])[0]?.savedBy).toBe('landlord@pub.test');
      const trail = await t.asStaff({ method: 'GET', url: '/api/admin/audit' });
      expect(trail.body).toContain('Switched to tables mode: 3 future bookings given tables');
      // A guest now books by tables: the walk-ins' table is never theirs, so a third party at 19:00 is refused.
      const full = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: tableBookingRequest(TUESDAY, { name: 'Fay Full', timeSlot: '19:00' }),
      });
      expect(full.statusCode).toBe(409);
    });

    it('goes back to covers, the bookings keeping their tables, unused', async () => {
      await saveLayout(LAYOUT);
      await book('Ann Early', '19:00', 2);
      expect((await switchTo('tables', false)).statusCode).toBe(200);

      const back = await switchTo('covers', false);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toEqual({ mode: 'covers', saved: true, bookings: 0, unplaced: [] });
      expect(await mode()).toBe('covers');
      expect(await tablesOn(TUESDAY)).toEqual({ 'Ann Early': ['t1'] });
      // Covers again: four parties at 19:00, though only two tables of the layout take guests online.
      await book('Bob Two', '19:00', 2);
      await book('Cat Two', '19:00', 2);
      await book('Dan Two', '19:00', 2);
      expect((await switchTo('covers', false)).json()).toEqual({
        error: 'Capacity is already counted by covers.',
      });
    });
  });

  describe('why a booking cannot be made', () => {
    const why = (query: string) => t.asStaff({ method: 'GET', url: `/api/admin/tables/why?${query}` });

    it('names the pacing rule and the table rule, and each table’s reason', async () => {
      await saveLayout({ ...LAYOUT, mode: 'tables' });
      await book('Ann Early', '19:00', 2);
      await book('Bob Four', '19:00', 4);

      const answer = (await why(`date=${TUESDAY}&time=19:00&party=4&channel=online`)).json() as WhyAnswer;
      expect(answer.bookable).toBe(false);
      const verdict = (rule: string) => answer.verdicts.find((each) => each.rule === rule);
      expect(answer.verdicts.map((each) => each.rule)).toEqual([
        'day',
        'service',
        'special-hours',
        'window',
        'notice',
        'pacing',
        'tables',
        'walk-ins',
      ]);
      expect(verdict('day')?.ok).toBe(true);
      expect(verdict('pacing')).toMatchObject({
        ok: false,
        text: 'Pacing full at 7pm: 6 of 8 covers start then.',
      });
      expect(verdict('tables')).toMatchObject({
        ok: false,
        text: 'No table or join for 4 is free from 7pm to 8:30pm.',
        places: [
          { name: 'Table 1', reason: 'Too small: seats 2 at most' },
          { name: 'Table 2', reason: 'Taken from 7pm by Bob Four' },
          { name: 'Bar table', reason: 'Walk-ins only' },
        ],
      });
      expect(verdict('walk-ins')).toMatchObject({
        ok: false,
        text: 'Bar table is free but kept for walk-ins.',
      });

      // Staff have their own, higher pacing limit; the walk-ins' table is still not theirs.
      const staff = (await why(`date=${TUESDAY}&time=19:00&party=2&channel=staff`)).json() as WhyAnswer;
      expect(staff.verdicts.find((each) => each.rule === 'pacing')?.ok).toBe(true);
      expect(staff.verdicts.find((each) => each.rule === 'tables')?.ok).toBe(false);
    });

    it('counts covers in covers mode, and refuses a closed day first', async () => {
      const answer = (await why(`date=${TUESDAY}&time=19:00&party=30&channel=online`)).json() as WhyAnswer;
      expect(answer.mode).toBe('covers');
      expect(answer.verdicts.at(-1)).toMatchObject({
        rule: 'covers',
        ok: false,
        text: "Only 24 covers left for the party's table time from 7pm; it needs 30.",
      });
      const monday = (await why('date=2026-12-07&time=19:00&party=2&channel=online')).json() as WhyAnswer;
      expect(monday.verdicts.find((each) => each.rule === 'service')).toMatchObject({
        ok: false,
        text: 'The kitchen takes no dinner bookings on Mondays.',
      });
      expect((await why('date=2026-12-08&time=7pm&party=2&channel=online')).statusCode).toBe(400);
    });
  });

  describe('table cards', () => {
    it('prints one card per table with a booking, reserved from its first booking’s time, with no name', async () => {
      await saveLayout({ ...LAYOUT, mode: 'tables' });
      await book('Ann Early', '19:00', 2);
      await book('Bob Four', '18:30', 4);
      await book('Eve Later', '21:00', 2);

      const sheet = await t.asStaff({ method: 'GET', url: `/api/admin/tables/cards?date=${TUESDAY}` });
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toBe('text/html; charset=utf-8');
      const cards = [...sheet.body.matchAll(/<section class="card">(.*?)<\/section>/g)].map((card) =>
        (card[1] ?? '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      expect(cards).toEqual([
        'Reserved from 7pm Table 1 Tuesday 8 December 2026',
        'Reserved from 6:30pm Table 2 Tuesday 8 December 2026',
      ]);
      expect(sheet.body).not.toMatch(/Ann|Bob|Eve/);
    });

    it('says so when no table has a booking that day', async () => {
      const sheet = await t.asStaff({ method: 'GET', url: `/api/admin/tables/cards?date=${TUESDAY}` });
      expect(sheet.body).toContain('No table has a booking on Tuesday 8 December 2026.');
      expect(sheet.body).not.toContain('class="card"');
    });
  });
});
