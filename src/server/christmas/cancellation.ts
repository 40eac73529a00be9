import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings } from '#db/schema.ts';
import type { CancelledBy } from '#shared/booking/cancelled-by.ts';
import { depositTakenByStaff } from '#shared/christmas/deposit.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { type Actor, actorName } from '../audit/trail.ts';
import { conflict, DomainError } from '../lib/errors.ts';
import { recordChristmasBookingChange, recordChristmasRefund } from './audit.ts';
import type { ChristmasDeps } from './fulfilment.ts';
import {
  type ChristmasBookingRow,
  selectChristmasBooking,
  updateChristmasBooking,
  updateChristmasBookings,
} from './store.ts';

/**
 * Cancelling a Christmas booking and refunding its deposit (decision 017): the cancellation and the refund it
 * owes are recorded in one transaction; the refund itself is made after the commit, under an idempotency key
 * of the booking's own, and recorded when the provider answers. A provider that fails leaves the refund
 * pending, the cancellation standing, and staff a Retry refund.
 */

type RefundDeps = Pick<ChristmasDeps, 'db' | 'payments' | 'log' | 'now'>;

/** The refund a cancellation owes, as staff see it. */
export function refundOf(row: ChristmasBookingRow): StoredChristmasBooking['refund'] {
  if (row.refundPence === null) return null;
  return { pence: row.refundPence, state: row.refundId ? 'refunded' : 'pending' };
}

/**
 * Cancels a booking whose row `tx` holds locked, and records it in the trail; with `refund`, its whole deposit
 * is owed back.
 */
export async function markCancelled(
  tx: Database,
  row: ChristmasBookingRow,
  { by, refund, now, actor }: { by: CancelledBy; refund: boolean; now: Date; actor: Actor },
): Promise<ChristmasBookingRow> {
  const updated = await updateChristmasBooking(tx, row.id, {
    status: 'CANCELLED',
    cancelledBy: by,
    refundPence: refund && row.depositPaidPence > 0 ? row.depositPaidPence : null,
    changedBy: actorName(actor),
    updatedAt: now,
  });
  const cancelled = updated as ChristmasBookingRow;
  await recordChristmasBookingChange(tx, row, cancelled, actor, now);
  return cancelled;
}

async function paymentIntentOf(db: Database, booking: ChristmasBookingRow): Promise<string | null> {
  if (!booking.reservationId) return null;
  const [row] = await db
    .select({ paymentIntentId: occasionBookings.paymentIntentId })
    .from(occasionBookings)
    .where(eq(occasionBookings.id, booking.reservationId));
  return row?.paymentIntentId ?? null;
}

/**
 * Makes the refund a cancelled booking owes, if it is still pending. The key `christmas-cancel-<id>` makes the
 * provider refund once however often this runs (and Stripe refuses a second full refund of a payment in any
 * case); recording its id is a compare-and-set, so two runs at once record one refund.
 */
export async function settleRefund(
  deps: RefundDeps,
  booking: ChristmasBookingRow,
  actor: Actor,
): Promise<ChristmasBookingRow> {
  if (booking.refundPence === null || booking.refundId) return booking;
  // A refund left owed on a deposit staff took (from before such deposits were settled at the till).
  if (depositTakenByStaff(booking)) throw conflict(paidToStaffNotRefundedOnline(booking.depositPaidPence));
  const paymentIntentId = await paymentIntentOf(deps.db, booking);
  if (!deps.payments || !paymentIntentId) {
    deps.log.error(
      { reference: booking.reference },
      'Christmas deposit cannot be refunded here: refund it by hand',
    );
    throw conflict(CHRISTMAS_STAFF_CANCEL_MESSAGES.refundByHand);
  }
  let refundId: string;
  try {
    ({ id: refundId } = await deps.payments.refund(paymentIntentId, `christmas-cancel-${booking.id}`));
  } catch (error) {
    deps.log.error(
      { err: error, reference: booking.reference },
      'Christmas deposit refund failed: still pending',
    );
    throw new DomainError('provider-failed', CHRISTMAS_STAFF_CANCEL_MESSAGES.refundFailed);
  }
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await updateChristmasBookings(
      tx,
      and(eq(occasionBookings.id, booking.id), isNull(occasionBookings.refundId)) as SQL,
      { refundId, updatedAt: deps.now },
    );
    if (row) await recordChristmasRefund(tx, row, actor, deps.now);
    return row;
  });
  if (recorded) {
    deps.log.info({ reference: booking.reference, refundId }, 'Christmas deposit refunded');
    return recorded;
  }
  return (await selectChristmasBooking(deps.db, eq(occasionBookings.id, booking.id))) as ChristmasBookingRow;
}

/** Right after a cancellation commits: the refund now, or, if the provider fails, left pending (and logged). */
export async function refundAfterCancelling(
  deps: RefundDeps,
  booking: ChristmasBookingRow,
  actor: Actor,
): Promise<ChristmasBookingRow> {
  try {
    return await settleRefund(deps, booking, actor);
  } catch (error) {
    if (error instanceof DomainError) return booking;
    throw error;
  }
}
