import type { ReportComparison } from '#shared/reports/api.ts';
import type { PeriodKind } from './report-choice.ts';

/**
 * The compared period in a heading or a change, from how many weeks back it is (`comparisonWeeks`): "week
 * before", "5 weeks before" (a month is met by the five weeks before it), "year before".
 */
export function comparedName(compare: Exclude<ReportComparison, 'none'>, weeks: number): string {
  if (compare === 'previous-year') return 'year before';
  return weeks === 1 ? 'week before' : `${weeks} weeks before`;
}

const capitalised = (words: string) => `${words[0]?.toUpperCase()}${words.slice(1)}`;

/** The reports screen's words (the tables' titles and columns are the CSVs', in #shared/reports/messages.ts). */
export const REPORT_SCREEN_WORDS = {
  title: 'Reports',
  loading: 'Loading the reports…',
  loadFailure: 'The reports could not be loaded. Please try again.',
  nothingBooked: 'Nothing was booked for this period.',
  noSlots: 'No bookings in this period.',
  noOccasions: 'No occasion bookings in this period.',
  thisPeriod: 'This period',
  periodLegend: 'Period',
  serviceLegend: 'Service',
  compareLegend: 'Compare with',
  rangeFrom: 'From',
  rangeTo: 'To',
  showRange: 'Show',
  rangeIncomplete: 'Please choose the first and the last day.',
  downloadCsv: 'Download CSV',
  failedMail: 'See the failed e-mails',
  /** Under occasions and e-mails when a service is chosen (the API counts them whatever the service). */
  everyService: 'For every service: occasions, e-mails and gift vouchers are not lunch or dinner.',
  headlines: 'Headline figures',
  periodKinds: { day: 'Day', week: 'Week', month: 'Month', range: 'Range' } satisfies Record<
    PeriodKind,
    string
  >,
  compareChoices: {
    'previous-week': 'Weeks before',
    'previous-year': 'Year before',
    none: 'None',
  } satisfies Record<ReportComparison, string>,
  /** "Previous week", "Next month": the arrows beside the period. */
  step: (step: -1 | 1, kind: PeriodKind) =>
    `${step === -1 ? 'Previous' : 'Next'} ${kind === 'range' ? 'period' : kind}`,
  current: { day: 'Today', week: 'This week', month: 'This month' } satisfies Record<
    Exclude<PeriodKind, 'range'>,
    string
  >,
  /** "Compared with Mon 16 Nov 2026 – Sun 22 Nov 2026, the week before." */
  comparedWith: (title: string, compared: string) => `Compared with ${title}, the ${compared}.`,
  /** A table's heading for the compared figure: "Covers, week before". */
  beforeColumn: (heading: string, compared: string) => `${heading}, ${compared}`,
  /** The chart's key for the compared period: "Week before". */
  beforeLegend: (compared: string) => capitalised(compared),
  /** "+12 vs week before", "−£40.00 vs year before", "Same as week before". */
  change: (difference: number, format: (value: number) => string, compared: string) => {
    if (difference === 0) return `Same as ${compared}`;
    const sign = difference > 0 ? '+' : '−';
    return `${sign}${format(Math.abs(difference))} vs ${compared}`;
  },
  /** "Week before: 112". */
  before: (text: string, compared: string) => `${capitalised(compared)}: ${text}`,
  cards: {
    booked: 'Covers booked',
    seated: 'Covers seated',
    noShow: 'No-show covers',
    walkIns: 'Walk-in covers',
    deposits: 'Deposits taken',
  },
  deposits: {
    taken: 'Deposits and guarantees taken',
    refunded: 'Refunded',
    kept: 'Kept',
    noShowFees: 'No-show fees',
    amount: 'Amount',
  },
  dishesChosen: 'Dishes chosen',
  /** "12 of 20 (60%)": diners whose dishes are chosen, of all places. */
  chosenOf: (chosen: number, places: number, percent: number) => `${chosen} of ${places} (${percent}%)`,
  emails: 'E-mails',
  emailStatus: 'Status',
  vouchers: {
    sold: 'Sold on the site',
    given: 'Given by staff',
    redeemed: 'Redeemed at the bar',
    outstanding: 'Owed at the end of the period',
    amount: 'Amount',
  },
} as const;
