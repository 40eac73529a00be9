import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments, bookings } from '#db/schema.ts';
import type { GuestPayment, StaffPayment } from '#shared/deposits/payment-schemas.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { cancelEffect } from '#shared/deposits/terms.ts';

export type PaymentRow = typeof bookingPayments.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export function termsOf(row: Pick<PaymentRow, 'terms'>): DepositTerms {
  return row.terms as DepositTerms;
}

export async function paymentOfBooking(
  db: Database,
  bookingId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function paymentByPid(db: Database, pid: string, lock = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(bookingPayments).where(eq(bookingPayments.pid, pid));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function bookingOfPayment(db: Database, payment: Pick<PaymentRow, 'bookingId'>, lock = false) {
  const query = db.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Error(`Payment for booking ${payment.bookingId} has no booking`);
  return row;
}

export function toStaffPayment(row: PaymentRow): StaffPayment {
  return {
    bookingId: row.bookingId,
    state: row.state,
    terms: termsOf(row),
    paidPence: row.paidPence,
    refund:
      row.refundState && row.refundPence !== null ? { pence: row.refundPence, state: row.refundState } : null,
    kept: row.keptReason !== null ? { reason: row.keptReason, by: row.keptBy ?? '' } : null,
    released: row.releasedAt !== null,
    fee:
      row.feeState && row.feePence !== null
        ? {
            pence: row.feePence,
            state: row.feeState,
            reason: row.feeReason ?? '',
            by: row.feeBy ?? '',
            failure: row.feeFailure,
          }
        : null,
    waived: row.waivedReason !== null ? { reason: row.waivedReason, by: row.waivedBy ?? '' } : null,
  };
}

/** What a cancellation's effect is decided by: the state, the terms, and what has happened to the money. */
export function toStaffPaymentFacts(row: PaymentRow) {
  return {
    state: row.state,
    terms: termsOf(row),
    refunded: row.refundState !== null,
    kept: row.keptReason !== null,
    released: row.releasedAt !== null,
  };
}

export function toGuestPayment(row: PaymentRow, now: Date): GuestPayment {
  const terms = termsOf(row);
  return {
    kind: row.kind,
    state: row.state,
    terms,
    paidPence: row.paidPence,
    refund:
      row.refundState && row.refundPence !== null ? { pence: row.refundPence, state: row.refundState } : null,
    kept: row.keptReason !== null,
    cancelEffect: cancelEffect(toStaffPaymentFacts(row), now),
  };
}

/** What Stripe says arrived for a checkout: the deposit taken, or the guarantee's card saved. */
export type PaymentArrival =
  | { pid: string; kind: 'paid'; paymentIntentId: string | null; amountPence: number }
  | { pid: string; kind: 'card'; paymentMethodId: string; customerId: string | null };

export type ArrivalOutcome = 'confirmed' | 'already-confirmed' | 'declined' | 'ignored';
