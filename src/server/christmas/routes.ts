import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRedirectSchema,
  christmasAvailabilitySchema,
  christmasCheckoutSchema,
  demoCheckoutDetailsSchema,
  pendingStatusSchema,
  pidSchema,
  reservationStateSchema,
} from '#shared/christmas/schemas.ts';
import { christmasSeasonOf } from '#shared/christmas/season.ts';
import { errorBody } from '../http/error-mapper.ts';
import { cachedRead } from '../lib/cached-read.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import {
  availabilityFromCounts,
  CHRISTMAS_SEAT_TABLES,
  loadSeats,
  type SeatLoad,
  seatCountsFrom,
} from './availability.ts';
import { startChristmasCheckout } from './checkout.ts';
import { cancelCheckout, finalizeReservation, pendingStatus } from './checkout-status.ts';
import { demoCheckoutDetails, payDemoCheckout } from './demo-checkout.ts';
import type { ChristmasDeps } from './fulfilment.ts';

const RATE_LIMIT_MESSAGE = 'Too many checkout attempts. Please wait a few minutes, or call us.';
/** The success page polls once a second; this allows a few tabs of it and nothing like a scan. */
const PID_ROUTE_LIMIT = { max: 120, timeWindow: '1 minute' };
/** A refused finalize says where the reservation stands, so the success page knows whether to keep waiting. */
const finalizeRefusal = errorBody.extend({ state: reservationStateSchema });

/** The Christmas services' view of the app, with the clock read once per request. */
export async function christmasDeps(app: FastifyInstance): Promise<ChristmasDeps> {
  const content = await app.content.current();
  return {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    log: app.log,
    now: app.clock(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
    season: christmasSeasonOf(content['christmas-season'], content['christmas-menu']),
    venue: content.venue,
  };
}

/** The routes of one reservation, named by its pid: rate-limited, a malformed pid refused. */
const pidRoute = {
  params: z.object({ pid: pidSchema }),
  config: { rateLimit: PID_ROUTE_LIMIT },
  errors: { 400: errorBody, 404: errorBody, 429: errorBody },
};

export const christmasRoutes: FastifyPluginAsyncZod = async (app) => {
  // The seats from memory until a booking, hold or closure changes (issue 20); a checkout counts again
  // under its lock.
  const seatsFromMemory = cachedRead<void, SeatLoad>(app.tableChanges, CHRISTMAS_SEAT_TABLES, () =>
    loadSeats(app.db, app.clock()),
  );

  app.get(
    '/api/christmas/availability',
    { schema: { response: { 200: christmasAvailabilitySchema } } },
    async () => {
      const now = app.clock();
      const season = (await app.content.current())['christmas-season'];
      return availabilityFromCounts(seatCountsFrom(await seatsFromMemory(), now, season));
    },
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      schema: {
        body: christmasCheckoutSchema,
        response: {
          201: checkoutRedirectSchema,
          400: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
      config: {
        // The schema's messages are written for guests: answer with them as they are.
        plainValidationMessages: true,
        rateLimit: {
          max: app.config.checkoutRateLimitPer15Min,
          timeWindow: '15 minutes',
          errorResponseBuilder: () => tooManyAttempts(RATE_LIMIT_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      // A guest who stops waiting never gets the payment page: their hold must not keep the seats.
      const guestLeft = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) guestLeft.abort();
      });
      const url = await startChristmasCheckout(
        await christmasDeps(app),
        request.body,
        request.ip,
        guestLeft.signal,
      );
      return reply.code(201).send({ url });
    },
  );

  app.get(
    '/api/christmas/pending/:pid',
    {
      schema: { params: pidRoute.params, response: { 200: pendingStatusSchema, ...pidRoute.errors } },
      config: pidRoute.config,
    },
    async (request) => pendingStatus(await christmasDeps(app), request.params.pid),
  );

  app.post(
    '/api/christmas/finalize/:pid',
    {
      schema: {
        params: pidRoute.params,
        response: {
          200: pendingStatusSchema,
          ...pidRoute.errors,
          409: finalizeRefusal,
          502: finalizeRefusal,
        },
      },
      config: pidRoute.config,
    },
    async (request) => finalizeReservation(await christmasDeps(app), request.params.pid),
  );

  app.post(
    '/api/christmas/cancel/:pid',
    {
      schema: { params: pidRoute.params, response: { 200: pendingStatusSchema, ...pidRoute.errors } },
      config: pidRoute.config,
    },
    async (request) => cancelCheckout(await christmasDeps(app), request.params.pid),
  );

  // The demo checkout exists only while the demo provider stands in for Stripe.
  app.get(
    '/api/christmas/demo-checkout/:pid',
    {
      schema: { params: pidRoute.params, response: { 200: demoCheckoutDetailsSchema, ...pidRoute.errors } },
      config: pidRoute.config,
    },
    async (request) => demoCheckoutDetails(await christmasDeps(app), request.params.pid),
  );

  app.post(
    '/api/christmas/demo-checkout/:pid/pay',
    {
      schema: {
        params: pidRoute.params,
        response: { 200: checkoutRedirectSchema, ...pidRoute.errors, 409: errorBody },
      },
      config: pidRoute.config,
    },
    async (request) => ({ url: await payDemoCheckout(await christmasDeps(app), request.params.pid) }),
  );
};
