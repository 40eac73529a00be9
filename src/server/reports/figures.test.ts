import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import type { ReportFigures } from '#shared/reports/api.ts';
import {
  insertReportFixture,
  LAST_YEAR_PERIOD,
  PERIOD_BOOKINGS,
  REPORT_PERIOD,
  VOUCHERS,
} from '#tests/helpers/report-fixture.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { reportFigures } from './figures.ts';
import { buildReport } from './report.ts';

/*
 * Every figure of the reports against the fixture (tests/helpers/report-fixture.ts), each number counted by hand
 * from the fixture once and written here as it is: the queries are never checked against themselves.
 */

const TICKETED = ['winter-supper-club'];

/** Bookings not cancelled and their covers, per day with any (every other day of the period has none). */
const PERIOD_DAYS: Record<string, [number, number]> = {
  '2026-10-01': [2, 10],
  '2026-10-02': [4, 9],
  '2026-10-04': [2, 8],
  '2026-10-05': [2, 5],
  '2026-10-06': [1, 1],
  '2026-10-07': [3, 10],
  '2026-10-08': [3, 6],
  '2026-10-10': [3, 7],
  '2026-10-12': [4, 16],
  '2026-10-13': [2, 4],
  '2026-10-14': [1, 3],
  '2026-10-15': [3, 12],
  '2026-10-16': [3, 9],
  '2026-10-17': [1, 8],
  '2026-10-18': [2, 5],
  '2026-10-19': [1, 3],
  '2026-10-20': [2, 8],
  '2026-10-21': [3, 9],
  '2026-10-22': [5, 15],
  '2026-10-23': [1, 2],
  '2026-10-25': [1, 6],
  '2026-10-26': [2, 5],
  '2026-10-27': [2, 16],
  '2026-10-28': [1, 2],
  '2026-10-29': [1, 4],
  '2026-10-30': [1, 10],
  '2026-11-02': [1, 5],
  '2026-11-03': [4, 15],
  '2026-11-04': [2, 9],
  '2026-11-05': [2, 10],
  '2026-11-06': [3, 15],
  '2026-11-07': [1, 3],
  '2026-11-08': [1, 3],
  '2026-11-09': [1, 1],
  '2026-11-10': [2, 11],
  '2026-11-11': [3, 8],
  '2026-11-12': [3, 10],
  '2026-11-13': [5, 24],
  '2026-11-14': [3, 8],
  '2026-11-15': [3, 15],
  '2026-11-17': [1, 10],
  '2026-11-18': [2, 4],
  '2026-11-19': [1, 4],
  '2026-11-20': [1, 4],
  '2026-11-21': [2, 3],
  '2026-11-22': [1, 5],
  '2026-11-23': [5, 18],
  '2026-11-24': [4, 13],
  '2026-11-25': [2, 4],
  '2026-11-26': [1, 2],
  '2026-11-27': [2, 4],
  '2026-11-28': [3, 6],
  '2026-11-29': [3, 12],
  '2026-12-03': [3, 17],
  '2026-12-04': [1, 5],
  '2026-12-05': [1, 2],
  '2026-12-06': [2, 3],
  '2026-12-07': [1, 2],
  '2026-12-09': [3, 9],
  '2026-12-11': [1, 6],
  '2026-12-12': [3, 12],
  '2026-12-13': [3, 8],
  '2026-12-16': [3, 4],
  '2026-12-17': [2, 8],
  '2026-12-18': [1, 8],
  '2026-12-19': [3, 7],
  '2026-12-20': [3, 14],
  '2026-12-21': [5, 21],
  '2026-12-22': [4, 16],
  '2026-12-23': [2, 6],
  '2026-12-24': [4, 18],
  '2026-12-26': [4, 9],
  '2026-12-27': [3, 11],
  '2026-12-28': [3, 7],
  '2026-12-29': [2, 4],
  '2026-12-30': [1, 4],
};

function daysWithBookings(figures: ReportFigures): Record<string, [number, number]> {
  return Object.fromEntries(
    figures.byDay.filter((day) => day.bookings > 0).map((day) => [day.date, [day.bookings, day.covers]]),
  );
}

