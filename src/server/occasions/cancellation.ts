import { and, eq, isNull } from 'drizzle-orm';
import { occasionBookings } from '#db/schema.ts';
import type { CancelledBy } from '#shared/booking/cancelled-by.ts';
import { formatMoney } from '#shared/money/money.ts';
import { cancelledPaidToStaff } from '#shared/money/taken-by-staff.ts';
import type { OccasionCancelled } from '#shared/occasions/api.ts';
import { OCCASION_CANCEL_MESSAGES, OCCASION_STAFF_CANCEL_MESSAGES } from '#shared/occasions/messages.ts';
import { refundableUntil } from '#shared/occasions/rules.ts';
import { paidToStaff } from '#shared/occasions/staff-payment.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OccasionDeps } from './booking.ts';
import { occasionCancelledEmail } from './emails.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { isOccasionRow } from './rows.ts';

/**
 * Cancelling an occasion booking: the cancellation and the refund it owes are recorded in one transaction;
 * the refund is made after the commit under a key of the booking's own and recorded when the provider answers
 * (compare-and-set), so retries and races refund once. A provider that fails leaves the refund owed, and the
 * next cancel of the same booking tries it again.
 */

/** `terms`: refunded before the occasion's refund cut-off, not after; staff may say `refund` or `keep`. */
export type RefundChoice = 'terms' | 'refund' | 'keep';

export interface CancelRequest {
  by: CancelledBy;
  actor: Actor;
  refund: RefundChoice;
}

function refundOwed(deps: OccasionDeps, booking: OccasionBookingRow, choice: RefundChoice): boolean {
  // Only a payment taken online goes back through the provider; one taken by staff is settled at the till.
  if (booking.paidPence === 0 || paidToStaff(booking) || booking.paymentIntentId === null) return false;
  if (choice !== 'terms') return choice === 'refund';
  const occasion = deps.occasions.find((candidate) => candidate.slug === booking.occasionSlug);
  return occasion !== undefined && refundableUntil(occasion, booking.date, deps.now) !== null;
}

/** Makes a refund still owed; answers the booking as it then stands, the refund made or still owed. */
async function settleRefund(
  deps: OccasionDeps,
  booking: OccasionBookingRow,
  actor: Actor,
): Promise<OccasionBookingRow> {
  if (booking.refundPence === null || booking.refundId) return booking;
  if (!deps.payments || !booking.paymentIntentId) {
    deps.log.error(
      { reference: booking.reference },
      'occasion payment cannot be refunded here: refund it by hand',
    );
    return booking;
  }
  let refundId: string;
  try {
    ({ id: refundId } = await deps.payments.refund(booking.paymentIntentId, `occasion-cancel-${booking.id}`));
  } catch (error) {
    deps.log.error({ err: error, reference: booking.reference }, 'occasion refund failed: still owed');
    return booking;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(occasionBookings)
      .set({ refundId, updatedAt: deps.now })
      .where(and(eq(occasionBookings.id, booking.id), isNull(occasionBookings.refundId)))
      .returning();
    if (row) {
      await recordAudit(
        tx,
        {
          actor,
          type: 'occasion.refunded',
          subject: { type: 'occasion-booking', id: row.id },
          summary: `${row.reference}: ${formatMoney(row.refundPence ?? 0)} refunded`,
          changes: { refund: { before: 'owed', after: 'refunded' } },
        },
        deps.now,
      );
    }
    return row;
  });
  if (recorded) {
    deps.log.info({ reference: booking.reference, refundId }, 'occasion payment refunded');
    return recorded;
  }
  const [current] = await deps.db.select().from(occasionBookings).where(eq(occasionBookings.id, booking.id));
  return current as OccasionBookingRow;
}

