import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookingPayments, bookings } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { PaymentOutcome, PaymentStart } from '#shared/deposits/payment-schemas.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsHeadline } from '#shared/deposits/terms.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { type Actor, actorName, recordAudit, SYSTEM } from '../audit/trail.ts';
import { DomainError } from '../lib/errors.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import { reopenEntryOfUnpaidClaim } from '../standby/unpaid-claim.ts';
import type { DepositDeps } from './deps.ts';
import { type BookingRow, type PaymentRow, paymentByPid, termsOf } from './rows.ts';

/** Stripe's shortest Checkout Session is 30 minutes; one more so the request's own time never cuts it below. */
export const ONLINE_HOLD_MS = 31 * 60 * 1000;
/** A booking staff took by phone waits this long for the guest to pay from the e-mailed link. */
export const PAYMENT_LINK_HOLD_MS = 24 * 60 * 60 * 1000;

/** 32 random base64url characters: a checkout cannot be found by guessing. */
export function newPid(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * A question to Stripe on a guest's request: if Stripe cannot answer, the guest is told to try again (502), the
 * failure logged; nothing is lost, since the hold, the webhook and the runner carry on without this answer.
 */
export async function askStripe<T>(
  deps: Pick<DepositDeps, 'log'>,
  pid: string,
  question: () => Promise<T>,
): Promise<T> {
  try {
    return await question();
  } catch (error) {
    deps.log.error({ err: error, pid }, 'Stripe did not answer a deposit question');
    throw new DomainError('provider-failed', DEPOSIT_MESSAGES.providerBusy);
  }
}

/** Refuses a booking that needs money on a server that cannot take any. */
export function requirePayments(deps: Pick<DepositDeps, 'payments' | 'log' | 'content'>): Payments {
  if (deps.payments) return deps.payments;
  deps.log.error('deposit refused: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set');
  throw new DomainError('not-configured', DEPOSIT_MESSAGES.notConfigured(deps.content.venue.phone));
}

/**
 * In the booking's own transaction: the booking waits (PENDING) with its places held until `holdUntil`, on the
 * terms the guest was shown. Its confirmation goes when the payment or the card arrives.
 */
export async function holdForPayment(
  tx: Database,
  booking: Pick<BookingRow, 'id'>,
  terms: DepositTerms,
  holdUntil: Date,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(bookingPayments)
    .values({
      bookingId: booking.id,
      pid: newPid(),
      kind: terms.kind,
      state: 'awaiting',
      terms,
      holdUntil,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row as PaymentRow;
}

export function paymentReturnUrl(publicUrl: string, pid: string, left = false): string {
  return `${publicUrl}/bookings/payment?pid=${encodeURIComponent(pid)}${left ? '&left' : ''}`;
}

/**
 * Outside any transaction: the Checkout Session that takes the deposit (payment mode) or saves the card (setup
 * mode, on a Customer of its own). If it cannot be opened, the hold is released and the guest told nothing was
 * booked.
 */
export async function openPaymentCheckout(
  deps: DepositDeps,
  payment: PaymentRow,
  booking: Pick<BookingRow, 'date' | 'timeSlot' | 'name' | 'email'>,
  { releaseOnFailure = true }: { releaseOnFailure?: boolean } = {},
): Promise<PaymentStart> {
  const payments = requirePayments(deps);
  const terms = termsOf(payment);
  const holdUntil = payment.holdUntil ?? new Date(deps.now.getTime() + ONLINE_HOLD_MS);
  // A payment link's hold may outlast Stripe's longest session (24 hours): the session ends with the hold or
  // then, whichever is first, at least Stripe's shortest from now.
  const expiresAt = new Date(
    Math.max(
      Math.min(holdUntil.getTime(), deps.now.getTime() + 23 * 3_600_000),
      deps.now.getTime() + ONLINE_HOLD_MS,
    ),
  );
  let session: CheckoutSession;
  try {
    const customerId =
      terms.kind === 'guarantee'
        ? (await payments.createCustomer({ pid: payment.pid, email: booking.email, name: booking.name })).id
        : undefined;
    session = await payments.createCheckoutSession({
      pid: payment.pid,
      purpose: 'deposit',
      mode: terms.kind === 'deposit' ? 'payment' : 'setup',
      unitAmountPence: terms.perPersonPence,
      quantity: terms.guests,
      productName: `${termsHeadline(terms)} — ${deps.content.venue.name}`,
      productDescription: `${formatLongDate(booking.date)}, ${formatTime(booking.timeSlot)}: ${terms.ruleName}`,
      customerEmail: booking.email,
      ...(customerId ? { customerId } : {}),
      expiresAt,
      successUrl: paymentReturnUrl(deps.publicUrl, payment.pid),
      cancelUrl: paymentReturnUrl(deps.publicUrl, payment.pid, true),
    });
    if (!session.url) throw new Error('Checkout Session came back without a URL');
  } catch (error) {
    deps.log.error({ err: error, pid: payment.pid }, 'deposit checkout could not be opened');
    // A guest booking online is told nothing was booked; a booking staff took keeps its hold to pay later.
    if (releaseOnFailure)
      await releaseUnpaid(deps, payment.pid, 'checkout_failed').catch((releaseError: unknown) =>
        deps.log.error({ err: releaseError, pid: payment.pid }, 'hold not released; it lapses at its time'),
      );
    throw new DomainError('provider-failed', DEPOSIT_MESSAGES.provider);
  }
  await deps.db
    .update(bookingPayments)
    .set({ stripeSessionId: session.id, customerId: session.customerId, updatedAt: deps.now })
    .where(eq(bookingPayments.id, payment.id));
  return { checkoutUrl: session.url, pid: payment.pid, terms, holdUntil: holdUntil.toISOString() };
}

/**
 * Ends an unpaid hold: the payment `lapsed`, its booking CANCELLED and its places free, and a standby claim's
 * entry waiting again. Only a payment still awaiting is touched, so a payment that arrived first wins. Answers
 * whether this call released it.
 */
export async function releaseUnpaid(
  deps: Pick<DepositDeps, 'db' | 'now' | 'content'>,
  pid: string,
  reason: 'expired' | 'left' | 'checkout_failed' | 'payment_failed',
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const payment = await paymentByPid(tx, pid, true);
    if (payment?.state !== 'awaiting') return false;
    await tx
      .update(bookingPayments)
      .set({ state: 'lapsed', holdUntil: null, notes: { lapsed: reason }, updatedAt: deps.now })
      .where(eq(bookingPayments.id, payment.id));
    const [booking] = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: deps.now, updatedAt: deps.now })
      .where(and(eq(bookings.id, payment.bookingId), inArray(bookings.status, ['PENDING'])))
      .returning({ id: bookings.id, reference: bookings.reference, timeSlot: bookings.timeSlot });
    if (booking) {
      await reopenEntryOfUnpaidClaim(tx, booking, { now: deps.now, venue: deps.content.venue });
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: 'deposit.lapsed',
          subject: { type: 'booking', id: booking.id },
          summary: `${booking.reference} released unpaid (${reason.replace('_', ' ')}): its places are free again`,
        },
        deps.now,
      );
    }
    return true;
  });
}

