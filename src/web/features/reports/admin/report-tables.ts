import { BOOKING_SOURCE_LABELS } from '#shared/booking/status.ts';
import { OUTBOX_STATUS_LABELS } from '#shared/mail/outbox.ts';
import { formatMoney, formatPrice } from '#shared/money/money.ts';
import type { ReportAnswer, ReportFigures, ReportTable } from '#shared/reports/api.ts';
import {
  BOOKING_FIGURE_LABELS,
  REPORT_COLUMN_LABELS,
  REPORT_SERVICE_LABELS,
  REPORT_TABLE_TITLES,
} from '#shared/reports/messages.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { REPORT_SCREEN_WORDS } from './report-words.ts';

/** A figure as the chart draws it (null: nothing to draw) and as the table reads it. */
export interface Cell {
  value: number | null;
  text: string;
}

export interface FigureColumn {
  heading: string;
  /** The table shows the compared period's figure beside it. */
  compared: boolean;
}

/** A row of a table: its figures now and, matched by what the row is, in the compared period. */
export interface FigureRow {
  key: string;
  label: string;
  now: Cell[];
  before: Cell[] | null;
}

/** One figure group: a table (and its CSV) and the chart drawn from one of its columns. */
export interface FigureTable {
  table: ReportTable;
  title: string;
  rowHeading: string;
  columns: FigureColumn[];
  rows: FigureRow[];
  /** Bars per row, or bars along the days of the period. */
  chart: 'bars' | 'days';
  chartColumn: number;
  /** How the chart's scale reads: counts, or money in pounds. */
  scale: (value: number) => string;
  /** The words instead of the table when it has no rows. */
  empty: string;
  /** Its rows' names are short ("Mon 23 Nov", "Dinner 7:30pm") and read best unbroken. */
  shortLabels: boolean;
}

const numberFormat = new Intl.NumberFormat('en-GB');
export const countText = (value: number) => numberFormat.format(value);
const count = (value: number): Cell => ({ value, text: countText(value) });
const money = (pence: number): Cell => ({ value: pence, text: formatMoney(pence) });
/** Whole pounds on a chart's scale: "£40". */
export const poundsText = formatPrice;

function chosenShare(chosen: number, places: number): Cell {
  if (places === 0) return { value: null, text: '—' };
  const percent = Math.round((chosen / places) * 100);
  return { value: percent, text: REPORT_SCREEN_WORDS.chosenOf(chosen, places, percent) };
}

/** Rows by what they are, matching the compared period's row of the same key (zero when it had none). */
function rowsOf<Item>(
  now: readonly Item[],
  before: readonly Item[] | null,
  describe: (item: Item) => { key: string; label: string },
  cells: (item: Item | undefined) => Cell[],
): FigureRow[] {
  const earlier = new Map(before?.map((item) => [describe(item).key, item]));
  return now.map((item) => {
    const { key, label } = describe(item);
    return { key, label, now: cells(item), before: before ? cells(earlier.get(key)) : null };
  });
}

const bookingsAndCovers = (item: { bookings: number; covers: number } | undefined) => [
  count(item?.bookings ?? 0),
  count(item?.covers ?? 0),
];

const BOOKING_FIGURES = Object.keys(BOOKING_FIGURE_LABELS) as (keyof typeof BOOKING_FIGURE_LABELS)[];
const DEPOSIT_FIGURES = ['taken', 'refunded', 'kept', 'noShowFees'] as const;
const depositPence = (deposits: ReportFigures['deposits'], figure: (typeof DEPOSIT_FIGURES)[number]) =>
  ({
    taken: deposits.takenPence,
    refunded: deposits.refundedPence,
    kept: deposits.keptPence,
    noShowFees: deposits.noShowFeesPence,
  })[figure];
const VOUCHER_FIGURES = ['sold', 'given', 'redeemed', 'outstanding'] as const;
const voucherPence = (vouchers: ReportFigures['vouchers'], figure: (typeof VOUCHER_FIGURES)[number]) =>
  ({
    sold: vouchers.soldPence,
    given: vouchers.issuedPence,
    redeemed: vouchers.redeemedPence,
    outstanding: vouchers.outstandingPence,
  })[figure];
const EMAIL_FIGURES = [
  ['sent', 'SENT'],
  ['pending', 'PENDING'],
  ['failed', 'FAILED'],
] as const;

/** The busiest times the screen lists. */
export const BUSIEST_SLOTS_SHOWN = 10;

const counted = (...headings: string[]) => headings.map((heading) => ({ heading, compared: true }));

