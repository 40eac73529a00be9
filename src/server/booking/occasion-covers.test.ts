import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { insertOccasionBooking } from '#tests/helpers/occasion-rows.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { saveCoversMode, saveTables, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { loadDate } from './availability.ts';

/** Sunday 22 November 2026, midday in London: the party nights of December are in the booking window. */
const NOW = new Date('2026-11-22T12:00:00Z');
const PARTY_NIGHTS = 'christmas-party-nights';
const FULL = { error: BOOKING_MESSAGES.slotFull };

async function within(milliseconds: number, check: () => Promise<boolean>): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < milliseconds) {
    if (await check()) return true;
    await new Promise((wait) => setTimeout(wait, 10));
  }
  return check();
}

/*
 * The seed: 24 covers a slot, 80 a service, slots every 30 minutes, dinner 18:00–21:30; the party nights' dinner
 * sitting runs 19:00–22:30 and lunch 12:30–15:00.
 */
describe.each(databaseTargets)(
  'occasion parties hold their covers in the regular diary on $name (issue 30)',
  (target) => {
    const t = useTestApp(target, NOW);

    const book = (date: string, overrides: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/bookings', payload: tableBookingRequest(date, overrides) });

    it('counts a confirmed party in every slot its sitting overlaps, in availability and in the booking alike', async () => {
      const date = '2026-12-11';
      await insertOccasionBooking(t, { slug: PARTY_NIGHTS, date, sittingId: 'dinner', partySize: 18 });

      expect(await coversLeft(t, date, '18:30')).toBe(24);
      for (const time of ['19:00', '20:00', '21:30']) expect(await coversLeft(t, date, time)).toBe(6);
      expect(await coversLeft(t, date, '19:00', 8)).toBe(6);

      const refused = await book(date, { partyAdults: 8 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(FULL);
      const taken = await book(date, { partyAdults: 6 });
      expect(taken.statusCode, taken.body).toBe(201);

      // The sitting and the table of 6 fill 19:00: a table from 18:00 would still be sitting then.
      expect(await coversLeft(t, date, '19:00')).toBe(0);
      expect(await coversLeft(t, date, '18:00', 2)).toBe(0);
      expect((await book(date, { timeSlot: '18:00' })).json()).toEqual(FULL);
    });

    it('counts a live hold but not a lapsed one, a cancelled or an expired booking; a lunch sitting only at its own times', async () => {
      const date = '2026-12-12';
      const dinner = { slug: PARTY_NIGHTS, date, sittingId: 'dinner' };
      await insertOccasionBooking(t, {
        ...dinner,
        partySize: 20,
        status: 'HELD',
        holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
      });
      await insertOccasionBooking(t, {
        ...dinner,
        partySize: 5,
        status: 'HELD',
        holdExpiresAt: new Date(NOW.getTime() - 60_000),
      });
      await insertOccasionBooking(t, { ...dinner, partySize: 7, status: 'CANCELLED' });
      await insertOccasionBooking(t, { ...dinner, partySize: 3, status: 'EXPIRED' });
      await insertOccasionBooking(t, { ...dinner, sittingId: 'lunch', partySize: 20 });

      expect(await coversLeft(t, date, '19:00')).toBe(4);
      expect((await book(date, { partyAdults: 6 })).json()).toEqual(FULL);
      expect(await coversLeft(t, date, '12:00')).toBe(24);
      expect(await coversLeft(t, date, '12:30')).toBe(4);
      expect(await coversLeft(t, date, '14:30')).toBe(4);
      expect(await coversLeft(t, date, '15:00')).toBe(24);
      expect(await coversLeft(t, date, '12:00', 6)).toBe(4);

      // The hold lapses: its seats are the diary's again, with no change to any row.
      t.setNow(new Date(NOW.getTime() + 20 * 60_000));
      try {
        expect(await coversLeft(t, date, '19:00')).toBe(24);
        const after = await book(date, { partyAdults: 6 });
        expect(after.statusCode, after.body).toBe(201);
      } finally {
        t.setNow(NOW);
      }
    });

    it('hears of an occasion booking made after the date was read, as of any booking', async () => {
      const date = '2026-12-18';
      expect(await within(5_000, async () => t.app.tableChanges.live)).toBe(true);
      expect(await coversLeft(t, date, '19:00')).toBe(24);
      await insertOccasionBooking(t, { slug: PARTY_NIGHTS, date, sittingId: 'dinner', partySize: 12 });
      expect(await within(2_000, async () => (await coversLeft(t, date, '19:00')) === 12)).toBe(true);
    });

    it('holds no covers for Christmas Day’s parties, which only Christmas seats (decision 049)', async () => {
      const christmasDay = '2026-12-25';
      await insertOccasionBooking(t, {
        slug: CHRISTMAS_OCCASION_SLUG,
        date: christmasDay,
        sittingId: 'xmas-early',
        partySize: 20,
      });
      const { rows } = await loadDate(t.database.db, christmasDay);
      expect(rows.filter((row) => row.kind === 'occasion')).toEqual([]);
      expect(await coversLeft(t, christmasDay, '12:30')).toBe(24);
    });

    it('in tables mode keeps free the seats the sitting’s parties need, and refuses the table that would take them', async () => {
      const date = '2026-12-19';
      await saveTables(t, { tables: [table('a', 1, 4), table('b', 1, 4), table('c', 1, 4)] });
      try {
        await insertOccasionBooking(t, { slug: PARTY_NIGHTS, date, sittingId: 'dinner', partySize: 8 });
        expect(await coversLeft(t, date, '19:00')).toBe(4);
        expect(await coversLeft(t, date, '18:00')).toBe(12);

        const first = await book(date, { partyAdults: 2 });
        expect(first.statusCode, first.body).toBe(201);
        expect(await storedTablesOf(t, first.json()._id)).toEqual(['a']);

        // Two tables of four are what the party of 8 needs from 19:00: no other table may go then.
        expect(await coversLeft(t, date, '19:30', 2)).toBe(0);
        expect((await book(date, { timeSlot: '19:30' })).json()).toEqual(FULL);
        expect(await coversLeft(t, date, '18:00', 2)).toBe(0);
        expect(await coversLeft(t, date, '12:00', 2)).toBeGreaterThanOrEqual(2);
      } finally {
        await saveCoversMode(t);
      }
    });
  },
);