export function outcomeOf(payment: PaymentRow, booking: BookingRow): PaymentOutcome {
  const status =
    payment.state === 'awaiting' ? 'awaiting' : payment.state === 'lapsed' ? 'lapsed' : 'confirmed';
  return {
    status: status === 'confirmed' && booking.status !== 'CONFIRMED' ? 'lapsed' : status,
    reference: booking.reference,
    email: booking.email,
    terms: termsOf(payment),
    amountDuePence: payment.kind === 'deposit' ? termsOf(payment).amountPence : 0,
    date: booking.date,
    timeSlot: booking.timeSlot,
    partySize: booking.partyAdults + booking.partyChildren,
  };
}

/** Staff took the booking without the deposit its rule asks, with a reason: recorded, and in the trail. */
export async function waiveDeposit(
  tx: Database,
  booking: Pick<BookingRow, 'id' | 'reference'>,
  terms: DepositTerms,
  { reason, actor, now }: { reason: string; actor: Actor; now: Date },
): Promise<void> {
  await tx.insert(bookingPayments).values({
    bookingId: booking.id,
    pid: newPid(),
    kind: terms.kind,
    state: 'waived',
    terms,
    waivedReason: reason,
    waivedBy: actorName(actor),
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(
    tx,
    {
      actor,
      type: 'deposit.waived',
      subject: { type: 'booking', id: booking.id },
      summary: `${booking.reference}: ${termsHeadline(terms)} waived: ${reason}`,
    },
    now,
  );
}

/**
 * For a replayed booking request (the guest's browser sent it again): the checkout its first answer opened, if
 * it is still open, so the replay takes the guest to the same payment page and never to a second one.
 */
export async function checkoutStillOpen(deps: DepositDeps, bookingId: string): Promise<PaymentStart | null> {
  const [payment] = await deps.db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId));
  if (payment?.state !== 'awaiting' || !payment.stripeSessionId || !deps.payments) return null;
  const { payments } = deps;
  const sessionId = payment.stripeSessionId;
  const session = await askStripe(deps, payment.pid, () => payments.retrieveCheckoutSession(sessionId));
  if (session.status !== 'open' || !session.url) return null;
  return {
    checkoutUrl: session.url,
    pid: payment.pid,
    terms: termsOf(payment),
    holdUntil: (payment.holdUntil ?? deps.now).toISOString(),
  };
}
