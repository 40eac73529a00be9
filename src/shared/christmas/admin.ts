import { tillSettledText } from '../money/till-settlement.ts';
import { depositTakenByStaff } from './deposit.ts';
import type { SittingId } from './ids.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, type RefundState } from './manage.ts';
import type { StoredChristmasBooking } from './schemas.ts';

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

/**
 * What became of a cancelled booking's deposit, as staff read it on the list and on the booking's printed sheet:
 * refunded online (or the refund still pending), kept, taken by staff and settled at the till (`tillRefundPence`
 * null until staff record it given back or kept), or none paid.
 */
export type CancelledDeposit =
  | { kind: 'refund'; pence: number; state: RefundState }
  | { kind: 'kept' }
  | { kind: 'till'; paidPence: number; tillRefundPence: number | null }
  | { kind: 'none' };

export function cancelledDeposit(
  booking: Pick<StoredChristmasBooking, 'source' | 'depositPaidPence' | 'refund' | 'tillRefundPence'>,
): CancelledDeposit {
  const atTill = depositTakenByStaff(booking);
  // A refund still owed on a deposit staff took (left from before) is settled at the till, not retried online.
  if (booking.refund && !(atTill && booking.refund.state === 'pending')) {
    return { kind: 'refund', ...booking.refund };
  }
  if (atTill) {
    return { kind: 'till', paidPence: booking.depositPaidPence, tillRefundPence: booking.tillRefundPence };
  }
  return booking.depositPaidPence > 0 ? { kind: 'kept' } : { kind: 'none' };
}

/** That deposit in staff's words: "Deposit of £75.00 refunded", "£75.00 given back at the till"; null for none. */
export function cancelledDepositText(deposit: CancelledDeposit): string | null {
  const words = CHRISTMAS_STAFF_CANCEL_MESSAGES;
  switch (deposit.kind) {
    case 'refund':
      return deposit.state === 'refunded'
        ? words.refunded(deposit.pence)
        : words.refundPending(deposit.pence);
    case 'kept':
      return words.kept;
    case 'till':
      return deposit.tillRefundPence === null
        ? words.settleAtTill(deposit.paidPence)
        : tillSettledText(deposit.paidPence, deposit.tillRefundPence);
    case 'none':
      return null;
  }
}
