import type { ChristmasSelections } from './courses.ts';
import type { SittingId } from './ids.ts';
import type { ChristmasBookingSource, ChristmasBookingStatus } from './status.ts';

/** A Christmas booking as the admin API answers it (spec §3 "Christmas booking", stored). */
export interface StoredChristmasBooking {
  _id: string;
  reference: string;
  sittingId: SittingId;
  sittingLabel: string;
  name: string;
  email: string;
  phone: string;
  partyAdults: number;
  partyChildren: number;
  partySize: number;
  status: ChristmasBookingStatus;
  selections: ChristmasSelections;
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
  totalPence: number;
  depositPaidPence: number;
  source: ChristmasBookingSource;
  createdAt: string;
  updatedAt: string;
}

/** Spec §3 "Christmas closure". */
export interface ChristmasClosure {
  _id: string;
  sittingId: SittingId;
  reason: string;
  createdAt: string;
}

/** One sitting as staff see it: guests booked, guests in live checkouts, and why it is closed online. */
export interface SittingSeats {
  capacity: number;
  /** Guests of CONFIRMED bookings. */
  booked: number;
  /** Guests in checkouts still holding their seats. */
  held: number;
  remaining: number;
  /** Closed by staff (`closure`) or past the online cut-off (`pastCutoff`). */
  closed: boolean;
  pastCutoff: boolean;
  closure: ChristmasClosure | null;
}
export type ChristmasSeatsOverview = Record<SittingId, SittingSeats>;

/** The Christmas admin's texts of spec §8, word for word; a server's own error is shown instead when given. */
export const CHRISTMAS_ADMIN_FAILURES = {
  load: 'Load failed',
  create: 'Create failed',
  update: 'Update failed',
  close: 'Close failed',
  reopen: 'Reopen failed',
} as const;

export type ChristmasCsv = 'orders' | 'prep_summary';

/** `christmas_orders_2026-12-25_all.csv`, `christmas_prep_summary_2026-12-25_xmas-early.csv`. */
export function christmasCsvFileName(kind: ChristmasCsv, date: string, sittingId: SittingId | null): string {
  return `christmas_${kind}_${date}_${sittingId ?? 'all'}.csv`;
}

/** The download and print links of spec §7, each for one sitting or both. */
export function christmasDownloadLinks(sittingId: SittingId | null) {
  const query = sittingId ? `?sittingId=${sittingId}` : '';
  return {
    ordersCsv: `/api/christmas/orders.csv${query}`,
    prepSummaryCsv: `/api/christmas/orders-summary.csv${query}`,
    printSummary: `/api/christmas/print/summary${query}`,
    printOrders: `/api/christmas/print/orders${query}`,
  };
}

export function printBookingLink(id: string): string {
  return `/api/christmas/print/booking/${encodeURIComponent(id)}`;
}
