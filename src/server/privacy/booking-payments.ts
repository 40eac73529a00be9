import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments, bookings } from '#db/schema.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsHeadline } from '#shared/deposits/terms.ts';
import type { GuestTablePayment } from '#shared/privacy/guests.ts';
import type { PaymentServiceDeps } from '../payments/service-deps.ts';

/**
 * A table booking's deposit or card guarantee in a guest's data (issue 29): found, exported and anonymised with
 * its booking. A booking deleted takes its payment with it (the foreign key cascades).
 */

export type PaymentRow = typeof bookingPayments.$inferSelect;

/** The payments of these bookings, by booking. */
export async function paymentsOfBookings(
  db: Database,
  bookingIds: string[],
): Promise<Map<string, PaymentRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select().from(bookingPayments).where(inArray(bookingPayments.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, row]));
}

/** A payment as the guest's data shows it: amounts, states and staff's reasons; never Stripe's references. */
export function guestPaymentOf(row: PaymentRow): GuestTablePayment {
  return {
    kind: row.kind,
    state: row.state,
    terms: termsHeadline(row.terms as DepositTerms),
    paidPence: row.paidPence,
    refund:
      row.refundState && row.refundPence !== null ? { pence: row.refundPence, state: row.refundState } : null,
    kept: row.keptReason !== null ? { reason: row.keptReason } : null,
    fee:
      row.feeState && row.feePence !== null
        ? { pence: row.feePence, state: row.feeState, reason: row.feeReason ?? '' }
        : null,
    waived: row.waivedReason !== null ? { reason: row.waivedReason } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A payment that still holds what points at the person: their saved card, what Stripe told us, a change's words.
 * Their Customer at Stripe is forgotten once Stripe has deleted it (`eraseStripeCustomers`).
 */
const hasPersonalReferences = or(
  isNotNull(bookingPayments.paymentMethodId),
  isNotNull(bookingPayments.notes),
  isNotNull(bookingPayments.topUpChange),
);
/** A card still held: a no-show fee could be charged to it. */
const cardStillHeld = and(eq(bookingPayments.state, 'card-held'), isNull(bookingPayments.releasedAt));
/** A fee Stripe has not answered yet needs its card and its key (in the notes) until it does. */
const notBeingCharged = or(isNull(bookingPayments.feeState), ne(bookingPayments.feeState, 'charging'));

/**
 * The payments of anonymised bookings (those of `bookingIds`, or all) keep their amounts, states and terms for the
 * pub's accounts and lose what points at the person at Stripe (the saved card, Stripe's notes) and the words of a
 * change waiting for its difference; their Customer is deleted at Stripe by the deposits' pass, then forgotten;
 * a card still held is released, as no fee can be charged to it any more. A fee being charged keeps them until
 * Stripe answers: retention, which passes no ids, takes it on a later day.
 */
export async function anonymisePayments(tx: Database, now: Date, bookingIds?: string[]): Promise<void> {
  if (bookingIds?.length === 0) return;
  const anonymisedBookings = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(isNotNull(bookings.anonymisedAt), bookingIds ? inArray(bookings.id, bookingIds) : undefined));
  const ofThem = and(inArray(bookingPayments.bookingId, anonymisedBookings), notBeingCharged);
  await tx
    .update(bookingPayments)
    .set({ paymentMethodId: null, notes: null, topUpChange: null, updatedAt: now })
    .where(and(ofThem, hasPersonalReferences));
  // A change still waiting for its difference is dropped with its words: paid late, it is given back.
  await tx
    .update(bookingPayments)
    .set({ topUpPid: null, topUpState: null, updatedAt: now })
    .where(and(ofThem, eq(bookingPayments.topUpState, 'awaiting')));
  await tx.update(bookingPayments).set({ releasedAt: now, updatedAt: now }).where(and(ofThem, cardStillHeld));
}

/**
 * Deletes at Stripe the Customer (and with it the saved card, name and e-mail address) of every anonymised booking's
 * payment, then forgets it: a guest erased, or a booking past its retention. Stripe unreachable, the Customer is
 * kept and the next pass tries again; one Stripe no longer knows counts as deleted. Answers how many were deleted.
 */
export async function eraseStripeCustomers({
  db,
  payments,
  now,
  log,
}: Pick<PaymentServiceDeps, 'db' | 'payments' | 'now' | 'log'>): Promise<number> {
  const owed = await db
    .select({ id: bookingPayments.id, pid: bookingPayments.pid, customerId: bookingPayments.customerId })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(and(isNotNull(bookings.anonymisedAt), isNotNull(bookingPayments.customerId), notBeingCharged));
  if (owed.length === 0) return 0;
  if (!payments) {
    log.error(
      { count: owed.length },
      'Stripe Customers of erased guests cannot be deleted without Stripe keys',
    );
    return 0;
  }
  let deleted = 0;
  for (const { id, pid, customerId } of owed) {
    if (!customerId) continue;
    try {
      await payments.deleteCustomer(customerId);
    } catch (error) {
      log.warn(
        { err: error, pid },
        'erased guest’s Stripe Customer not deleted; tried again at the next pass',
      );
      continue;
    }
    const forgotten = await db
      .update(bookingPayments)
      .set({ customerId: null, updatedAt: now })
      .where(and(eq(bookingPayments.id, id), eq(bookingPayments.customerId, customerId)))
      .returning({ id: bookingPayments.id });
    if (forgotten.length > 0) {
      deleted++;
      log.info({ pid }, 'erased guest’s Stripe Customer deleted');
    }
  }
  return deleted;
}
