import type { OccasionDemoCheckout } from '#shared/occasions/api.ts';
import { checkoutCancelPath, checkoutReturnPath } from '#shared/occasions/links.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { isTicketed, refundableUntil } from '#shared/occasions/rules.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { DemoCheckoutError } from '../payments/demo-payments.ts';
import type { CheckoutSession } from '../payments/payments.ts';
import { type OccasionDeps, organiserUrl, releaseHeld } from './booking.ts';
import { bookingByPid, fulfilOccasionCheckout, isPaid } from './fulfilment.ts';
import { issueOrganiserToken, type OccasionBookingRow } from './organiser-links.ts';

/* A checkout as the guest's browser follows it: its state, the cancel URL's release, and the demo payment page. */

async function checkoutBooking(deps: OccasionDeps, pid: string): Promise<OccasionBookingRow> {
  const booking = await bookingByPid(deps, pid);
  if (!booking) throw notFound(OCCASION_BOOKING_MESSAGES.unknownCheckout);
  return booking;
}

/**
 * Where a checkout stands, for the return page. A HELD booking whose session has been paid is fulfilled here
 * (the webhook may be late or lost); a CONFIRMED one answers a fresh organiser link, the pid being the secret
 * of the browser that paid.
 */
export async function checkoutState(deps: OccasionDeps, pid: string) {
  let booking = await checkoutBooking(deps, pid);
  if (booking.status === 'HELD' && deps.payments && booking.stripeSessionId) {
    let session: CheckoutSession | null = null;
    try {
      session = await deps.payments.retrieveCheckoutSession(booking.stripeSessionId);
    } catch (error) {
      deps.log.warn({ err: error, pid }, 'could not ask the payment provider about an occasion checkout');
    }
    if (session && isPaid(session)) {
      await fulfilOccasionCheckout(deps, session);
      booking = await checkoutBooking(deps, pid);
    }
  }
  if (booking.status === 'CONFIRMED') {
    const token = await issueOrganiserToken(deps.db, booking.id, deps.now);
    return { status: booking.status, organiserUrl: organiserUrl(deps, token) };
  }
  const lapsed =
    booking.status === 'HELD' && booking.holdExpiresAt !== null && booking.holdExpiresAt <= deps.now;
  return { status: lapsed ? ('EXPIRED' as const) : booking.status, organiserUrl: null };
}

/**
 * The cancel URL: the session is expired first, so it can no longer be paid, then the seats are given back. A
 * session found paid after all is fulfilled instead.
 */
export async function releaseCheckout(deps: OccasionDeps, pid: string) {
  const booking = await checkoutBooking(deps, pid);
  if (booking.status === 'HELD') {
    let session: CheckoutSession | null = null;
    try {
      session =
        deps.payments && booking.stripeSessionId
          ? await deps.payments.expireCheckoutSession(booking.stripeSessionId)
          : null;
    } catch (error) {
      deps.log.warn({ err: error, pid }, 'could not expire the Checkout Session of a released occasion hold');
    }
    if (session && isPaid(session)) await fulfilOccasionCheckout(deps, session);
    else if (session?.status !== 'complete') await releaseHeld(deps, { pid }, 'cancelled');
  }
  return checkoutState(deps, pid);
}

export async function demoCheckout(deps: OccasionDeps, pid: string): Promise<OccasionDemoCheckout> {
  if (deps.payments?.kind !== 'demo') throw notFound(OCCASION_BOOKING_MESSAGES.unknownCheckout);
  const booking = await checkoutBooking(deps, pid);
  const occasion = deps.occasions.find((candidate) => candidate.slug === booking.occasionSlug);
  const lapsed =
    booking.status === 'HELD' && booking.holdExpiresAt !== null && booking.holdExpiresAt <= deps.now;
  return {
    status: lapsed ? 'EXPIRED' : booking.status,
    occasionName: booking.occasionName,
    ticketed: occasion ? isTicketed(occasion) : false,
    date: booking.date,
    sittingLabel: booking.sittingLabel,
    adults: booking.partyAdults,
    children: booking.partyChildren,
    amountPence: booking.amountDuePence,
    refundableUntil: occasion
      ? (refundableUntil(occasion, booking.date, deps.now)?.toISOString() ?? null)
      : null,
    email: booking.email,
    cancelUrl: `${deps.publicUrl}${checkoutCancelPath(pid)}`,
  };
}

/** The demo page's Pay: the demo session completes as paid, then the same fulfilment as a webhook's. */
export async function payDemoCheckout(deps: OccasionDeps, pid: string): Promise<string> {
  const booking = await bookingByPid(deps, pid);
  if (!booking?.stripeSessionId || deps.payments?.kind !== 'demo') {
    throw notFound(OCCASION_BOOKING_MESSAGES.unknownCheckout);
  }
  let session: CheckoutSession;
  try {
    session = deps.payments.pay(booking.stripeSessionId);
  } catch (error) {
    if (error instanceof DemoCheckoutError) throw conflict(OCCASION_BOOKING_MESSAGES.checkoutOver);
    throw error;
  }
  await fulfilOccasionCheckout(deps, session);
  return `${deps.publicUrl}${checkoutReturnPath(pid)}`;
}
