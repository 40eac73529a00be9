import type { ChristmasConfirmation, PendingStatus } from '#shared/christmas/checkout-schemas.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { conflict, DomainError, notFound } from '../lib/errors.ts';
import type { CheckoutSession } from '../payments/payments.ts';
import { CHECKOUT_ERRORS } from './checkout.ts';
import {
  type ChristmasDeps,
  confirmationFor,
  confirmationOf,
  findReservation,
  fulfilCheckout,
  isPaid,
  releaseHold,
} from './fulfilment.ts';
import type { ReservationRow } from './store.ts';

/** Where a checkout stands once the guest is back from paying, or cancelling: polled, finalized or cancelled. */

export const reservationNotFound = () => notFound(CHRISTMAS_MESSAGES.unknownReservation);

/** The reservation of a pid in a URL: a pid that names none is not found. */
export async function reservationOf(deps: ChristmasDeps, pid: string): Promise<ReservationRow> {
  const reservation = await findReservation(deps.db, pid);
  if (!reservation) throw reservationNotFound();
  return reservation;
}

async function sessionOf(deps: ChristmasDeps, reservation: ReservationRow): Promise<CheckoutSession | null> {
  if (!deps.payments || !reservation.stripeSessionId) return null;
  return deps.payments.retrieveCheckoutSession(reservation.stripeSessionId);
}

/**
 * The state the success page polls (spec §4). A reservation still PENDING here whose Checkout Session has
 * completed is reported PAID_AWAITING: paid at Stripe, our confirmation not yet made (the webhook is on
 * its way, or lost — the page then calls finalize). Nothing is written.
 */
export async function pendingStatus(deps: ChristmasDeps, pid: string): Promise<PendingStatus> {
  const reservation = await reservationOf(deps, pid);
  if (reservation.state === 'PAID_CONFIRMED') {
    const confirmation = await confirmationFor(deps.db, reservation);
    return { state: 'PAID_CONFIRMED', reference: confirmation.reference, confirmation };
  }
  if (reservation.state !== 'PENDING') return { state: reservation.state };
  try {
    const session = await sessionOf(deps, reservation);
    if (session?.status === 'complete') return { state: 'PAID_AWAITING' };
    if (session?.status === 'expired') return { state: 'CANCELLED' };
  } catch (error) {
    deps.log.warn({ err: error, pid }, 'could not ask the payment provider about a pending reservation');
  }
  return { state: reservation.expiresAt && reservation.expiresAt > deps.now ? 'PENDING' : 'CANCELLED' };
}

function confirmedStatus(confirmation: ChristmasConfirmation): PendingStatus {
  return { state: 'PAID_CONFIRMED', reference: confirmation.reference, confirmation };
}

/**
 * POST finalize (spec §7): asks the provider for the session and fulfils it if it is paid. A refusal carries
 * the reservation's state, so the success page knows whether to keep waiting.
 */
export async function finalizeReservation(deps: ChristmasDeps, pid: string): Promise<PendingStatus> {
  const reservation = await reservationOf(deps, pid);
  if (reservation.state === 'PAID_CONFIRMED') {
    return confirmedStatus(await confirmationFor(deps.db, reservation));
  }
  const { state } = reservation;
  let session: CheckoutSession | null;
  try {
    session = await sessionOf(deps, reservation);
  } catch (error) {
    deps.log.warn({ err: error, pid }, 'finalize could not reach the payment provider');
    throw new DomainError('provider-failed', CHECKOUT_ERRORS.providerUnreachable, { state });
  }
  if (!session || !isPaid(session)) throw conflict(CHECKOUT_ERRORS.notPaid, { state });
  const outcome = await fulfilCheckout(deps, session);
  if (outcome.kind !== 'confirmed') throw conflict(CHECKOUT_ERRORS.declined, { state: 'CANCELLED' });
  return confirmedStatus(confirmationOf(outcome.booking));
}

/**
 * The cancel URL: the Checkout Session is expired first, so it can no longer be paid, then the hold is
 * released. A session that turns out to be complete was paid after all: it is fulfilled instead.
 */
export async function cancelCheckout(deps: ChristmasDeps, pid: string): Promise<PendingStatus> {
  const reservation = await reservationOf(deps, pid);
  if (reservation.state === 'PENDING') {
    let session: CheckoutSession | null = null;
    try {
      session =
        deps.payments && reservation.stripeSessionId
          ? await deps.payments.expireCheckoutSession(reservation.stripeSessionId)
          : null;
    } catch (error) {
      // The hold goes anyway: a payment that still arrives takes the late-payment path.
      deps.log.warn({ err: error, pid }, 'could not expire the Checkout Session of a cancelled checkout');
    }
    if (session && isPaid(session)) await fulfilCheckout(deps, session);
    else if (session?.status !== 'complete') await releaseHold(deps, { pid }, 'cancelled');
  }
  return pendingStatus(deps, pid);
}
