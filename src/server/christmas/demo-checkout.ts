import type { DemoCheckoutDetails } from '#shared/christmas/checkout-schemas.ts';
import { sittingLabel } from '#shared/christmas/sittings.ts';
import { poundsToPence } from '#shared/money/money.ts';
import { conflict } from '../lib/errors.ts';
import { DemoCheckoutError } from '../payments/demo-payments.ts';
import type { CheckoutSession } from '../payments/payments.ts';
import { returnUrl } from './checkout.ts';
import { pendingStatus, reservationNotFound, reservationOf } from './checkout-status.ts';
import { type ChristmasDeps, findReservation, fulfilCheckout } from './fulfilment.ts';

/** What the demo checkout page shows: the amount, the party and the sitting; nothing while Stripe is in use. */
export async function demoCheckoutDetails(deps: ChristmasDeps, pid: string): Promise<DemoCheckoutDetails> {
  if (deps.payments?.kind !== 'demo') throw reservationNotFound();
  const reservation = await reservationOf(deps, pid);
  const status = await pendingStatus(deps, pid);
  return {
    state: status.state,
    sittingLabel: sittingLabel(deps.season, reservation.sittingId),
    date: deps.season.date,
    partyAdults: reservation.partyAdults,
    partyChildren: reservation.partyChildren,
    depositPerGuestPence: poundsToPence(deps.season.prices.depositPerGuest),
    depositPence: reservation.depositPence,
    totalPence: reservation.totalPence,
    email: reservation.email,
    // A payment settling has no hold end: its page shows when it was paid.
    expiresAt: (reservation.expiresAt ?? reservation.updatedAt).toISOString(),
    cancelUrl: returnUrl(deps, 'cancel', pid),
  };
}

/**
 * The demo page's Pay: the demo session completes as paid, then the same fulfilment as a webhook runs.
 * Answers the success page's address.
 */
export async function payDemoCheckout(deps: ChristmasDeps, pid: string): Promise<string> {
  const reservation = await findReservation(deps.db, pid);
  if (!reservation?.stripeSessionId || deps.payments?.kind !== 'demo') throw reservationNotFound();
  let session: CheckoutSession;
  try {
    session = deps.payments.pay(reservation.stripeSessionId);
  } catch (error) {
    if (error instanceof DemoCheckoutError) throw conflict(error.message);
    throw error;
  }
  await fulfilCheckout(deps, session);
  return returnUrl(deps, 'success', pid);
}
