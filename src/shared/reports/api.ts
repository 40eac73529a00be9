import { z } from 'zod';
import { SERVICES } from '../booking/rules.ts';
import { BOOKING_SOURCES } from '../booking/status.ts';
import { dateField } from '../schema/fields.ts';

/**
 * The landlord's reports (issue 32): one answer for a period and, beside it, the same figures for the period a
 * week or a year before. Every figure comes from one set of queries (server/reports/figures.ts); each chart on the
 * screen has its table, and each table its CSV. Bookings count by the date of the visit, in London.
 * The service chosen narrows the table bookings and their deposits (by the booking's service); occasions,
 * Christmas Day, e-mails and gift vouchers have no lunch or dinner and are the same whichever service is chosen.
 */

export const REPORT_SERVICES = ['all', ...SERVICES] as const;
export type ReportService = (typeof REPORT_SERVICES)[number];

/** What the period is compared with: the weeks just before it, the year before (52 weeks), or nothing (`comparedPeriod`). */
export const REPORT_COMPARISONS = ['previous-week', 'previous-year', 'none'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];

/** The longest period one report covers. */
export const LONGEST_REPORT_DAYS = 400;

/** GET /api/admin/reports and the CSVs: a period (both days included), a service, and a comparison. */
export const reportQuerySchema = z.object({
  from: dateField('from'),
  to: dateField('to'),
  service: z.enum(REPORT_SERVICES, { error: 'service must be all, lunch or dinner.' }).default('all'),
  compare: z
    .enum(REPORT_COMPARISONS, { error: 'compare must be previous-week, previous-year or none.' })
    .default('previous-week'),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

const count = z.object({ bookings: z.int(), covers: z.int() });
export type BookingCount = z.infer<typeof count>;

/** Party sizes as the mix groups them. */
export const PARTY_SIZE_BANDS = ['1', '2', '3–4', '5–6', '7–8', '9+'] as const;
export type PartySizeBand = (typeof PARTY_SIZE_BANDS)[number];

/** The band a party of `size` falls in. */
export function partySizeBand(size: number): PartySizeBand {
  if (size <= 2) return size <= 1 ? '1' : '2';
  if (size <= 4) return '3–4';
  if (size <= 6) return '5–6';
  return size <= 8 ? '7–8' : '9+';
}

/** One period's figures. */
export const reportFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Table bookings by visit date: every one made (any status, walk-ins included); those not cancelled that staff
   * marked seated or arrived; cancelled by the guest; cancelled by staff (a cancellation not recorded as the
   * guest's counts as staff's: an unpaid deposit hold that lapsed, or one from before it was recorded); those not
   * cancelled marked no-show; and walk-ins alone (any status, as `booked`).
   */
  bookings: z.object({
    booked: count,
    seated: count,
    cancelledByGuest: count,
    cancelledByStaff: count,
    noShow: count,
    walkIns: count,
  }),
  /** Bookings not cancelled, per day of the period (every day listed, zeros included). */
  byDay: z.array(z.object({ date: z.string(), bookings: z.int(), covers: z.int() })),
  /** Bookings not cancelled, per source (every source listed). */
  bySource: z.array(z.object({ source: z.enum(BOOKING_SOURCES), bookings: z.int(), covers: z.int() })),
  /** Bookings not cancelled, per party size band (every band listed). */
  partySizes: z.array(z.object({ band: z.enum(PARTY_SIZE_BANDS), bookings: z.int() })),
  /**
   * Covers not cancelled per service and start time, every slot with a booking, busiest first (ties: earlier
   * service, earlier time).
   */
  busiestSlots: z.array(
    z.object({ service: z.enum(SERVICES), time: z.string(), covers: z.int(), bookings: z.int() }),
  ),
  /**
   * Money on table bookings (pence), by the visit date, only as it actually moved: deposits paid (a change's
   * paid difference included, and a payment that came after its hold lapsed); refunds made (not those still
   * owed); deposits kept by a manager's choice or a late cancellation; no-show fees charged (not those failed).
   */
  deposits: z.object({
    takenPence: z.int(),
    refundedPence: z.int(),
    keptPence: z.int(),
    noShowFeesPence: z.int(),
  }),
  /**
   * Occasions with bookings on the period's dates, in name order; Christmas Day among them as "Christmas Day"
   * when the period holds 25 December (its bookings being those made for it).
   */
  occasions: z.array(
    z.object({
      name: z.string(),
      /** Confirmed bookings and their covers: a held or expired checkout sold nothing, a cancelled one is gone. */
      bookings: z.int(),
      covers: z.int(),
      /**
       * Paid by every booking, cancelled ones included; refunds made (not those still owed), online or, for money
       * staff took, given back at the till (decision 051).
       */
      paidPence: z.int(),
      refundedPence: z.int(),
      /**
       * Diners whose dishes are chosen (by them, the organiser, staff or the deadline's defaults) of the places of
       * the confirmed bookings; both 0 for a ticketed occasion, which has no dishes to choose.
       */
      dinersChosen: z.int(),
      places: z.int(),
    }),
  ),
  /**
   * E-mails queued on the period's London days, as they stand now: sent, still waiting, and given up (failed).
   * Text messages are not counted.
   */
  emails: z.object({ sent: z.int(), pending: z.int(), failed: z.int() }),
  /**
   * Gift vouchers (issue 33), by the London day of each ledger line: bought on the site, given by staff, and taken
   * at the bar; outstanding is what the pub still owes at the end of the period's last day: the balance then of
   * every voucher not void, refunded or past its last day.
   */
  vouchers: z.object({
    soldPence: z.int(),
    issuedPence: z.int(),
    redeemedPence: z.int(),
    outstandingPence: z.int(),
  }),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** GET /api/admin/reports: the period's figures, and the compared period's (null with compare=none). */
export const reportAnswerSchema = z.object({
  service: z.enum(REPORT_SERVICES),
  compare: z.enum(REPORT_COMPARISONS),
  current: reportFiguresSchema,
  previous: reportFiguresSchema.nullable(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/** The tables a CSV can be asked for: GET /api/admin/reports/:table.csv with the report's query. */
export const REPORT_TABLES = [
  'bookings',
  'by-day',
  'by-source',
  'party-sizes',
  'busiest-slots',
  'deposits',
  'occasions',
  'emails',
  'vouchers',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
