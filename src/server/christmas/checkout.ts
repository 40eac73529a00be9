import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockChristmasHolder, lockChristmasSitting } from '#db/locks.ts';
import { occasionBookings } from '#db/schema.ts';
import { BOOKING_MESSAGES, isPlausiblePhone } from '#shared/booking/validation.ts';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import type { ChristmasCheckoutRequest } from '#shared/christmas/checkout-schemas.ts';
import { tidySelections } from '#shared/christmas/courses.ts';
import type { SittingId } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { isPastOnlineCutoff } from '#shared/christmas/online-cutoff.ts';
import { normaliseSittingId, sittingLabel } from '#shared/christmas/sittings.ts';
import { type ChristmasProblem, checkChristmasOrder } from '#shared/christmas/validation.ts';
import { poundsToPence } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { conflict, DomainError, problemError, unavailable } from '../lib/errors.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import { recordMarketingConsent } from '../privacy/consents.ts';
import { christmasAvailability } from './availability.ts';
import { type ChristmasDeps, releaseHold } from './fulfilment.ts';
import {
  insertReservation,
  type ReservationRow,
  reservationIn,
  selectReservations,
  updateReservations,
} from './store.ts';

/**
 * How long a checkout holds its seats, and when its Checkout Session expires: Stripe's shortest, 30 minutes,
 * counted from when Stripe receives the request, plus one minute so the request's own time and any clock
 * difference can never push it below Stripe's minimum.
 */
const HOLD_DURATION_MS = 31 * 60 * 1000;

export const CHECKOUT_ERRORS = {
  notConfigured: (phone: string) =>
    `Online Christmas Day payments are not available right now. Please call us on ${phone} to book.`,
  provider: 'We could not start the payment just now. Please try again in a moment.',
  providerUnreachable: 'We could not reach the payment provider. Please try again in a moment.',
  notPaid: 'Payment has not completed yet.',
  replaced: 'You have started a newer checkout, which replaces this one. Please carry on with that one.',
  declined:
    'Sorry — your seats were released before your payment arrived and the sitting is now full. ' +
    'Your deposit is being refunded in full.',
} as const;

/** 32 random base64url characters: a reservation cannot be found by guessing. */
function newPid(): string {
  return randomBytes(24).toString('base64url');
}

/** The contact checks and spec §5 before any lock is taken; the phone's shape right after "phone given". */
function checkRequest(request: ChristmasCheckoutRequest, deps: ChristmasDeps): ChristmasProblem | null {
  const problem = checkChristmasOrder(request, deps.season, null, deps.venue.phone);
  if (problem && ['name', 'phone'].includes(problem.field)) return problem;
  if (!isPlausiblePhone(request.phone)) {
    return { kind: 'invalid', message: BOOKING_MESSAGES.phoneInvalid, field: 'phone' };
  }
  return problem;
}

/** Who is holding seats: the e-mail of the order and the address it came from. */
interface Holder {
  email: string;
  ip: string;
}

type HeldCheckout = Pick<ReservationRow, 'pid' | 'stripeSessionId'>;

/**
 * Releases the holder's live checkouts (one e-mail or one IP holds one at a time), locking their rows in a
 * fixed order; a hold paid meanwhile is no longer PENDING and is left alone.
 */
async function releaseHoldsOf(tx: Database, holder: Holder, now: Date): Promise<HeldCheckout[]> {
  const live = await selectReservations(
    tx,
    and(
      reservationIn('PENDING'),
      gt(occasionBookings.holdExpiresAt, now),
      or(
        sql`lower(${occasionBookings.email}) = lower(${holder.email})`,
        eq(occasionBookings.holderIp, holder.ip),
      ),
    ),
    { orderBy: [asc(occasionBookings.id)], forUpdate: true },
  );
  if (live.length === 0) return [];
  return updateReservations(
    tx,
    inArray(
      occasionBookings.id,
      live.map((row) => row.id),
    ),
    { state: 'CANCELLED', cancelReason: 'replaced', updatedAt: now },
  );
}

/**
 * Ends the Checkout Sessions of replaced holds so they can no longer be paid. Best effort: a payment that
 * still gets through takes the late-payment path (seated if it fits, refunded otherwise).
 */
async function expireSessionsOf(deps: ChristmasDeps, holds: HeldCheckout[]): Promise<void> {
  const { payments } = deps;
  if (!payments) return;
  await Promise.all(
    holds.map(async ({ pid, stripeSessionId }) => {
      if (!stripeSessionId) return;
      try {
        await payments.expireCheckoutSession(stripeSessionId);
      } catch (error) {
        deps.log.warn({ err: error, pid }, 'could not expire the Checkout Session of a replaced checkout');
      }
    }),
  );
}

export function returnUrl(deps: ChristmasDeps, page: 'success' | 'cancel', pid: string): string {
  return `${deps.publicUrl}/christmas/${page}?pid=${encodeURIComponent(pid)}`;
}

/**
 * Validates, then in one transaction under the holder's and the sitting's locks releases the holder's earlier
 * checkout, checks the seats and creates the PENDING reservation that holds them; only then, outside the
 * transaction, expires the earlier checkout's session and asks the payment provider for a new one. Answers the
 * Checkout Session's address.
 *
 * A hold lives only for a guest who has that address: whatever stops it reaching them after the hold was made
 * (the provider failing, the session not being recorded, a newer checkout replacing this one, or `guestLeft`
 * aborting because the guest stopped waiting) releases the hold and expires the session before this returns.
 */
