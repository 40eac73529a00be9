import { eq } from 'drizzle-orm';
import { bookingPayments, bookings } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST, recordAudit, SYSTEM } from '../audit/trail.ts';
import { bookingContentOf, findAvailability } from '../booking/availability.ts';
import { bookingEmails, guestConfirmation } from '../booking/emails.ts';
import { toStoredBooking } from '../booking/service.ts';
import { notFound } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newTableManageUrl } from '../manage/links.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import { lockSeating, seatBooking } from '../tables/seating.ts';
import { askStripe, outcomeOf } from './checkout.ts';
import type { DepositDeps } from './deps.ts';
import {
  type ArrivalOutcome,
  type BookingRow,
  bookingOfPayment,
  type PaymentArrival,
  type PaymentRow,
  paymentByPid,
  termsOf,
} from './rows.ts';
import { applyTopUp, paymentByTopUpPid, topUpOutcome } from './top-ups.ts';

export type { ArrivalOutcome, PaymentArrival } from './rows.ts';

export function isCompleted(session: CheckoutSession): boolean {
  return (
    session.status === 'complete' &&
    (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
  );
}

/** A completed session as what it brought: the payment, or (setup mode) the card its SetupIntent saved. */
export async function arrivalFromSession(
  payments: Payments,
  session: CheckoutSession,
): Promise<PaymentArrival | null> {
  if (!session.pid || !isCompleted(session)) return null;
  if (session.mode === 'payment') {
    return {
      pid: session.pid,
      kind: 'paid',
      paymentIntentId: session.paymentIntentId,
      amountPence: session.amountTotal ?? 0,
    };
  }
  if (!session.setupIntentId) return null;
  const card = await payments.retrieveSetupIntent(session.setupIntentId);
  if (card.status !== 'succeeded' || !card.paymentMethodId) return null;
  return {
    pid: session.pid,
    kind: 'card',
    paymentMethodId: card.paymentMethodId,
    customerId: card.customerId ?? session.customerId,
  };
}

/** Whether a lapsed booking's party still fits where it was: its places may have gone since. */
async function stillFits(tx: DepositDeps['db'], deps: DepositDeps, booking: BookingRow): Promise<boolean> {
  const content = bookingContentOf(deps.content);
  const guests = partySize(booking.partyAdults, booking.partyChildren);
  const slots = await findAvailability(tx, booking.date, deps.now, content, guests, {
    excludeBookingId: booking.id,
    event: booking.eventSlug ?? undefined,
    staff: booking.source !== 'online',
  });
  const slot = slots.find((each) => each.time === booking.timeSlot);
  if (!slot || slot.closed || slot.remaining < guests) return false;
  const channel = booking.source === 'online' ? 'online' : 'staff';
  const place = await seatBooking(tx, { ...booking, guests }, content, channel, { keep: [] });
  return place !== null || content.tables.mode !== 'tables' || booking.eventSlug !== null;
}

function arrivalSummary(reference: string, payment: PaymentRow, arrival: PaymentArrival): string {
  const terms = termsOf(payment);
  return arrival.kind === 'paid'
    ? `${reference}: deposit ${formatMoney(arrival.amountPence)} paid online`
    : `${reference}: card saved for the guarantee (no-show fee up to ${formatMoney(terms.amountPence)})`;
}

/**
 * Money that arrived for no checkout we know (a change's checkout a newer change replaced, paid anyway): given
 * back at once (Stripe's key makes it once), logged for staff; never kept without a booking.
 */
async function refundOrphan(deps: DepositDeps, arrival: PaymentArrival): Promise<ArrivalOutcome> {
  deps.log.error({ pid: arrival.pid }, 'a deposit payment arrived for no known booking or change');
  if (arrival.kind === 'paid' && arrival.paymentIntentId && deps.payments) {
    await deps.payments.refund(arrival.paymentIntentId, `deposit-orphan-refund-${arrival.pid}`);
    deps.log.warn({ pid: arrival.pid }, 'the payment of an unknown checkout was refunded');
  }
  return 'ignored';
}

/**
 * The one step that turns an arrived payment into a confirmed booking, used alike by the webhook, the return
 * page and the demo checkout: under the booking's seating lock and the payment's row lock, the first call
 * confirms it and queues its confirmation, and every later one finds it done. A payment that arrives after its
 * hold lapsed confirms the booking if its party still fits; otherwise a deposit is owed back (the runner
 * refunds it) and a card is released.
 */
export async function confirmArrivedPayment(
  deps: DepositDeps,
  arrival: PaymentArrival,
): Promise<ArrivalOutcome> {
  const found = await paymentByPid(deps.db, arrival.pid);
  if (!found) {
    const topUp = await paymentByTopUpPid(deps.db, arrival.pid);
    if (topUp) return applyTopUp(deps, topUp, arrival);
    return refundOrphan(deps, arrival);
  }
  const unlocked = await bookingOfPayment(deps.db, found);
  const outcome = await deps.db.transaction(async (tx): Promise<ArrivalOutcome> => {
    await lockSeating(tx, [unlocked], bookingContentOf(deps.content));
    const payment = (await paymentByPid(tx, arrival.pid, true)) as PaymentRow;
    const booking = await bookingOfPayment(tx, payment, true);
    if (payment.state === 'paid' || payment.state === 'card-held') return 'already-confirmed';
    if (payment.state === 'waived') return 'ignored';
    const money =
      arrival.kind === 'paid'
        ? { state: 'paid' as const, paidPence: arrival.amountPence, paymentIntentId: arrival.paymentIntentId }
        : {
            state: 'card-held' as const,
            paymentMethodId: arrival.paymentMethodId,
            customerId: arrival.customerId,
          };
    const live = payment.state === 'awaiting' && booking.status === 'PENDING';
    const lapsedByTime = booking.status === 'CANCELLED' && booking.cancelledBy === null;
    if (!live && (!lapsedByTime || !(await stillFits(tx, deps, booking)))) {
      await tx
        .update(bookingPayments)
        .set({
          ...money,
          state: payment.state,
          ...(arrival.kind === 'paid'
            ? { refundState: 'owed' as const, refundPence: arrival.amountPence }
            : { releasedAt: deps.now }),
          updatedAt: deps.now,
        })
        .where(eq(bookingPayments.id, payment.id));
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: arrival.kind === 'paid' ? 'deposit.refund-owed' : 'deposit.released',
          subject: { type: 'booking', id: booking.id },
          summary: `${arrivalSummary(booking.reference, payment, arrival)} after its hold lapsed, and the places had gone: ${arrival.kind === 'paid' ? 'refunded in full' : 'card released'}`,
        },
        deps.now,
      );
      return 'declined';
    }
    await tx
      .update(bookingPayments)
      .set({ ...money, holdUntil: null, updatedAt: deps.now })
      .where(eq(bookingPayments.id, payment.id));
    const [confirmed] = await tx
      .update(bookings)
      .set({ status: 'CONFIRMED', cancelledBy: null, cancelledAt: null, updatedAt: deps.now })
      .where(eq(bookings.id, booking.id))
      .returning();
    await recordAudit(
      tx,
      {
        actor: GUEST,
        type: 'deposit.paid',
        subject: { type: 'booking', id: booking.id },
        summary: arrivalSummary(booking.reference, payment, arrival),
      },
      deps.now,
    );
    const stored = toStoredBooking(confirmed as BookingRow);
    const manageUrl = await newTableManageUrl(tx, booking.id, { publicUrl: deps.publicUrl, now: deps.now });
    const calendar = { publicUrl: deps.publicUrl, settings: deps.content['booking-settings'] };
    const paid = {
      terms: termsOf(payment),
      state: money.state,
      paidPence: money.state === 'paid' ? money.paidPence : 0,
    };
    const letters =
      booking.source === 'online'
        ? bookingEmails(
            stored,
            { venue: deps.content.venue, pubAddress: deps.pubNotifyEmail },
            calendar,
            manageUrl,
            undefined,
            paid,
          )
        : [guestConfirmation(stored, deps.content.venue, calendar, manageUrl, undefined, paid)];
    await enqueueMail(tx, { kind: 'table-booking', reference: stored.reference, now: deps.now }, letters);
    return 'confirmed';
  });
  if (outcome === 'confirmed' || outcome === 'declined') deps.mail.nudge();
  if (outcome === 'declined')
    deps.log.warn({ pid: arrival.pid }, 'late deposit payment declined: places gone');
  return outcome;
}

