import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLongDate,
  formatTime,
  formatTimeRange,
  isRealIsoDate,
  londonInstant,
  londonOffsetLabel,
  londonTimeOfDay,
  londonToday,
  weekdayOf,
} from './london-time.ts';

describe('London time', () => {
  it('gives London’s date, not UTC’s, just after midnight in summer', () => {
    expect(londonToday(new Date('2026-06-30T23:15:00Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:15:00Z'))).toBe('2026-12-31');
  });

  it('gives London’s time of day for an instant, in summer and in winter', () => {
    expect(londonTimeOfDay(new Date('2026-06-30T23:15:00Z'))).toBe('00:15');
    expect(londonTimeOfDay(new Date('2026-12-31T09:05:00Z'))).toBe('09:05');
  });

  it('converts wall-clock times to instants across both clock changes', () => {
    expect(londonInstant('2026-01-15', '19:30').toISOString()).toBe('2026-01-15T19:30:00.000Z');
    expect(londonInstant('2026-07-15', '19:30').toISOString()).toBe('2026-07-15T18:30:00.000Z');
    // Clocks go forward on 29 March 2026 at 01:00 UTC, back on 25 October 2026 at 01:00 UTC.
    expect(londonInstant('2026-03-29', '12:00').toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(londonInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(londonOffsetLabel('2026-07-15', '19:30')).toBe('+01:00');
    expect(londonOffsetLabel('2026-12-25', '12:00')).toBe('+00:00');
  });

  it('stays right when asked again, every quarter hour either side of both clock changes', () => {
    for (const date of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        // 01:00–01:59 on 29 March does not happen in London.
        if (date === '2026-03-29' && time.startsWith('01:')) continue;
        for (let round = 0; round < 2; round++) {
          const instant = londonInstant(date, time);
          expect(`${londonToday(instant)} ${londonTimeOfDay(instant)}`).toBe(`${date} ${time}`);
        }
      }
    }
  });

  describe('agrees with the time zone database (Intl, Europe/London)', () => {
    const database = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const databaseWallClock = (instant: Date) => {
      const part = Object.fromEntries(
        database.formatToParts(instant).map(({ type, value }) => [type, value]),
      );
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    };
    const ourWallClock = (instant: Date) => `${londonToday(instant)} ${londonTimeOfDay(instant)}`;

    it('a minute either side of every clock change from 2000 to 2099', () => {
      for (let year = 2000; year < 2100; year++) {
        for (const month of [2, 9]) {
          // Clocks change at 01:00 UTC on the month's last Sunday.
          const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
          const change = lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
          for (const at of [change - 60_000, change - 1, change, change + 60_000]) {
            expect(ourWallClock(new Date(at))).toBe(databaseWallClock(new Date(at)));
          }
        }
      }
    });

    it('at any instant of the century', () => {
      fc.assert(
        fc.property(
          fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
          (instant) => {
            expect(ourWallClock(instant)).toBe(databaseWallClock(instant));
          },
        ),
        { numRuns: 5000 },
      );
    });

    it('for any wall-clock time London’s clocks show', () => {
      fc.assert(
        fc.property(
          fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
          (instant) => {
            const [date, time] = databaseWallClock(instant).split(' ') as [string, string];
            expect(databaseWallClock(londonInstant(date, time))).toBe(`${date} ${time}`);
          },
        ),
        { numRuns: 2000 },
      );
    });
  });

  it('does calendar arithmetic without zones', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-22')).toBe(0);
  });

  it('rejects impossible dates', () => {
    expect(isRealIsoDate('2026-02-29')).toBe(false);
    expect(isRealIsoDate('2028-02-29')).toBe(true);
    expect(isRealIsoDate('2026-13-01')).toBe(false);
    expect(isRealIsoDate('26-01-01')).toBe(false);
  });

  it('formats dates and times for British readers', () => {
    expect(formatLongDate('2026-12-05')).toBe('Saturday 5 December 2026');
  });

  it('writes times as British pubs do: minutes only when there are some, Midnight by name', () => {
    expect(formatTime('19:30')).toBe('7:30pm');
    expect(formatTime('19:00')).toBe('7pm');
    expect(formatTime('12:00')).toBe('12pm');
    expect(formatTime('11:05')).toBe('11:05am');
    expect(formatTime('00:15')).toBe('12:15am');
    expect(formatTime('00:00')).toBe('Midnight');
    expect(formatTime('24:00')).toBe('Midnight');
  });

  it('writes a span of hours with an en dash and no spaces', () => {
    expect(formatTimeRange('12:00', '23:00')).toBe('12pm–11pm');
    expect(formatTimeRange('18:30', '24:00')).toBe('6:30pm–Midnight');
  });
});
