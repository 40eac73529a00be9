import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockChristmasSitting } from '#db/locks.ts';
import { christmasBookings, christmasReservations, stripeEvents } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import { balanceDuePence } from '#shared/christmas/amounts.ts';
import type { ChristmasConfirmation } from '#shared/christmas/checkout-schemas.ts';
import type { ReservationState } from '#shared/christmas/reservation.ts';
import type { ChristmasSelections } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { sittingLabel } from '#shared/christmas/sittings.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST, recordAudit, SYSTEM } from '../audit/trail.ts';
import { insertWithReference } from '../lib/references.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { christmasManageUrl, issueManageToken } from '../manage/links.ts';
import type { CheckoutSession, PaymentEvent } from '../payments/payments.ts';
import type { PaymentServiceDeps } from '../payments/service-deps.ts';
import { recordChristmasBookingMade } from './audit.ts';
import { christmasAvailability } from './availability.ts';
import { christmasBookingEmails, christmasRefundEmail } from './emails.ts';

export type ReservationRow = typeof christmasReservations.$inferSelect;
export type ChristmasBookingRow = typeof christmasBookings.$inferSelect;

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
  const [row] = await db
    .select()
    .from(christmasReservations)
    .where(eq(christmasReservations.pid, pid))
    .limit(1);
  return row;
}

async function bookingOf(db: Database, reservationId: string): Promise<ChristmasBookingRow> {
  const [booking] = await db
    .select()
    .from(christmasBookings)
    .where(eq(christmasBookings.reservationId, reservationId))
    .limit(1);
  if (!booking) throw new Error(`Reservation ${reservationId} is confirmed but has no booking`);
  return booking;
}

async function insertBooking(
  db: Database,
  reservation: ReservationRow,
  amountPaidPence: number,
  { now, season }: Pick<ChristmasDeps, 'now' | 'season'>,
): Promise<ChristmasBookingRow> {
  const values = {
    sittingId: reservation.sittingId,
    sittingLabel: sittingLabel(season, reservation.sittingId),
    name: reservation.name,
    email: reservation.email,
    phone: reservation.phone,
    partyAdults: reservation.partyAdults,
    partyChildren: reservation.partyChildren,
    partySize: partySize(reservation.partyAdults, reservation.partyChildren),
    status: 'CONFIRMED' as const,
    selections: reservation.selections,
    allergies: reservation.allergies,
    occasionNotes: reservation.occasionNotes,
    specialNotes: reservation.specialNotes,
    totalPence: reservation.totalPence,
    depositPaidPence: amountPaidPence,
    source: 'online' as const,
    reservationId: reservation.id,
    createdAt: now,
    updatedAt: now,
  };
  return insertChristmasBooking(db, values);
}

/** Stores a Christmas booking under a new short reference, online or taken by staff alike. */
export async function insertChristmasBooking(
  db: Database,
  values: Omit<typeof christmasBookings.$inferInsert, 'reference'>,
): Promise<ChristmasBookingRow> {
  return insertWithReference(db, christmasBookings, values, { prefix: 'XMAS', length: 4, what: 'Christmas' });
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
    const [unlocked] = await tx
      .select({ sittingId: christmasReservations.sittingId })
      .from(christmasReservations)
      .where(eq(christmasReservations.id, reservationId));
    if (!unlocked) throw new Error(`Reservation ${reservationId} vanished`);
    await lockChristmasSitting(tx, unlocked.sittingId);
    const [reservation] = await tx
      .select()
      .from(christmasReservations)
      .where(eq(christmasReservations.id, reservationId))
      .for('update');
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
      (reservation.state === 'PENDING' && reservation.expiresAt.getTime() > now.getTime());
    if (!holdIsLive) {
      const seats = (
        await christmasAvailability(tx, now, deps.season, { excludeReservationId: reservation.id })
      )[reservation.sittingId];
      const guests = partySize(reservation.partyAdults, reservation.partyChildren);
      if (seats.closed || seats.remaining < guests) {
        const [declined] = await tx
          .update(christmasReservations)
          .set({ ...payment, state: 'CANCELLED', cancelReason: 'unseatable' })
          .where(eq(christmasReservations.id, reservation.id))
          .returning();
        return { kind: 'unseatable', reservation: declined as ReservationRow };
      }
    }

    const booking = await insertBooking(tx, reservation, payment.amountPaidPence, deps);
    // The guest made it: the webhook, finalize or the demo Pay button only carry their payment here.
    await recordChristmasBookingMade(tx, booking, GUEST, now);
    await tx
      .update(christmasReservations)
      .set({ ...payment, state: 'PAID_CONFIRMED', cancelReason: null, bookingId: booking.id })
      .where(eq(christmasReservations.id, reservation.id));
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
    const [row] = await tx
      .update(christmasReservations)
      .set({ refundId: refund.id, updatedAt: deps.now })
      .where(and(eq(christmasReservations.id, reservation.id), isNull(christmasReservations.refundId)))
      .returning();
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
      ? eq(christmasReservations.pid, where.pid)
      : eq(christmasReservations.stripeSessionId, where.sessionId);
  const released = await deps.db
    .update(christmasReservations)
    .set({ state: 'CANCELLED', cancelReason: reason, updatedAt: deps.now })
    .where(and(match, inArray(christmasReservations.state, from)))
    .returning({ id: christmasReservations.id });
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
        await deps.db
          .update(christmasReservations)
          .set({
            state: 'PAID_AWAITING',
            paymentIntentId: event.session.paymentIntentId,
            updatedAt: deps.now,
          })
          .where(
            and(
              eq(christmasReservations.pid, event.session.pid),
              eq(christmasReservations.state, 'PENDING'),
              gt(christmasReservations.expiresAt, deps.now),
            ),
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
    selections: booking.selections as ChristmasSelections,
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