describe.each(databaseTargets)('the report figures on $name', (target) => {
  let database: DatabaseHandle & { dispose(): Promise<void> };

  beforeAll(async () => {
    database = target.openMigrated ? await target.openMigrated() : await target.open();
    await database.migrate();
    await insertReportFixture(database.db);
  });
  afterAll(() => database.dispose());

  const figuresOf = (scope: { from: string; to: string; service?: 'all' | 'lunch' | 'dinner' }) =>
    reportFigures(database.db, { service: 'all', ticketedOccasions: TICKETED, ...scope });

  it('counts the three months’ bookings by status, and the walk-ins', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(PERIOD_BOOKINGS).toHaveLength(200);
    expect(figures.bookings).toEqual({
      booked: { bookings: 200, covers: 694 },
      seated: { bookings: 131, covers: 472 },
      cancelledByGuest: { bookings: 12, covers: 45 },
      cancelledByStaff: { bookings: 12, covers: 29 },
      noShow: { bookings: 18, covers: 63 },
      walkIns: { bookings: 22, covers: 95 },
    });
  });

  it('lists every day of the period, the days without bookings at zero', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(figures.byDay).toHaveLength(92);
    expect(figures.byDay[0]).toEqual({ date: '2026-10-01', bookings: 2, covers: 10 });
    expect(figures.byDay[2]).toEqual({ date: '2026-10-03', bookings: 0, covers: 0 });
    expect(figures.byDay.at(-1)).toEqual({ date: '2026-12-31', bookings: 0, covers: 0 });
    expect(daysWithBookings(figures)).toEqual(PERIOD_DAYS);
  });

  it('counts the bookings not cancelled by source, party size and slot, busiest first', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(figures.bySource).toEqual([
      { source: 'online', bookings: 77, covers: 274 },
      { source: 'phone', bookings: 38, covers: 125 },
      { source: 'walk-in', bookings: 19, covers: 87 },
      { source: 'email', bookings: 13, covers: 51 },
      { source: 'enquiry', bookings: 9, covers: 27 },
      { source: 'standby', bookings: 20, covers: 56 },
    ]);
    expect(figures.partySizes).toEqual([
      { band: '1', bookings: 19 },
      { band: '2', bookings: 59 },
      { band: '3–4', bookings: 55 },
      { band: '5–6', bookings: 27 },
      { band: '7–8', bookings: 9 },
      { band: '9+', bookings: 7 },
    ]);
    expect(figures.busiestSlots).toEqual([
      { service: 'dinner', time: '19:30', covers: 86, bookings: 23 },
      { service: 'lunch', time: '12:30', covers: 84, bookings: 23 },
      { service: 'lunch', time: '12:00', covers: 83, bookings: 25 },
      // A tie: the earlier time first.
      { service: 'dinner', time: '18:00', covers: 73, bookings: 18 },
      { service: 'dinner', time: '18:30', covers: 73, bookings: 23 },
      { service: 'dinner', time: '19:00', covers: 63, bookings: 17 },
      { service: 'lunch', time: '13:00', covers: 60, bookings: 17 },
      { service: 'lunch', time: '13:30', covers: 52, bookings: 15 },
      { service: 'dinner', time: '20:00', covers: 46, bookings: 15 },
    ]);
  });

  it('counts only the money that moved: paid, refunds made, deposits kept, fees charged', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(figures.deposits).toEqual({
      takenPence: 164_000,
      refundedPence: 35_000,
      keptPence: 12_000,
      noShowFeesPence: 24_000,
    });
  });

  it('counts the occasions’ sales and pre-orders, Christmas Day among them', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(figures.occasions).toEqual([
      {
        name: 'Christmas Day',
        bookings: 3,
        covers: 12,
        paidPence: 24_000,
        refundedPence: 6000,
        dinersChosen: 12,
        places: 12,
      },
      {
        name: 'Festive Party Nights',
        bookings: 4,
        covers: 26,
        paidPence: 35_000,
        refundedPence: 4000,
        dinersChosen: 11,
        places: 26,
      },
      {
        name: 'Winter Supper Club',
        bookings: 2,
        covers: 6,
        paidPence: 40_500,
        refundedPence: 9000,
        dinersChosen: 0,
        places: 0,
      },
    ]);
  });

  it('counts money staff took as refunded when they gave it back at the till, not when they kept it', async () => {
    // 27 November: the supper club's two cancelled phone bookings paid in cash, £90 given back and £45 kept.
    const figures = await figuresOf({ from: '2026-11-27', to: '2026-11-27' });
    expect(figures.occasions).toEqual([
      {
        name: 'Winter Supper Club',
        bookings: 0,
        covers: 0,
        paidPence: 13_500,
        refundedPence: 9000,
        dinersChosen: 0,
        places: 0,
      },
    ]);
    // Christmas Day: £20 refunded online (XM-003) and the £40 cash deposit given back (XM-008); not the £30 kept
    // (XM-009), nor the £30 refund still owed (XM-004).
    const christmas = await figuresOf({ from: '2026-12-25', to: '2026-12-25' });
    expect(christmas.occasions).toEqual([
      expect.objectContaining({ name: 'Christmas Day', paidPence: 24_000, refundedPence: 6000 }),
    ]);
  });

  it('counts the e-mails queued on the period’s London days, text messages left out', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(figures.emails).toEqual({ sent: 22, pending: 2, failed: 4 });
  });

  it('counts the vouchers sold, given and redeemed on the period’s London days, and what is owed at its end', async () => {
    const figures = await figuresOf(REPORT_PERIOD);
    expect(VOUCHERS).toHaveLength(9);
    // Sold £50 + £25 + £50 (voided) + £25 (refunded); £10 sold at 23:59 on 30 September is outside.
    // Redeemed £30 + £5 (23:59 on 31 December) + £10; the £20 of January is outside.
    // Owed: £20 + £25 + £10 + £15 + £30; the voided, the refunded and the one past its last day owe nothing.
    expect(figures.vouchers).toEqual({
      soldPence: 15_000,
      issuedPence: 2000,
      redeemedPence: 4500,
      outstandingPence: 10_000,
    });
  });

  it('narrows the bookings and their deposits to one service, and nothing else', async () => {
    const figures = await figuresOf({ ...REPORT_PERIOD, service: 'dinner' });
    expect(figures.bookings).toEqual({
      booked: { bookings: 108, covers: 378 },
      seated: { bookings: 72, covers: 285 },
      cancelledByGuest: { bookings: 6, covers: 23 },
      cancelledByStaff: { bookings: 6, covers: 14 },
      noShow: { bookings: 8, covers: 23 },
      walkIns: { bookings: 8, covers: 33 },
    });
    expect(figures.byDay.filter((day) => day.bookings > 0)).toHaveLength(61);
    expect(figures.byDay.reduce((sum, day) => sum + day.covers, 0)).toBe(341);
    expect(figures.bySource).toEqual([
      { source: 'online', bookings: 41, covers: 153 },
      { source: 'phone', bookings: 23, covers: 78 },
      { source: 'walk-in', bookings: 8, covers: 33 },
      { source: 'email', bookings: 8, covers: 27 },
      { source: 'enquiry', bookings: 3, covers: 7 },
      { source: 'standby', bookings: 13, covers: 43 },
    ]);
    expect(figures.partySizes.map((band) => band.bookings)).toEqual([11, 31, 31, 12, 7, 4]);
    expect(figures.busiestSlots.map((slot) => `${slot.service} ${slot.time} ${slot.covers}`)).toEqual([
      'dinner 19:30 86',
      'dinner 18:00 73',
      'dinner 18:30 73',
      'dinner 19:00 63',
      'dinner 20:00 46',
    ]);
    expect(figures.deposits).toEqual({
      takenPence: 101_500,
      refundedPence: 23_000,
      keptPence: 0,
      noShowFeesPence: 15_000,
    });
    expect(figures.occasions.map((occasion) => occasion.name)).toEqual([
      'Christmas Day',
      'Festive Party Nights',
      'Winter Supper Club',
    ]);
    expect(figures.emails).toEqual({ sent: 22, pending: 2, failed: 4 });
    expect(figures.vouchers.soldPence).toBe(15_000);
  });

  it('compares the period with the same weekdays a year before, read from the same snapshot', async () => {
    const report = await buildReport(
      database.db,
      { ...REPORT_PERIOD, service: 'all', compare: 'previous-year' },
      TICKETED,
    );
    expect(report.current.bookings.booked).toEqual({ bookings: 200, covers: 694 });
    const previous = report.previous as ReportFigures;
    expect({ from: previous.from, to: previous.to }).toEqual(LAST_YEAR_PERIOD);
    expect(previous.bookings).toEqual({
      booked: { bookings: 24, covers: 85 },
      seated: { bookings: 13, covers: 39 },
      cancelledByGuest: { bookings: 3, covers: 13 },
      cancelledByStaff: { bookings: 0, covers: 0 },
      noShow: { bookings: 5, covers: 19 },
      walkIns: { bookings: 3, covers: 10 },
    });
    expect(previous.byDay).toHaveLength(92);
    expect(previous.byDay.filter((day) => day.bookings > 0)).toHaveLength(18);
    expect(previous.byDay.reduce((sum, day) => sum + day.bookings, 0)).toBe(21);
    expect(previous.byDay.reduce((sum, day) => sum + day.covers, 0)).toBe(72);
    expect(previous.bySource).toEqual([
      { source: 'online', bookings: 11, covers: 34 },
      { source: 'phone', bookings: 3, covers: 14 },
      { source: 'walk-in', bookings: 3, covers: 10 },
      { source: 'email', bookings: 0, covers: 0 },
      { source: 'enquiry', bookings: 0, covers: 0 },
      { source: 'standby', bookings: 4, covers: 14 },
    ]);
    expect(previous.partySizes.map((band) => band.bookings)).toEqual([1, 7, 9, 3, 1, 0]);
    expect(previous.busiestSlots).toEqual([
      { service: 'lunch', time: '12:30', covers: 19, bookings: 5 },
      { service: 'dinner', time: '18:30', covers: 18, bookings: 5 },
      { service: 'dinner', time: '18:00', covers: 12, bookings: 4 },
      { service: 'dinner', time: '20:00', covers: 9, bookings: 3 },
      { service: 'lunch', time: '13:00', covers: 6, bookings: 2 },
      { service: 'dinner', time: '19:30', covers: 5, bookings: 1 },
      { service: 'lunch', time: '12:00', covers: 3, bookings: 1 },
    ]);
    expect(previous.deposits).toEqual({
      takenPence: 5000,
      refundedPence: 0,
      keptPence: 0,
      noShowFeesPence: 9000,
    });
    expect(previous.occasions).toEqual([
      {
        name: 'Christmas Day',
        bookings: 2,
        covers: 7,
        paidPence: 5000,
        refundedPence: 0,
        dinersChosen: 7,
        places: 7,
      },
      {
        name: 'Christmas Party Nights',
        bookings: 1,
        covers: 7,
        paidPence: 7000,
        refundedPence: 0,
        dinersChosen: 7,
        places: 7,
      },
    ]);
    expect(previous.emails).toEqual({ sent: 5, pending: 0, failed: 1 });
    // The £100 voucher of November 2025, £40 of it used: £60 owed on 1 January, its last day not yet come.
    expect(previous.vouchers).toEqual({
      soldPence: 10_000,
      issuedPence: 0,
      redeemedPence: 4000,
      outstandingPence: 6000,
    });
  });

  it('compares a week with the week before, and a longer period with the whole weeks just before it', async () => {
    const report = (query: { from: string; to: string }) =>
      buildReport(database.db, { ...query, service: 'all', compare: 'previous-week' }, TICKETED);
    const week = await report({ from: '2026-10-08', to: '2026-10-14' });
    expect(week.previous).toEqual(await figuresOf({ from: '2026-10-01', to: '2026-10-07' }));
    expect(daysWithBookings(week.previous as ReportFigures)).toEqual(
      Object.fromEntries(Object.entries(PERIOD_DAYS).filter(([day]) => day <= '2026-10-07')),
    );
    // The three months are met by the 14 weeks before them: not a day of the period counted twice.
    const months = await report(REPORT_PERIOD);
    expect(months.previous).toEqual(await figuresOf({ from: '2026-06-25', to: '2026-09-24' }));
  });

  it('counts the figures of a period overlapping the fixture’s, and compares with nothing when asked', async () => {
    const previous = await figuresOf({ from: '2026-09-24', to: '2026-12-24' });
    expect(previous.bookings.booked).toEqual({ bookings: 185, covers: 657 });
    expect(previous.bookings.cancelledByStaff).toEqual({ bookings: 10, covers: 25 });
    expect(previous.deposits).toEqual({
      takenPence: 155_000,
      refundedPence: 32_000,
      keptPence: 12_000,
      noShowFeesPence: 24_000,
    });
    // No 25 December in those days: no Christmas Day.
    expect(previous.occasions.map((occasion) => occasion.name)).toEqual([
      'Festive Party Nights',
      'Winter Supper Club',
    ]);
    expect(previous.emails).toEqual({ sent: 22, pending: 0, failed: 4 });
    // To 24 December: the £10 of 30 September sold; the £20 given on Christmas Eve still whole; £5 not yet taken.
    expect(previous.vouchers).toEqual({
      soldPence: 16_000,
      issuedPence: 2000,
      redeemedPence: 4000,
      outstandingPence: 10_500,
    });

    const alone = await buildReport(
      database.db,
      { ...REPORT_PERIOD, service: 'all', compare: 'none' },
      TICKETED,
    );
    expect(alone.previous).toBeNull();
  });

  it('answers zeros for a period without anything', async () => {
    const figures = await figuresOf({ from: '2024-03-01', to: '2024-03-02' });
    expect(figures.bookings.booked).toEqual({ bookings: 0, covers: 0 });
    expect(figures.byDay).toEqual([
      { date: '2024-03-01', bookings: 0, covers: 0 },
      { date: '2024-03-02', bookings: 0, covers: 0 },
    ]);
    expect(figures.bySource.every((source) => source.bookings === 0)).toBe(true);
    expect(figures.busiestSlots).toEqual([]);
    expect(figures.deposits).toEqual({ takenPence: 0, refundedPence: 0, keptPence: 0, noShowFeesPence: 0 });
    expect(figures.occasions).toEqual([]);
    expect(figures.emails).toEqual({ sent: 0, pending: 0, failed: 0 });
    expect(figures.vouchers).toEqual({ soldPence: 0, issuedPence: 0, redeemedPence: 0, outstandingPence: 0 });
  });
});