/** A checkout by its pid: a booking's deposit or card, or the difference of a change (`topUp`). */
export interface Checkout {
  payment: PaymentRow;
  topUp: boolean;
  /** Its Checkout Session, while it may still be paid. */
  awaitingSession: string | null;
}

export async function findCheckout(db: DepositDeps['db'], pid: string): Promise<Checkout> {
  const payment = await paymentByPid(db, pid);
  if (payment) {
    return {
      payment,
      topUp: false,
      awaitingSession: payment.state === 'awaiting' ? payment.stripeSessionId : null,
    };
  }
  const changed = await paymentByTopUpPid(db, pid);
  if (!changed) throw notFound('We could not find that payment.');
  return {
    payment: changed,
    topUp: true,
    awaitingSession: changed.topUpState === 'awaiting' ? changed.topUpSessionId : null,
  };
}

/** Where a checkout stands for its guest (`left`: they came back from it without paying). */
export async function checkoutOutcome(
  db: DepositDeps['db'],
  pid: string,
  left = false,
): Promise<PaymentOutcome> {
  const { payment, topUp } = await findCheckout(db, pid);
  const booking = await bookingOfPayment(db, payment);
  return topUp ? topUpOutcome(payment, booking, left) : outcomeOf(payment, booking);
}

/**
 * The return page's question: has the payment arrived? Asks Stripe for the session of an awaiting checkout (the
 * webhook may be slower than the guest) and confirms it if so.
 */
export async function finalizePayment(deps: DepositDeps, pid: string): Promise<PaymentOutcome> {
  const { awaitingSession } = await findCheckout(deps.db, pid);
  const { payments } = deps;
  if (awaitingSession && payments) {
    const arrival = await askStripe(deps, pid, async () =>
      arrivalFromSession(payments, await payments.retrieveCheckoutSession(awaitingSession)),
    );
    if (arrival) await confirmArrivedPayment(deps, arrival);
  }
  return checkoutOutcome(deps.db, pid);
}
