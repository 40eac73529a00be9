import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { lockOccasionSitting } from '#db/locks.ts';
import { occasionBookings } from '#db/schema.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST, recordAudit, SYSTEM } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { CheckoutSession, PaymentEvent } from '../payments/payments.ts';
import { sittingSeats } from './availability.ts';
import { completeConfirmation, type OccasionDeps, releaseHeld } from './booking.ts';
import { occasionLateRefundEmail } from './emails.ts';
import type { OccasionBookingRow } from './organiser-links.ts';
import { isOccasionRow } from './rows.ts';

/**
 * A paid Checkout Session becomes a CONFIRMED booking exactly once, however often and however simultaneously
 * its webhook, the return page or the demo Pay button brings it; a payment that can no longer be seated is
 * refunded once.
 */

export type OccasionFulfilment =
  | { kind: 'confirmed'; booking: OccasionBookingRow }
  /** Paid after its hold was released, with no room left: refunded. */
  | { kind: 'refunded'; booking: OccasionBookingRow }
  | { kind: 'ignored'; reason: string };

export function isPaid(session: CheckoutSession): boolean {
  return (
    session.status === 'complete' &&
    (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
  );
}

/** The occasion checkout of a pid; a Christmas checkout's is Christmas's to follow. */
export async function bookingByPid(
  deps: Pick<OccasionDeps, 'db'>,
  pid: string,
): Promise<OccasionBookingRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.pid, pid)))
    .limit(1);
  return row;
}

type Decision =
  | { kind: 'confirmed'; booking: OccasionBookingRow; won: boolean }
  | { kind: 'unseatable'; booking: OccasionBookingRow };

/**
 * Under the sitting's lock and the booking's row lock: the first call confirms (compare-and-set on HELD or
 * EXPIRED), queuing the e-mails and the trail's entries in the same transaction; the rest find it done. A live
 * hold is always seated; a payment for a lapsed hold only if its party still fits.
 */
async function confirmOrDecline(
  deps: OccasionDeps,
  bookingId: string,
  session: CheckoutSession,
): Promise<Decision> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const [unlocked] = await tx.select().from(occasionBookings).where(eq(occasionBookings.id, bookingId));
    if (!unlocked) throw new Error(`Occasion booking ${bookingId} vanished`);
    await lockOccasionSitting(tx, unlocked.occasionSlug, unlocked.date, unlocked.sittingId);
    const [booking] = await tx
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.id, bookingId))
      .for('update');
    if (!booking) throw new Error(`Occasion booking ${bookingId} vanished`);
    if (booking.status === 'CONFIRMED' || booking.status === 'CANCELLED') {
      return { kind: 'confirmed', booking, won: false };
    }
    if (booking.refundPence !== null) return { kind: 'unseatable', booking };

    const payment = {
      paidPence: session.amountTotal ?? booking.amountDuePence,
      paymentIntentId: session.paymentIntentId,
      updatedAt: now,
    };
    const holdIsLive =
      booking.status === 'HELD' && (booking.holdExpiresAt === null || booking.holdExpiresAt > now);
    if (!holdIsLive) {
      const occasion = deps.occasions.find((candidate) => candidate.slug === booking.occasionSlug);
      const seats = occasion
        ? await sittingSeats(tx, now, occasion, booking.date, booking.sittingId, {
            excludeBookingId: booking.id,
          })
        : undefined;
      if (!seats || seats.closed || seats.remaining < booking.partySize) {
        const [declined] = await tx
          .update(occasionBookings)
          .set({ ...payment, status: 'EXPIRED', cancelReason: 'unseatable', refundPence: payment.paidPence })
          .where(eq(occasionBookings.id, booking.id))
          .returning();
        return { kind: 'unseatable', booking: declined as OccasionBookingRow };
      }
    }
    const [confirmed] = await tx
      .update(occasionBookings)
      .set({ ...payment, status: 'CONFIRMED', holdExpiresAt: null, cancelReason: null })
      .where(and(eq(occasionBookings.id, booking.id), inArray(occasionBookings.status, ['HELD', 'EXPIRED'])))
      .returning();
    const row = confirmed as OccasionBookingRow;
    // The organiser made it: the webhook, the return page or the demo Pay button only carry their payment here.
    await completeConfirmation(tx, deps, row, GUEST);
    return { kind: 'confirmed', booking: row, won: true };
  });
}

