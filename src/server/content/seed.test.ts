import { afterEach, describe, expect, it } from 'vitest';
import { christmasDayOccasionIn, christmasSeasonOf } from '#shared/christmas/occasion.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { seedDocument } from './seed.ts';

const datesOf = (today: string) => seedDocument('venue', today).specialDates.map((day) => day.date);

describe('the seed installed on a given day', () => {
  it('has the special dates still to come, each the next time it comes round, in date order', () => {
    expect(datesOf('2026-11-22')).toEqual(['2026-12-24', '2026-12-26', '2027-01-01']);
    expect(datesOf('2031-03-10')).toEqual(['2031-12-24', '2031-12-26', '2032-01-01']);
    expect(datesOf('2031-12-24')).toEqual(['2031-12-24', '2031-12-26', '2032-01-01']);
    expect(datesOf('2031-12-25')).toEqual(['2031-12-26', '2032-01-01', '2032-12-24']);
    expect(seedDocument('venue', '2031-12-25').specialDates.map((day) => day.label)).toEqual([
      'Boxing Day',
      'New Year’s Day',
      'Christmas Eve',
    ]);
  });

  it('has the coming Christmas Day, its cut-offs moved with it', () => {
    const seasonOn = (today: string) =>
      christmasSeasonOf(christmasDayOccasionIn(seedDocument('occasions', today).occasions));
    expect(seedDocument('occasions', '2026-11-22')).toEqual(seedContent.occasions);
    for (const [today, year] of [
      ['2031-06-01', 2031],
      ['2031-12-25', 2031],
      ['2031-12-26', 2032],
    ] as const) {
      expect(seasonOn(today)).toEqual({
        ...seedSeason,
        year,
        date: `${year}-12-25`,
        onlineCutoff: `${year}-12-23T23:59`,
        refundableUntil: `${year}-12-18T23:59`,
      });
    }
  });

  describe('a new database on a clock in 2031', () => {
    let t: TestApp;
    afterEach(() => t.close());

    it('opens with 2031’s special dates and Christmas Day', async () => {
      t = await startTestApp(pglite, new Date('2031-02-03T10:00:00Z'));
      const venue = await t.app.inject({ method: 'GET', url: '/api/content/venue' });
      expect(venue.json().specialDates).toEqual([
        { ...seedContent.venue.specialDates[0], date: '2031-12-24' },
        { ...seedContent.venue.specialDates[1], date: '2031-12-26' },
        { ...seedContent.venue.specialDates[2], date: '2032-01-01' },
      ]);
      const season = await t.app.inject({ method: 'GET', url: '/api/christmas/season' });
      expect(season.json()).toMatchObject({
        year: 2031,
        date: '2031-12-25',
        onlineCutoff: '2031-12-23T23:59',
      });
    });
  });
});