export async function startChristmasCheckout(
  deps: ChristmasDeps,
  request: ChristmasCheckoutRequest,
  holderIp: string,
  guestLeft?: AbortSignal,
): Promise<string> {
  const { now, payments, season } = deps;
  const invalid = checkRequest(request, deps);
  if (invalid) throw problemError(invalid);
  if (isPastOnlineCutoff(season, now)) throw unavailable(CHRISTMAS_MESSAGES.onlineClosed);
  if (!payments) {
    deps.log.error('Christmas checkout refused: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set');
    throw new DomainError('not-configured', CHECKOUT_ERRORS.notConfigured(deps.venue.phone));
  }

  const selections = tidySelections(request.selections, season);
  const amounts = christmasAmounts({ ...request, selections }, season);
  const expiresAt = new Date(now.getTime() + HOLD_DURATION_MS);
  // checkRequest has passed, so the sitting is a known one.
  const sittingId = normaliseSittingId(request.session, season) as SittingId;
  const holder: Holder = { email: request.email, ip: holderIp };
  const { reservation, replaced } = await deps.db.transaction(async (tx) => {
    await lockChristmasHolder(tx, holder);
    await lockChristmasSitting(tx, sittingId);
    // Released first, so a guest who starts again may take the seats their earlier checkout held.
    const replaced = await releaseHoldsOf(tx, holder, now);
    const availability = await christmasAvailability(tx, now, season);
    const problem = checkChristmasOrder(request, season, availability, deps.venue.phone);
    if (problem) throw problemError(problem);
    const row = await insertReservation(tx, {
      date: season.date,
      sittingLabel: sittingLabel(season, sittingId),
      pid: newPid(),
      sittingId,
      name: request.name,
      email: request.email,
      phone: request.phone,
      partyAdults: request.partyAdults,
      partyChildren: request.partyChildren,
      selections,
      allergies: request.allergies,
      occasionNotes: request.occasionNotes,
      specialNotes: request.specialNotes,
      totalPence: amounts.totalPence,
      depositPence: amounts.depositPence,
      utmSource: request.utmSource,
      holderIp,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    // Given when the guest sends the form, whether or not they go on to pay.
    if (request.marketingConsent) {
      await recordMarketingConsent(
        tx,
        { name: request.name, email: request.email, source: 'christmas' },
        now,
      );
    }
    return { reservation: row, replaced };
  });
  if (replaced.length > 0) {
    deps.log.info(
      { pid: reservation.pid, replaced: replaced.map((hold) => hold.pid) },
      'Christmas checkout replaced the same holder’s earlier one',
    );
  }

  const [session] = await Promise.all([
    openCheckoutSession(deps, payments, reservation, amounts.guests),
    expireSessionsOf(deps, replaced),
  ]);
  try {
    const [recorded] = await updateReservations(deps.db, eq(occasionBookings.id, reservation.id), {
      stripeSessionId: session.id,
      updatedAt: now,
    });
    // A newer checkout by the same holder replaced this one while its session was being created.
    if (recorded?.cancelReason === 'replaced') throw conflict(CHECKOUT_ERRORS.replaced);
    if (!session.url) {
      deps.log.error(
        { pid: reservation.pid, sessionId: session.id },
        'Checkout Session came back without a URL',
      );
      throw new DomainError('provider-failed', CHECKOUT_ERRORS.provider);
    }
    if (guestLeft?.aborted) {
      deps.log.info({ pid: reservation.pid }, 'the guest left before their checkout was answered');
      throw new DomainError('provider-failed', CHECKOUT_ERRORS.provider);
    }
    return session.url;
  } catch (error) {
    await abandonCheckout(deps, { pid: reservation.pid, stripeSessionId: session.id });
    throw error;
  }
}

/**
 * Ends a checkout whose address never reached the guest: its session can no longer be paid and its hold is
 * released. If the database cannot release it now, the hold still ends at its own expiry.
 */
async function abandonCheckout(deps: ChristmasDeps, hold: HeldCheckout): Promise<void> {
  await expireSessionsOf(deps, [hold]);
  try {
    await releaseHold(deps, { pid: hold.pid }, 'checkout_failed');
  } catch (error) {
    deps.log.error(
      { err: error, pid: hold.pid },
      'could not release the hold of an unanswered checkout; it ends when it expires',
    );
  }
}

/** The reservation's Checkout Session at the provider; if it cannot be created, the hold is released. */
async function openCheckoutSession(
  deps: ChristmasDeps,
  payments: Payments,
  reservation: ReservationRow,
  guests: number,
): Promise<CheckoutSession> {
  try {
    return await payments.createCheckoutSession({
      pid: reservation.pid,
      purpose: 'christmas',
      mode: 'payment',
      unitAmountPence: poundsToPence(deps.season.prices.depositPerGuest),
      quantity: guests,
      productName: `Christmas Day deposit — ${deps.venue.name}`,
      productDescription:
        `${formatLongDate(deps.season.date)}, ${sittingLabel(deps.season, reservation.sittingId)}: ` +
        'deposit per guest, taken off the bill on the day',
      customerEmail: reservation.email,
      expiresAt: reservation.expiresAt as Date,
      successUrl: returnUrl(deps, 'success', reservation.pid),
      cancelUrl: returnUrl(deps, 'cancel', reservation.pid),
    });
  } catch (error) {
    deps.log.error(
      { err: error, pid: reservation.pid },
      'Checkout Session could not be created; hold released',
    );
    await abandonCheckout(deps, { pid: reservation.pid, stripeSessionId: null });
    throw new DomainError('provider-failed', CHECKOUT_ERRORS.provider);
  }
}