/**
 * Refunds a declined payment once: the provider's idempotency key makes the refund happen once however often
 * this runs, and recording its id is a compare-and-set, so only the first run writes to the organiser.
 */
async function refundDeclined(deps: OccasionDeps, booking: OccasionBookingRow): Promise<OccasionBookingRow> {
  if (booking.refundId) return booking;
  if (!deps.payments || !booking.paymentIntentId) {
    deps.log.error(
      { pid: booking.pid },
      'occasion payment cannot be refunded automatically: refund it by hand',
    );
    return booking;
  }
  const refund = await deps.payments.refund(booking.paymentIntentId, `occasion-late-${booking.id}`);
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(occasionBookings)
      .set({ refundId: refund.id, updatedAt: deps.now })
      .where(and(eq(occasionBookings.id, booking.id), isNull(occasionBookings.refundId)))
      .returning();
    if (row) {
      await enqueueMail(tx, { kind: 'occasion-refund', reference: row.reference, now: deps.now }, [
        occasionLateRefundEmail(row, deps.venue),
      ]);
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: 'occasion.refunded',
          subject: { type: 'occasion-booking', id: row.id },
          summary: `${row.reference}: late payment refunded, ${formatMoney(row.refundPence ?? 0)}: the sitting was full`,
          changes: { refundPence: { before: null, after: row.refundPence } },
        },
        deps.now,
      );
    }
    return row;
  });
  if (!recorded) return booking;
  deps.log.warn({ pid: recorded.pid, refundId: refund.id }, 'late occasion payment refunded: sitting full');
  deps.mail.nudge();
  return recorded;
}

/** A paid session to its booking: confirmed once, or (no room left for a lapsed hold) refunded once. */
export async function fulfilOccasionCheckout(
  deps: OccasionDeps,
  session: CheckoutSession,
): Promise<OccasionFulfilment> {
  if (!isPaid(session)) return { kind: 'ignored', reason: 'not paid' };
  const booking = session.pid ? await bookingByPid(deps, session.pid) : undefined;
  if (!booking) {
    deps.log.error(
      { sessionId: session.id, pid: session.pid },
      'paid Checkout Session matches no occasion booking',
    );
    return { kind: 'ignored', reason: 'unknown booking' };
  }
  if (booking.stripeSessionId && booking.stripeSessionId !== session.id) {
    deps.log.error({ sessionId: session.id, pid: booking.pid }, 'paid Checkout Session is not the booking’s');
    return { kind: 'ignored', reason: 'another session' };
  }
  const decision = await confirmOrDecline(deps, booking.id, session);
  if (decision.kind === 'unseatable')
    return { kind: 'refunded', booking: await refundDeclined(deps, decision.booking) };
  if (decision.won) {
    deps.log.info({ reference: decision.booking.reference }, 'occasion booking confirmed');
    deps.mail.nudge();
  }
  return { kind: 'confirmed', booking: decision.booking };
}

/** Whether an event is the occasions' (a session made for an occasion booking). */
export function isOccasionEvent(event: PaymentEvent): boolean {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return event.session.purpose === 'occasion';
    default:
      return false;
  }
}

/** Acts on one verified occasion event; each is safe to repeat, so a redelivery changes nothing. */
export async function handleOccasionEvent(deps: OccasionDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const { session } = event;
      if (isPaid(session)) {
        await fulfilOccasionCheckout(deps, session);
      } else if (session.pid) {
        // Paid by a method that settles later: a live hold keeps its seats (no end) until the outcome arrives.
        await deps.db
          .update(occasionBookings)
          .set({ holdExpiresAt: null, paymentIntentId: session.paymentIntentId, updatedAt: deps.now })
          .where(
            and(
              isOccasionRow,
              eq(occasionBookings.pid, session.pid),
              eq(occasionBookings.status, 'HELD'),
              gt(occasionBookings.holdExpiresAt, deps.now),
            ),
          );
      }
      return;
    }
    case 'checkout.session.async_payment_succeeded':
      await fulfilOccasionCheckout(deps, event.session);
      return;
    case 'checkout.session.async_payment_failed':
      await releaseHeld(deps, sessionWhere(event.session), 'payment_failed');
      return;
    case 'checkout.session.expired':
      await releaseHeld(deps, sessionWhere(event.session), 'expired', { keepSettling: true });
      return;
    default:
      return;
  }
}

function sessionWhere(session: CheckoutSession): { pid: string } | { sessionId: string } {
  return session.pid ? { pid: session.pid } : { sessionId: session.id };
}
