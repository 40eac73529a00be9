import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockChristmasSitting } from '#db/locks.ts';
import { occasionBookings, stripeEvents } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { balanceDuePence } from '#shared/christmas/amounts.ts';
import type { ChristmasConfirmation } from '#shared/christmas/checkout-schemas.ts';
import type { ReservationState } from '#shared/christmas/reservation.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingLabel } from '#shared/christmas/sittings.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST, recordAudit, SYSTEM } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken } from '../manage/links.ts';
import type { CheckoutSession, PaymentEvent } from '../payments/payments.ts';
import type { PaymentServiceDeps } from '../payments/service-deps.ts';
import { recordChristmasBookingMade } from './audit.ts';
import { christmasAvailability } from './availability.ts';
import { christmasBookingEmails, christmasRefundEmail } from './emails.ts';
import {
  type ChristmasBookingRow,
  confirmReservation,
  type ReservationRow,
  reservationIn,
  selectChristmasBooking,
  selectReservation,
  updateReservations,
} from './store.ts';

/** What the Christmas services need of the app; routes build it per request, with the app's clock. */
export interface ChristmasDeps extends PaymentServiceDeps {
  /** This season's day and menu, and the pub, as the content documents stand for this request. */
  season: ChristmasSeason;
  venue: Venue;
}

export type FulfilmentOutcome =
  | { kind: 'confirmed'; booking: ChristmasBookingRow }
  /** Paid after its hold was released, with no room left: refunded and CANCELLED. */
  | { kind: 'refunded'; reservation: ReservationRow }
  | { kind: 'ignored'; reason: string };

export function isPaid(session: CheckoutSession): boolean {
  return (
    session.status === 'complete' &&
    (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
  );
}

export async function findReservation(db: Database, pid: string): Promise<ReservationRow | undefined> {
  return selectReservation(db, eq(occasionBookings.pid, pid));
}

async function bookingOf(db: Database, reservationId: string): Promise<ChristmasBookingRow> {
  const booking = await selectChristmasBooking(db, eq(occasionBookings.id, reservationId));
  if (!booking) throw new Error(`Reservation ${reservationId} is confirmed but has no booking`);
  return booking;
}

type Decision =
  | { kind: 'confirmed'; booking: ChristmasBookingRow; won: boolean }
  | { kind: 'unseatable'; reservation: ReservationRow };

/**
 * The one step that turns a paid reservation into a booking, in a transaction holding the sitting's lock and
 * the reservation's row: of any number of simultaneous calls, the first confirms, queuing the confirmation
 * e-mails in the same transaction, and the rest find it done (`won` tells them apart). The booking's unique
 * reservation_id backs this up.
 * A live hold is always seated; a payment for a released hold is seated only if its party still fits.
 */
async function confirmOrDecline(
  deps: ChristmasDeps,
  reservationId: string,
  session: CheckoutSession,
): Promise<Decision> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const unlocked = await selectReservation(tx, eq(occasionBookings.id, reservationId));
    if (!unlocked) throw new Error(`Reservation ${reservationId} vanished`);
    await lockChristmasSitting(tx, unlocked.sittingId);
    const reservation = await selectReservation(tx, eq(occasionBookings.id, reservationId), {
      forUpdate: true,
    });
    if (!reservation) throw new Error(`Reservation ${reservationId} vanished`);

    if (reservation.state === 'PAID_CONFIRMED') {
      return { kind: 'confirmed', booking: await bookingOf(tx, reservation.id), won: false };
    }
    if (reservation.cancelReason === 'unseatable') return { kind: 'unseatable', reservation };

    const payment = {
      paymentIntentId: session.paymentIntentId,
      amountPaidPence: session.amountTotal ?? reservation.depositPence,
      updatedAt: now,
    };
    const holdIsLive =
      reservation.state === 'PAID_AWAITING' ||
      (reservation.state === 'PENDING' && reservation.expiresAt !== null && reservation.expiresAt > now);
    if (!holdIsLive) {
      const seats = (
        await christmasAvailability(tx, now, deps.season, { excludeReservationId: reservation.id })
      )[reservation.sittingId];
      const guests = partySize(reservation.partyAdults, reservation.partyChildren);
      if (seats.closed || seats.remaining < guests) {
        const [declined] = await updateReservations(tx, eq(occasionBookings.id, reservation.id), {
          ...payment,
          state: 'CANCELLED',
          cancelReason: 'unseatable',
        });
        return { kind: 'unseatable', reservation: declined as ReservationRow };
      }
    }

    const booking = await confirmReservation(tx, reservation, {
      ...payment,
      sittingLabel: sittingLabel(deps.season, reservation.sittingId),
      now,
    });
    // The guest made it: the webhook, finalize or the demo Pay button only carry their payment here.
    await recordChristmasBookingMade(tx, booking, GUEST, now);
    const token = await issueManageToken(tx, { christmasBookingId: booking.id }, now);
    await enqueueMail(
      tx,
      { kind: 'christmas-booking', reference: booking.reference, now },
      christmasBookingEmails(
        booking,
        {
          venue: deps.venue,
          season: deps.season,
          pubAddress: deps.pubNotifyEmail,
          publicUrl: deps.publicUrl,
        },
        christmasManageUrl(deps.publicUrl, token),
      ),
    );
    return { kind: 'confirmed', booking, won: true };
  });
}