/** What became of the money, in the words of whoever cancelled: the organiser's, or the staff's own. */
function outcomeMessage(booking: OccasionBookingRow, phone: string, by: CancelledBy): string {
  const { refundPence, refundId, paidPence } = booking;
  const staff = by === 'staff';
  if (refundPence !== null && !refundId) {
    return staff
      ? OCCASION_STAFF_CANCEL_MESSAGES.refundPending(refundPence)
      : OCCASION_CANCEL_MESSAGES.refundPending(phone);
  }
  if (refundPence !== null) {
    return staff
      ? OCCASION_STAFF_CANCEL_MESSAGES.refunded(refundPence)
      : OCCASION_CANCEL_MESSAGES.refunded(refundPence);
  }
  if (paidToStaff(booking)) {
    return staff ? cancelledPaidToStaff(paidPence) : OCCASION_CANCEL_MESSAGES.paidUsDirectly(paidPence);
  }
  if (paidPence > 0) {
    return staff
      ? OCCASION_STAFF_CANCEL_MESSAGES.kept(paidPence)
      : OCCASION_CANCEL_MESSAGES.notRefunded(paidPence);
  }
  return staff ? OCCASION_STAFF_CANCEL_MESSAGES.nothingPaid : OCCASION_CANCEL_MESSAGES.nothingPaid;
}

function outcomeOf(booking: OccasionBookingRow, phone: string, by: CancelledBy): OccasionCancelled {
  return {
    status: booking.status,
    refundPence: booking.refundPence,
    message: outcomeMessage(booking, phone, by),
  };
}

/**
 * Cancels a CONFIRMED booking (the organiser's or staff's), frees its seats, tells the organiser, and refunds
 * what was paid as `refund` says. A booking already cancelled with its refund still owed has the refund tried
 * again; one already settled is refused.
 */
export async function cancelOccasionBooking(
  deps: OccasionDeps,
  bookingId: string,
  request: CancelRequest,
): Promise<OccasionCancelled> {
  const { now } = deps;
  if (!isUuid(bookingId)) throw notFound(OCCASION_CANCEL_MESSAGES.notFound);
  const cancelled = await deps.db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(occasionBookings)
      .where(and(isOccasionRow, eq(occasionBookings.id, bookingId)))
      .for('update');
    if (!booking) throw notFound(OCCASION_CANCEL_MESSAGES.notFound);
    if (booking.status === 'CANCELLED') {
      if (booking.refundPence !== null && !booking.refundId) return booking;
      throw conflict(OCCASION_CANCEL_MESSAGES.alreadyCancelled);
    }
    if (booking.status !== 'CONFIRMED') throw conflict(OCCASION_CANCEL_MESSAGES.notConfirmed);
    const refund = refundOwed(deps, booking, request.refund);
    const [row] = await tx
      .update(occasionBookings)
      .set({
        status: 'CANCELLED',
        cancelledBy: request.by,
        refundPence: refund ? booking.paidPence : null,
        changedBy: actorName(request.actor),
        updatedAt: now,
      })
      .where(eq(occasionBookings.id, booking.id))
      .returning();
    const updated = row as OccasionBookingRow;
    const money =
      updated.refundPence !== null
        ? `, ${formatMoney(updated.refundPence)} to refund`
        : updated.paidPence > 0
          ? `, ${formatMoney(updated.paidPence)} kept`
          : '';
    await recordAudit(
      tx,
      {
        actor: request.actor,
        type: 'occasion.cancelled',
        subject: { type: 'occasion-booking', id: updated.id },
        summary: `${updated.reference}, ${updated.occasionName}, ${updated.date}: cancelled by ${request.by}${money}`,
        changes: {
          status: { before: booking.status, after: 'CANCELLED' },
          ...(updated.refundPence !== null
            ? { refundPence: { before: null, after: updated.refundPence } }
            : {}),
        },
      },
      now,
    );
    if (updated.email !== '') {
      await enqueueMail(tx, { kind: 'occasion-cancelled', reference: updated.reference, now }, [
        occasionCancelledEmail(updated, deps.venue),
      ]);
    }
    return updated;
  });
  deps.mail.nudge();
  return outcomeOf(await settleRefund(deps, cancelled, request.actor), deps.venue.phone, request.by);
}
