import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import {
  occasionBookingRequestSchema,
  occasionBookingStartedSchema,
  occasionCancelledSchema,
  occasionCheckoutStateSchema,
  occasionDemoCheckoutSchema,
  occasionListSchema,
  occasionPageSchema,
  occasionSlugSchema,
} from '#shared/occasions/api.ts';
import { OCCASION_CANCEL_MESSAGES } from '#shared/occasions/messages.ts';
import { GUEST } from '../audit/trail.ts';
import { TOO_MANY_BOOKING_ATTEMPTS } from '../booking/routes.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig, pidRoute } from '../http/route-parts.ts';
import { notFound } from '../lib/errors.ts';
import { paymentServiceDeps } from '../payments/service-deps.ts';
import { type OccasionDeps, startOccasionBooking } from './booking.ts';
import { cancelOccasionBooking } from './cancellation.ts';
import { checkoutState, demoCheckout, payDemoCheckout, releaseCheckout } from './checkout-state.ts';
import { occasionPage, publishedOccasions } from './listing.ts';
import { bookingByOrganiserToken } from './organiser-links.ts';

/** A booking refused: by the booking rule, its field named; or a body not parsed, or a clash, with the message only. */
export const bookingRefusal = refusalBody;

/**
 * The occasion services' view of the app, with the clock read once per request: the occasions they sell, which
 * are all but Christmas Day (booked at /christmas by its own rules).
 */
export async function occasionDeps(app: FastifyInstance): Promise<OccasionDeps> {
  const content = await app.content.current();
  return {
    ...paymentServiceDeps(app),
    occasions: setMenuOccasions(content.occasions.occasions),
    venue: content.venue,
  };
}

/** Public occasion pages' data and the organiser's booking, checkout and cancellation (issue 30). */
export const occasionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/occasions', { schema: { response: { 200: occasionListSchema } } }, async () =>
    publishedOccasions((await app.content.current()).occasions.occasions, app.clock()),
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
      config: guestFormConfig(app.config.checkoutRateLimitPer15Min, TOO_MANY_BOOKING_ATTEMPTS),
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