/**
 * Refunds a declined payment. Stripe's idempotency key makes the refund itself happen once however often
 * this runs; recording its id is a compare-and-set, and the apology is queued in its transaction, so only the
 * first run writes to the guest.
 */
async function refundDeclined(deps: ChristmasDeps, reservation: ReservationRow): Promise<ReservationRow> {
  if (reservation.refundId) return reservation;
  if (!deps.payments || !reservation.paymentIntentId) {
    deps.log.error(
      { pid: reservation.pid },
      'Christmas payment cannot be refunded automatically: refund it by hand',
    );
    return reservation;
  }
  const refund = await deps.payments.refund(reservation.paymentIntentId, `refund-${reservation.pid}`);
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await updateReservations(
      tx,
      and(eq(occasionBookings.id, reservation.id), isNull(occasionBookings.refundId)) as SQL,
      { refundId: refund.id, updatedAt: deps.now },
    );
    if (row) {
      await enqueueMail(tx, { kind: 'christmas-refund', reference: row.id, now: deps.now }, [
        christmasRefundEmail(row, deps.venue),
      ]);
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: 'christmas.refunded',
          subject: { type: 'christmas-reservation', id: row.id },
          summary: `Late payment refunded, ${formatMoney(row.amountPaidPence ?? row.depositPence)}: the sitting was full`,
        },
        deps.now,
      );
    }
    return row;
  });
  if (!recorded) return reservation;
  deps.log.warn({ pid: recorded.pid, refundId: refund.id }, 'late Christmas payment refunded: sitting full');
  deps.mail.nudge();
  return recorded;
}

/**
 * Fulfilment, used alike by the webhook, by `finalize` and by the demo checkout's Pay button: a paid
 * Checkout Session becomes a CONFIRMED booking and one confirmation e-mail, however often and however
 * simultaneously it is called; a payment that can no longer be seated is refunded.
 */
export async function fulfilCheckout(
  deps: ChristmasDeps,
  session: CheckoutSession,
): Promise<FulfilmentOutcome> {
  if (!isPaid(session)) return { kind: 'ignored', reason: 'not paid' };
  const reservation = session.pid ? await findReservation(deps.db, session.pid) : undefined;
  if (!reservation) {
    deps.log.error(
      { sessionId: session.id, pid: session.pid },
      'paid Checkout Session matches no reservation',
    );
    return { kind: 'ignored', reason: 'unknown reservation' };
  }
  if (reservation.stripeSessionId && reservation.stripeSessionId !== session.id) {
    deps.log.error(
      { sessionId: session.id, pid: reservation.pid },
      'paid Checkout Session is not the reservation’s',
    );
    return { kind: 'ignored', reason: 'another session' };
  }
  const decision = await confirmOrDecline(deps, reservation.id, session);
  if (decision.kind === 'unseatable') {
    return { kind: 'refunded', reservation: await refundDeclined(deps, decision.reservation) };
  }
  if (decision.won) {
    deps.log.info({ reference: decision.booking.reference }, 'Christmas booking confirmed');
    deps.mail.nudge();
  }
  return { kind: 'confirmed', booking: decision.booking };
}