/** Every figure group of the answer, in the screen's order (the CSVs' tables). */
export function reportTables({ current, previous }: ReportAnswer): FigureTable[] {
  const columns = REPORT_COLUMN_LABELS;
  const base = (table: ReportTable) => ({
    table,
    title: REPORT_TABLE_TITLES[table],
    chart: 'bars' as const,
    scale: countText,
    empty: REPORT_SCREEN_WORDS.noSlots,
    shortLabels: false,
  });
  const slotKey = (slot: { service: string; time: string }) => `${slot.service} ${slot.time}`;
  // "Mon 23 Nov", with the year only when the period crosses one.
  const oneYear = current.from.slice(0, 4) === current.to.slice(0, 4);
  const dayLabel = (date: string) => (oneYear ? formatShortDate(date).slice(0, -5) : formatShortDate(date));
  return [
    {
      ...base('bookings'),
      rowHeading: columns.figure,
      columns: counted(columns.bookings, columns.covers),
      rows: BOOKING_FIGURES.map((figure) => ({
        key: figure,
        label: BOOKING_FIGURE_LABELS[figure],
        now: bookingsAndCovers(current.bookings[figure]),
        before: previous ? bookingsAndCovers(previous.bookings[figure]) : null,
      })),
      chartColumn: 1,
    },
    {
      ...base('by-day'),
      rowHeading: columns.date,
      columns: counted(columns.bookings, columns.covers),
      rows: current.byDay.map((day, index) => ({
        key: day.date,
        label: dayLabel(day.date),
        now: bookingsAndCovers(day),
        before: previous ? bookingsAndCovers(previous.byDay[index]) : null,
      })),
      chart: 'days',
      chartColumn: 1,
      shortLabels: true,
    },
    {
      ...base('by-source'),
      rowHeading: columns.source,
      columns: counted(columns.bookings, columns.covers),
      rows: rowsOf(
        current.bySource,
        previous?.bySource ?? null,
        (row) => ({ key: row.source, label: BOOKING_SOURCE_LABELS[row.source] }),
        bookingsAndCovers,
      ),
      chartColumn: 1,
    },
    {
      ...base('party-sizes'),
      rowHeading: columns.partySize,
      columns: counted(columns.bookings),
      rows: rowsOf(
        current.partySizes,
        previous?.partySizes ?? null,
        (row) => ({ key: row.band, label: row.band }),
        (row) => [count(row?.bookings ?? 0)],
      ),
      chartColumn: 0,
    },
    {
      ...base('busiest-slots'),
      rowHeading: columns.time,
      columns: counted(columns.covers, columns.bookings),
      rows: rowsOf(
        current.busiestSlots.slice(0, BUSIEST_SLOTS_SHOWN),
        previous?.busiestSlots ?? null,
        (slot) => ({
          key: slotKey(slot),
          label: `${REPORT_SERVICE_LABELS[slot.service]} ${formatTime(slot.time)}`,
        }),
        (slot) => [count(slot?.covers ?? 0), count(slot?.bookings ?? 0)],
      ),
      chartColumn: 0,
      shortLabels: true,
    },
    {
      ...base('deposits'),
      rowHeading: columns.figure,
      columns: counted(REPORT_SCREEN_WORDS.deposits.amount),
      rows: DEPOSIT_FIGURES.map((figure) => ({
        key: figure,
        label: REPORT_SCREEN_WORDS.deposits[figure],
        now: [money(depositPence(current.deposits, figure))],
        before: previous ? [money(depositPence(previous.deposits, figure))] : null,
      })),
      chartColumn: 0,
      scale: poundsText,
    },
    {
      ...base('occasions'),
      rowHeading: columns.occasion,
      columns: [
        { heading: columns.bookings, compared: false },
        { heading: columns.covers, compared: true },
        { heading: columns.paid, compared: true },
        { heading: columns.refunded, compared: false },
        { heading: REPORT_SCREEN_WORDS.dishesChosen, compared: false },
      ],
      rows: rowsOf(
        current.occasions,
        previous?.occasions ?? null,
        (occasion) => ({ key: occasion.name, label: occasion.name }),
        (occasion) => [
          count(occasion?.bookings ?? 0),
          count(occasion?.covers ?? 0),
          money(occasion?.paidPence ?? 0),
          money(occasion?.refundedPence ?? 0),
          chosenShare(occasion?.dinersChosen ?? 0, occasion?.places ?? 0),
        ],
      ),
      chartColumn: 2,
      scale: poundsText,
      empty: REPORT_SCREEN_WORDS.noOccasions,
    },
    {
      ...base('emails'),
      rowHeading: REPORT_SCREEN_WORDS.emailStatus,
      columns: counted(REPORT_SCREEN_WORDS.emails),
      rows: EMAIL_FIGURES.map(([figure, status]) => ({
        key: figure,
        label: OUTBOX_STATUS_LABELS[status],
        now: [count(current.emails[figure])],
        before: previous ? [count(previous.emails[figure])] : null,
      })),
      chartColumn: 0,
    },
    {
      ...base('vouchers'),
      rowHeading: columns.figure,
      columns: counted(REPORT_SCREEN_WORDS.vouchers.amount),
      rows: VOUCHER_FIGURES.map((figure) => ({
        key: figure,
        label: REPORT_SCREEN_WORDS.vouchers[figure],
        now: [money(voucherPence(current.vouchers, figure))],
        before: previous ? [money(voucherPence(previous.vouchers, figure))] : null,
      })),
      chartColumn: 0,
      scale: poundsText,
    },
  ];
}
