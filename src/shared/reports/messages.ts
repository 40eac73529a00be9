import type { ReportService, ReportTable } from './api.ts';

/** A report's period refused: the words on the period's fields and in the 400 answer. */
export const REPORT_MESSAGES = {
  toBeforeFrom: 'The end of the period must be on or after its start.',
  tooLong: (days: number) => `A report covers at most ${days} days: please choose a shorter period.`,
} as const;

/** What each table (and its CSV) is called. */
export const REPORT_TABLE_TITLES: Record<ReportTable, string> = {
  bookings: 'Bookings',
  'by-day': 'Bookings by day',
  'by-source': 'Bookings by source',
  'party-sizes': 'Party sizes',
  'busiest-slots': 'Busiest times',
  deposits: 'Deposits and fees',
  occasions: 'Occasions',
  emails: 'E-mails',
  vouchers: 'Gift vouchers',
};

export const REPORT_SERVICE_LABELS: Record<ReportService, string> = {
  all: 'All services',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

/** The rows of the bookings table, in order. */
export const BOOKING_FIGURE_LABELS = {
  booked: 'Booked',
  seated: 'Seated',
  cancelledByGuest: 'Cancelled by the guest',
  cancelledByStaff: 'Cancelled by staff',
  noShow: 'No-show',
  walkIns: 'Walk-ins',
} as const;

/** The columns of the tables, shared by the screen's tables and the CSV headings. */
export const REPORT_COLUMN_LABELS = {
  from: 'From',
  to: 'To',
  figure: 'Figure',
  date: 'Date',
  source: 'Source',
  partySize: 'Party size',
  service: 'Service',
  time: 'Time',
  bookings: 'Bookings',
  covers: 'Covers',
  taken: 'Taken (£)',
  refunded: 'Refunded (£)',
  kept: 'Kept (£)',
  noShowFees: 'No-show fees (£)',
  occasion: 'Occasion',
  paid: 'Paid (£)',
  dinersChosen: 'Diners chosen',
  places: 'Places',
  sent: 'Sent',
  pending: 'Waiting to send',
  failed: 'Failed',
  sold: 'Sold (£)',
  given: 'Given (£)',
  redeemed: 'Redeemed (£)',
  outstanding: 'Owed at the end (£)',
} as const;
