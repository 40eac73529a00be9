import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type OccasionDemoCheckout,
  type OccasionSummary,
  occasionBookingRequestSchema,
  occasionBookingStartedSchema,
  occasionCancelledSchema,
  occasionCheckoutStateSchema,
  occasionDemoCheckoutSchema,
  occasionListSchema,
  occasionPageSchema,
  occasionSlugSchema,
} from '#shared/occasions/api.ts';
import { checkoutCancelPath, checkoutReturnPath } from '#shared/occasions/links.ts';
import { OCCASION_BOOKING_MESSAGES, OCCASION_CANCEL_MESSAGES } from '#shared/occasions/messages.ts';
import {
  fromPricePence,
  isTicketed,
  occasionDates,
  onlineBookingCloses,
  preOrderDeadline,
  refundCutoff,
} from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { GUEST } from '../audit/trail.ts';
import { errorBody, fieldErrorBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig, pidRoute } from '../http/route-parts.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { DemoCheckoutError } from '../payments/demo-payments.ts';
import type { CheckoutSession } from '../payments/payments.ts';
import { paymentServiceDeps } from '../payments/service-deps.ts';
import { occasionSeats } from './availability.ts';
import {
  findOccasion,
  type OccasionDeps,
  organiserUrl,
  releaseHeld,
  startOccasionBooking,
} from './booking.ts';
import { cancelOccasionBooking } from './cancellation.ts';
import { bookingByPid, fulfilOccasionCheckout, isPaid } from './fulfilment.ts';
import { bookingByOrganiserToken, issueOrganiserToken, type OccasionBookingRow } from './organiser-links.ts';

/** A booking refused: by the booking rule, its field named; or a body not parsed, or a clash, with the message only. */
export const bookingRefusal = z.union([fieldErrorBody, errorBody]);

const RATE_LIMIT_MESSAGE = 'Too many booking attempts. Please wait a few minutes, or call us.';

/** The occasion services' view of the app, with the clock read once per request. */
export async function occasionDeps(app: FastifyInstance): Promise<OccasionDeps> {
  const content = await app.content.current();
  return { ...paymentServiceDeps(app), occasions: content.occasions.occasions, venue: content.venue };
}

/** The dates of an occasion from today (London) on. */
function datesToCome(occasion: Occasion, now: Date): string[] {
  const today = londonToday(now);
  return occasionDates(occasion).filter((date) => date >= today);
}

function summaryOf(occasion: Occasion, dates: string[]): OccasionSummary {
  return {
    slug: occasion.slug,
    name: occasion.name,
    summary: occasion.summary,
    firstDate: dates[0] as string,
    lastDate: dates.at(-1) as string,
    fromPricePence: fromPricePence(occasion),
    featured: occasion.featured,
    ticketed: isTicketed(occasion),
  };
}

/** What's On's list (and its server-rendered page): the published occasions with a date to come. */
export function publishedOccasions(occasions: readonly Occasion[], now: Date): OccasionSummary[] {
  return occasions.flatMap((occasion) => {
    const dates = occasion.published ? datesToCome(occasion, now) : [];
    return dates.length > 0 ? [summaryOf(occasion, dates)] : [];
  });
}

/** An occasion's page (and its server-rendered page): the published occasion and its dates to come with their seats. */
export async function occasionPage(deps: OccasionDeps, slug: string) {
  const occasion = findOccasion(deps, slug);
  const { now } = deps;
  const dates = await occasionSeats(deps.db, now, occasion, datesToCome(occasion, now));
  return {
    occasion,
    dates: dates.map(({ date, sittings }) => ({
      date,
      preOrderDeadline: preOrderDeadline(occasion, date).toISOString(),
      refundCutoff: refundCutoff(occasion, date).toISOString(),
      bookable: occasion.sittings.some((sitting) => now < onlineBookingCloses(occasion, date, sitting.start)),
      sittings: sittings.map(({ sittingId, seats, remaining, closed }) => ({
        sittingId,
        seats,
        remaining,
        closed,
      })),
    })),
  };
}

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
async function checkoutState(deps: OccasionDeps, pid: string) {
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
async function releaseCheckout(deps: OccasionDeps, pid: string) {
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
    else if (session?.status !== 'complete') await releaseHeld(deps, { pid });
  }
  return checkoutState(deps, pid);
}

async function demoCheckout(deps: OccasionDeps, pid: string): Promise<OccasionDemoCheckout> {
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
    email: booking.email,
    cancelUrl: `${deps.publicUrl}${checkoutCancelPath(pid)}`,
  };
}

/** The demo page's Pay: the demo session completes as paid, then the same fulfilment as a webhook's. */
async function payDemoCheckout(deps: OccasionDeps, pid: string): Promise<string> {
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

/** Public occasion pages' data and the organiser's booking, checkout and cancellation (issue 30). */
export const occasionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/occasions', { schema: { response: { 200: occasionListSchema } } }, async () =>
    publishedOccasions((await occasionDeps(app)).occasions, app.clock()),
  );

  app.get(
    '/api/occasions/:slug',
    {
      schema: {
        params: z.object({ slug: z.string() }),
        response: { 200: occasionPageSchema, ...errorAnswers(404) },
      },
    },
    async (request) => occasionPage(await occasionDeps(app), request.params.slug),
  );

  app.post(
    '/api/occasions/:slug/bookings',
    {
      schema: {
        params: z.object({ slug: occasionSlugSchema }),
        body: occasionBookingRequestSchema,
        response: {
          201: occasionBookingStartedSchema,
          ...errorAnswers(404, 429, 502, 503),
          400: bookingRefusal,
          409: bookingRefusal,
        },
      },
      config: guestFormConfig(app.config.checkoutRateLimitPer15Min, RATE_LIMIT_MESSAGE),
    },
    async (request, reply) => {
      // A guest who stops waiting never gets the payment page: their hold must not keep the seats.
      const guestLeft = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) guestLeft.abort();
      });
      const url = await startOccasionBooking(
        await occasionDeps(app),
        request.params.slug,
        request.body,
        request.ip,
        guestLeft.signal,
      );
      return reply.code(201).send({ url });
    },
  );

  app.get('/api/occasions/checkouts/:pid', pidRoute({ 200: occasionCheckoutStateSchema }), async (request) =>
    checkoutState(await occasionDeps(app), request.params.pid),
  );

  app.post(
    '/api/occasions/checkouts/:pid/release',
    pidRoute({ 200: occasionCheckoutStateSchema }),
    async (request) => releaseCheckout(await occasionDeps(app), request.params.pid),
  );

  // The demo checkout exists only while the demo provider stands in for Stripe.
  app.get(
    '/api/occasions/checkouts/:pid/demo',
    pidRoute({ 200: occasionDemoCheckoutSchema }),
    async (request) => demoCheckout(await occasionDeps(app), request.params.pid),
  );

  app.post(
    '/api/occasions/checkouts/:pid/demo-pay',
    pidRoute({ 200: occasionBookingStartedSchema, ...errorAnswers(409) }),
    async (request) => ({ url: await payDemoCheckout(await occasionDeps(app), request.params.pid) }),
  );

  app.post(
    '/api/occasions/organiser/:token/cancel',
    {
      schema: {
        params: z.object({ token: z.string() }),
        response: { 200: occasionCancelledSchema, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const deps = await occasionDeps(app);
      const booking = await bookingByOrganiserToken(deps.db, request.params.token);
      if (!booking) throw notFound(OCCASION_CANCEL_MESSAGES.unknownLink);
      return cancelOccasionBooking(deps, booking.id, { by: 'guest', actor: GUEST, refund: 'terms' });
    },
  );
};
