import {
  REPORT_COMPARISONS,
  REPORT_SERVICES,
  type ReportComparison,
  type ReportQuery,
  type ReportService,
  type ReportTable,
} from '#shared/reports/api.ts';
import { periodDays, reportPeriodProblem } from '#shared/reports/period.ts';
import { addDays, formatLongDate, isRealIsoDate, weekdayOf } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';

/** How the landlord picks the days: one day, a week (Monday to Sunday), a calendar month, or any range. */
export const PERIOD_KINDS = ['day', 'week', 'month', 'range'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** What the reports screen shows, as its address says (so a link can be shared). */
export interface ReportChoice extends ReportQuery {
  kind: PeriodKind;
}

const isOneOf = <Value extends string>(values: readonly Value[], value: string | null): value is Value =>
  value !== null && (values as readonly string[]).includes(value);

const monthTitle = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The Monday of the week `date` falls in. */
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

function lastOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** The day, week or month that holds `date`, first and last days included. */
export function periodAround(kind: Exclude<PeriodKind, 'range'>, date: string): { from: string; to: string } {
  if (kind === 'day') return { from: date, to: date };
  if (kind === 'week') {
    const monday = mondayOf(date);
    return { from: monday, to: addDays(monday, 6) };
  }
  return { from: `${date.slice(0, 8)}01`, to: lastOfMonth(date) };
}

/**
 * The choice in the address `?period=week&from=…&to=…&service=…&compare=…`; anything missing or unusable
 * falls back to this week, all services, compared with the week before (a range the server would refuse: the
 * week it starts in).
 */
export function choiceFromParams(params: URLSearchParams, today: string): ReportChoice {
  const service: ReportService = isOneOf(REPORT_SERVICES, params.get('service'))
    ? (params.get('service') as ReportService)
    : 'all';
  const compare: ReportComparison = isOneOf(REPORT_COMPARISONS, params.get('compare'))
    ? (params.get('compare') as ReportComparison)
    : 'previous-week';
  const kind = params.get('period');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (kind === 'range' && isRealIsoDate(from) && isRealIsoDate(to) && !reportPeriodProblem({ from, to })) {
    return { kind, from, to, service, compare };
  }
  const around = isOneOf(['day', 'week', 'month'] as const, kind) ? kind : 'week';
  return { kind: around, ...periodAround(around, isRealIsoDate(from) ? from : today), service, compare };
}

/** The address's query for a choice: every part written, so a shared link shows the same report. */
export function paramsOf(choice: ReportChoice): Record<string, string> {
  return {
    period: choice.kind,
    from: choice.from,
    to: choice.to,
    service: choice.service,
    compare: choice.compare,
  };
}

/** The API's query for a choice: the report's figures and each of its CSVs ask with it. */
export function reportQueryString({ from, to, service, compare }: ReportQuery): string {
  return new URLSearchParams({ from, to, service, compare }).toString();
}

/** Where a table's CSV downloads from, for the same period, service and comparison. */
export const csvHref = (table: ReportTable, query: ReportQuery) =>
  `/api/admin/reports/${table}.csv?${reportQueryString(query)}`;

/** The same kind of period before (-1) or after (1) the one chosen; a range moves by its own length. */
export function steppedChoice(choice: ReportChoice, step: -1 | 1): ReportChoice {
  if (choice.kind === 'range') {
    const days = periodDays(choice);
    return { ...choice, from: addDays(choice.from, step * days), to: addDays(choice.to, step * days) };
  }
  const date =
    choice.kind === 'day'
      ? addDays(choice.from, step)
      : choice.kind === 'week'
        ? addDays(choice.from, step * 7)
        : step === 1
          ? addDays(choice.to, 1)
          : addDays(choice.from, -1);
  return { ...choice, ...periodAround(choice.kind, date) };
}

/** The choice moved to another kind of period, around the day it starts on (a range keeps the days shown). */
export function withKind(choice: ReportChoice, kind: PeriodKind): ReportChoice {
  if (kind === 'range') return { ...choice, kind };
  return { ...choice, kind, ...periodAround(kind, choice.from) };
}

/** "Sunday 29 November 2026", "November 2026", or "Mon 23 Nov 2026 – Sun 29 Nov 2026". */
export function periodTitle({ from, to }: { from: string; to: string }): string {
  if (from === to) return formatLongDate(from);
  if (from.endsWith('-01') && to === lastOfMonth(from)) return monthTitle.format(Date.parse(from));
  return `${formatShortDate(from)} – ${formatShortDate(to)}`;
}
