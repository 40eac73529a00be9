import type { SittingId } from './ids.ts';

/** The Christmas admin's texts of spec §8, word for word; a server's own error is shown instead when given. */
export const CHRISTMAS_ADMIN_FAILURES = {
  load: 'Load failed',
  create: 'Create failed',
  update: 'Update failed',
  close: 'Close failed',
  reopen: 'Reopen failed',
} as const;

/** A booking's Change button: its party, dishes and notes, as the guest asks by phone. */
export const CHANGE_BOOKING = {
  text: 'Change',
  label: (booking: { name: string; reference: string }) =>
    `Change ${booking.name}’s booking, ${booking.reference}`,
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
