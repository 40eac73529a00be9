import { BOOKING_SOURCE_LABELS } from '#shared/booking/status.ts';
import type { ReportAnswer, ReportFigures, ReportTable } from '#shared/reports/api.ts';
import {
  BOOKING_FIGURE_LABELS,
  REPORT_COLUMN_LABELS as COLUMN,
  REPORT_SERVICE_LABELS,
} from '#shared/reports/messages.ts';
import { type CsvValue, toCsv } from '../lib/csv.ts';

/**
 * Each report table as a CSV: the period's rows, then the compared period's, each starting with its first and
 * last day. Money in pounds with two decimals, as the other exports write it.
 */

const pounds = (pence: number) => (pence / 100).toFixed(2);

interface TableShape {
  columns: string[];
  rows(figures: ReportFigures): CsvValue[][];
}

const TABLES: Record<ReportTable, TableShape> = {
  bookings: {
    columns: [COLUMN.figure, COLUMN.bookings, COLUMN.covers],
    rows: (figures) =>
      Object.entries(BOOKING_FIGURE_LABELS).map(([key, label]) => {
        const count = figures.bookings[key as keyof typeof BOOKING_FIGURE_LABELS];
        return [label, count.bookings, count.covers];
      }),
  },
  'by-day': {
    columns: [COLUMN.date, COLUMN.bookings, COLUMN.covers],
    rows: (figures) => figures.byDay.map((day) => [day.date, day.bookings, day.covers]),
  },
  'by-source': {
    columns: [COLUMN.source, COLUMN.bookings, COLUMN.covers],
    rows: (figures) =>
      figures.bySource.map((row) => [BOOKING_SOURCE_LABELS[row.source], row.bookings, row.covers]),
  },
  'party-sizes': {
    columns: [COLUMN.partySize, COLUMN.bookings],
    rows: (figures) => figures.partySizes.map((row) => [row.band, row.bookings]),
  },
  'busiest-slots': {
    columns: [COLUMN.service, COLUMN.time, COLUMN.covers, COLUMN.bookings],
    rows: (figures) =>
      figures.busiestSlots.map((slot) => [
        REPORT_SERVICE_LABELS[slot.service],
        slot.time,
        slot.covers,
        slot.bookings,
      ]),
  },
  deposits: {
    columns: [COLUMN.taken, COLUMN.refunded, COLUMN.kept, COLUMN.noShowFees],
    rows: ({ deposits }) => [
      [
        pounds(deposits.takenPence),
        pounds(deposits.refundedPence),
        pounds(deposits.keptPence),
        pounds(deposits.noShowFeesPence),
      ],
    ],
  },
  occasions: {
    columns: [
      COLUMN.occasion,
      COLUMN.bookings,
      COLUMN.covers,
      COLUMN.paid,
      COLUMN.refunded,
      COLUMN.dinersChosen,
      COLUMN.places,
    ],
    rows: (figures) =>
      figures.occasions.map((occasion) => [
        occasion.name,
        occasion.bookings,
        occasion.covers,
        pounds(occasion.paidPence),
        pounds(occasion.refundedPence),
        occasion.dinersChosen,
        occasion.places,
      ]),
  },
  emails: {
    columns: [COLUMN.sent, COLUMN.pending, COLUMN.failed],
    rows: ({ emails }) => [[emails.sent, emails.pending, emails.failed]],
  },
  vouchers: {
    columns: [COLUMN.sold, COLUMN.given, COLUMN.redeemed, COLUMN.outstanding],
    rows: ({ vouchers }) => [
      [
        pounds(vouchers.soldPence),
        pounds(vouchers.issuedPence),
        pounds(vouchers.redeemedPence),
        pounds(vouchers.outstandingPence),
      ],
    ],
  },
};

/** The table of the report as a CSV file. */
export function reportCsv(table: ReportTable, report: ReportAnswer): string {
  const shape = TABLES[table];
  const periods = [report.current, ...(report.previous ? [report.previous] : [])];
  const rows = periods.flatMap((figures) =>
    shape.rows(figures).map((row) => [figures.from, figures.to, ...row]),
  );
  return toCsv([COLUMN.from, COLUMN.to, ...shape.columns], rows);
}

/** `report_by-day_2026-09-01_2026-11-30.csv`; `…_dinner.csv` for one service. */
export function reportCsvFileName(table: ReportTable, report: ReportAnswer): string {
  const service = report.service === 'all' ? '' : `_${report.service}`;
  return `report_${table}_${report.current.from}_${report.current.to}${service}.csv`;
}
