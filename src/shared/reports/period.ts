import type { FieldIssue } from '../schema/issues.ts';
import { addDays } from '../time/london-time.ts';
import { LONGEST_REPORT_DAYS, type ReportComparison } from './api.ts';
import { REPORT_MESSAGES } from './messages.ts';

/** A report's days, both included (YYYY-MM-DD, London). */
export interface ReportPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** How many days the period covers, both ends included. */
export function periodDays({ from, to }: ReportPeriod): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** Every day of the period, in order. */
export function daysOf(period: ReportPeriod): string[] {
  return Array.from({ length: Math.max(0, periodDays(period)) }, (_, index) => addDays(period.from, index));
}

/** Why a period cannot be reported on (the field it is about and the words), or null when it can. */
export function reportPeriodProblem(period: ReportPeriod): FieldIssue | null {
  if (period.to < period.from) return { path: 'to', message: REPORT_MESSAGES.toBeforeFrom };
  if (periodDays(period) > LONGEST_REPORT_DAYS) {
    return { path: 'to', message: REPORT_MESSAGES.tooLong(LONGEST_REPORT_DAYS) };
  }
  return null;
}

/**
 * How many weeks back each comparison looks. A year is 52 weeks, so every day meets the same weekday. "The
 * weeks before" are the fewest whole weeks that clear the period: a day or a week is met by the week before,
 * a month by the five weeks before, so the periods never share a day and every day still meets its weekday.
 */
export function comparisonWeeks(period: ReportPeriod, compare: Exclude<ReportComparison, 'none'>): number {
  return compare === 'previous-year' ? 52 : Math.ceil(periodDays(period) / 7);
}

/** The days the period is compared with, as many as it has; null with no comparison. */
export function comparedPeriod(period: ReportPeriod, compare: ReportComparison): ReportPeriod | null {
  if (compare === 'none') return null;
  const shift = comparisonWeeks(period, compare) * 7;
  return { from: addDays(period.from, -shift), to: addDays(period.to, -shift) };
}
