import { describe, expect, it } from 'vitest';
import { partySizeBand } from './api.ts';
import { REPORT_MESSAGES } from './messages.ts';
import { comparedPeriod, comparisonWeeks, daysOf, periodDays, reportPeriodProblem } from './period.ts';

describe('a report’s period', () => {
  it('counts both its ends, across the change of the clocks and of the year', () => {
    expect(periodDays({ from: '2026-10-25', to: '2026-10-25' })).toBe(1);
    expect(periodDays({ from: '2026-10-01', to: '2026-12-31' })).toBe(92);
    expect(periodDays({ from: '2025-12-30', to: '2026-01-02' })).toBe(4);
    expect(daysOf({ from: '2025-12-30', to: '2026-01-02' })).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
  });

  it('is compared with the whole weeks just before it, or 52 weeks before (the same weekdays)', () => {
    const period = { from: '2026-10-01', to: '2026-12-31' };
    expect(comparedPeriod(period, 'previous-week')).toEqual({ from: '2026-06-25', to: '2026-09-24' });
    expect(comparedPeriod({ from: '2026-11-23', to: '2026-11-29' }, 'previous-week')).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(comparedPeriod({ from: '2026-11-27', to: '2026-11-27' }, 'previous-week')).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    });
    // November's 30 days are met by the five weeks before them, each day by the same weekday.
    expect(comparedPeriod({ from: '2026-11-01', to: '2026-11-30' }, 'previous-week')).toEqual({
      from: '2026-09-27',
      to: '2026-10-26',
    });
    expect(comparisonWeeks({ from: '2026-11-01', to: '2026-11-30' }, 'previous-week')).toBe(5);
    expect(comparisonWeeks({ from: '2026-11-01', to: '2026-11-30' }, 'previous-year')).toBe(52);
    expect(comparedPeriod(period, 'previous-year')).toEqual({ from: '2025-10-02', to: '2026-01-01' });
    expect(comparedPeriod({ from: '2024-03-01', to: '2024-03-01' }, 'previous-year')).toEqual({
      from: '2023-03-03',
      to: '2023-03-03',
    });
    expect(comparedPeriod(period, 'none')).toBeNull();
  });

  it('may not end before it starts, nor run past 400 days; its end is the field at fault', () => {
    expect(reportPeriodProblem({ from: '2026-10-02', to: '2026-10-01' })).toEqual({
      path: 'to',
      message: REPORT_MESSAGES.toBeforeFrom,
    });
    expect(reportPeriodProblem({ from: '2025-01-01', to: '2026-02-04' })).toBeNull();
    expect(reportPeriodProblem({ from: '2025-01-01', to: '2026-02-05' })).toEqual({
      path: 'to',
      message: 'A report covers at most 400 days: please choose a shorter period.',
    });
  });
});

describe('the party size bands', () => {
  it('put each size in its band', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(partySizeBand)).toEqual([
      '1',
      '2',
      '3–4',
      '3–4',
      '5–6',
      '5–6',
      '7–8',
      '7–8',
      '9+',
      '9+',
    ]);
  });
});