/** Releases a hold (CANCELLED) if it is still in one of `from`; a confirmed booking is never touched. */
export async function releaseHold(
  deps: ChristmasDeps,
  where: { pid: string } | { sessionId: string },
  reason: 'expired' | 'cancelled' | 'payment_failed' | 'checkout_failed',
  from: ReservationState[] = ['PENDING'],
): Promise<boolean> {
  const match =
    'pid' in where
      ? eq(occasionBookings.pid, where.pid)
      : eq(occasionBookings.stripeSessionId, where.sessionId);
  const released = await updateReservations(deps.db, and(match, or(...from.map(reservationIn))) as SQL, {
    state: 'CANCELLED',
    cancelReason: reason,
    updatedAt: deps.now,
  });
  return released.length > 0;
}

/** The reservation behind a session: by our pid, which Stripe carries as client_reference_id. */
function sessionWhere(session: CheckoutSession): { pid: string } | { sessionId: string } {
  return session.pid ? { pid: session.pid } : { sessionId: session.id };
}

/** Acts on one verified webhook event. Each is safe to repeat: a redelivery changes nothing. */
export async function handlePaymentEvent(deps: ChristmasDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      if (isPaid(event.session)) {
        await fulfilCheckout(deps, event.session);
      } else if (event.session.pid) {
        // Paid by a method that settles later (e.g. a bank debit): a live hold keeps its seats until it does.
        // A lapsed one does not take them back; the settled payment then goes the late-payment way.
        await updateReservations(
          deps.db,
          and(
            eq(occasionBookings.pid, event.session.pid),
            reservationIn('PENDING'),
            gt(occasionBookings.holdExpiresAt, deps.now),
          ) as SQL,
          { state: 'PAID_AWAITING', paymentIntentId: event.session.paymentIntentId, updatedAt: deps.now },
        );
      }
      return;
    case 'checkout.session.async_payment_succeeded':
      await fulfilCheckout(deps, event.session);
      return;
    case 'checkout.session.async_payment_failed':
      await releaseHold(deps, sessionWhere(event.session), 'payment_failed', ['PENDING', 'PAID_AWAITING']);
      return;
    case 'checkout.session.expired':
      await releaseHold(deps, sessionWhere(event.session), 'expired');
      return;
    case 'other':
      return;
  }
}

export async function wasEventHandled(db: Database, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: stripeEvents.eventId })
    .from(stripeEvents)
    .where(eq(stripeEvents.eventId, eventId))
    .limit(1);
  return row !== undefined;
}

export async function recordEvent(db: Database, event: PaymentEvent, now: Date): Promise<void> {
  await db
    .insert(stripeEvents)
    .values({
      eventId: event.id,
      type: event.type === 'other' ? event.stripeType : event.type,
      receivedAt: now,
    })
    .onConflictDoNothing();
}

export function confirmationOf(booking: ChristmasBookingRow): ChristmasConfirmation {
  return {
    reference: booking.reference,
    sittingId: booking.sittingId,
    sittingLabel: booking.sittingLabel,
    partyAdults: booking.partyAdults,
    partyChildren: booking.partyChildren,
    selections: booking.selections,
    depositPaidPence: booking.depositPaidPence,
    totalPence: booking.totalPence,
    balanceDuePence: balanceDuePence(booking),
    email: booking.email,
  };
}

export async function confirmationFor(
  db: Database,
  reservation: ReservationRow,
): Promise<ChristmasConfirmation> {
  return confirmationOf(await bookingOf(db, reservation.id));
}
