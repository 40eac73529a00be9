import { describe, expect, it } from 'vitest';
import {
  choiceFromParams,
  csvHref,
  paramsOf,
  periodAround,
  periodTitle,
  type ReportChoice,
  steppedChoice,
  withKind,
} from './report-choice.ts';

/** A Sunday. */
const TODAY = '2026-11-29';
const params = (query: string) => new URLSearchParams(query);

describe('the reports’ period', () => {
  it('is a day, a week from Monday to Sunday, or a calendar month', () => {
    expect(periodAround('day', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(periodAround('week', TODAY)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodAround('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodAround('month', TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodAround('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodAround('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('reads this week, all services, against the week before from a bare address', () => {
    expect(choiceFromParams(params(''), TODAY)).toEqual({
      kind: 'week',
      from: '2026-11-23',
      to: '2026-11-29',
      service: 'all',
      compare: 'previous-week',
    });
  });

  it('reads a shared link back as the same choice', () => {
    const choice: ReportChoice = {
      kind: 'month',
      from: '2026-10-01',
      to: '2026-10-31',
      service: 'dinner',
      compare: 'previous-year',
    };
    expect(choiceFromParams(params(new URLSearchParams(paramsOf(choice)).toString()), TODAY)).toEqual(choice);
    const range = { ...choice, kind: 'range' as const, from: '2026-10-03', to: '2026-11-12' };
    expect(choiceFromParams(new URLSearchParams(paramsOf(range)), TODAY)).toEqual(range);
  });

  it('puts a day inside its week or month, and a range the server would refuse to the week it starts in', () => {
    expect(choiceFromParams(params('period=week&from=2026-11-26'), TODAY)).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(choiceFromParams(params('period=range&from=2026-11-20&to=2026-11-10'), TODAY)).toMatchObject({
      kind: 'week',
      from: '2026-11-16',
    });
    expect(choiceFromParams(params('period=range&from=2024-01-01&to=2026-11-10'), TODAY).kind).toBe('week');
    expect(choiceFromParams(params('period=month&from=2026-02-30'), TODAY)).toMatchObject({
      from: '2026-11-01',
    });
    expect(choiceFromParams(params('period=year&service=brunch&compare=ever'), TODAY)).toMatchObject({
      kind: 'week',
      service: 'all',
      compare: 'previous-week',
    });
  });

  it('steps to the day, week, month or range of the same length before and after', () => {
    const week = choiceFromParams(params(''), TODAY);
    expect(steppedChoice(week, -1)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(steppedChoice(week, 1)).toMatchObject({ from: '2026-11-30', to: '2026-12-06' });
    const month = withKind(week, 'month');
    expect(month).toMatchObject({ kind: 'month', from: '2026-11-01', to: '2026-11-30' });
    expect(steppedChoice(month, -1)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(steppedChoice(month, 1)).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    const day = withKind(week, 'day');
    expect(steppedChoice(day, 1)).toMatchObject({ from: '2026-11-24', to: '2026-11-24' });
    const range = { ...withKind(week, 'range'), from: '2026-11-01', to: '2026-11-10' };
    expect(steppedChoice(range, 1)).toMatchObject({ from: '2026-11-11', to: '2026-11-20' });
  });

  it('keeps the days shown when the landlord switches to a range', () => {
    const week = choiceFromParams(params('period=week&from=2026-11-10'), TODAY);
    expect(withKind(week, 'range')).toMatchObject({ kind: 'range', from: '2026-11-09', to: '2026-11-15' });
  });

  it('names the period as staff read it', () => {
    expect(periodTitle({ from: TODAY, to: TODAY })).toBe('Sunday 29 November 2026');
    expect(periodTitle({ from: '2026-11-01', to: '2026-11-30' })).toBe('November 2026');
    expect(periodTitle({ from: '2026-11-23', to: '2026-11-29' })).toBe('Mon 23 Nov 2026 – Sun 29 Nov 2026');
  });

  it('asks for a table’s CSV with the same period, service and comparison', () => {
    expect(
      csvHref('busiest-slots', { from: '2026-11-23', to: '2026-11-29', service: 'lunch', compare: 'none' }),
    ).toBe('/api/admin/reports/busiest-slots.csv?from=2026-11-23&to=2026-11-29&service=lunch&compare=none');
  });
});
