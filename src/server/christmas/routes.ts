import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ChristmasAvailability,
  checkoutRedirectSchema,
  christmasAvailabilitySchema,
  christmasCheckoutSchema,
  demoCheckoutDetailsSchema,
  pendingStatusSchema,
  reservationStateSchema,
} from '#shared/christmas/checkout-schemas.ts';
import { type ChristmasDay, christmasSeasonSchema } from '#shared/christmas/season-schema.ts';
import { errorBody } from '../http/error-mapper.ts';
import { preparedJsonAnswers, sendPrepared } from '../http/prepared-answer.ts';
import { errorAnswers, guestFormConfig, pidRoute } from '../http/route-parts.ts';
import { cachedRead } from '../lib/cached-read.ts';
import { inputsMemo } from '../lib/inputs-memo.ts';
import { paymentServiceDeps } from '../payments/service-deps.ts';
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
import { christmasSeasonIn } from './season.ts';

const RATE_LIMIT_MESSAGE = 'Too many checkout attempts. Please wait a few minutes, or call us.';
/** A refused finalize says where the reservation stands, so the success page knows whether to keep waiting. */
const finalizeRefusal = errorBody.extend({ state: reservationStateSchema });

/** The Christmas services' view of the app, with the clock read once per request. */
export async function christmasDeps(app: FastifyInstance): Promise<ChristmasDeps> {
  const content = await app.content.current();
  return {
    ...paymentServiceDeps(app),
    season: christmasSeasonIn(content),
    venue: content.venue,
  };
}

export const christmasRoutes: FastifyPluginAsyncZod = async (app) => {
  // The seats from memory until a booking, hold or closure changes (issue 20); a checkout counts again
  // under its lock.
  const seatsFromMemory = cachedRead<void, SeatLoad>(app.tableChanges, CHRISTMAS_SEAT_TABLES, () =>
    loadSeats(app.db, app.clock()),
  );

  const preparedAvailability = preparedJsonAnswers(christmasAvailabilitySchema);
  // The answer itself while the seats, the season and the second are the same (a hold lapses to the second).
  const answers = inputsMemo<[SeatLoad, ChristmasDay, number], ChristmasAvailability>(1);

  app.get('/api/christmas/season', { schema: { response: { 200: christmasSeasonSchema } } }, async () =>
    christmasSeasonIn(await app.content.current()),
  );

  app.get(
    '/api/christmas/availability',
    { schema: { response: { 200: christmasAvailabilitySchema } } },
    async (request, reply) => {
      const now = app.clock();
      const season = christmasSeasonIn(await app.content.current());
      const from: [SeatLoad, ChristmasDay, number] = [
        await seatsFromMemory(),
        season,
        Math.floor(now.getTime() / 1000),
      ];
      const availability =
        answers.find('', from) ??
        answers.keep('', from, availabilityFromCounts(seatCountsFrom(from[0], now, season)));
      return sendPrepared(request, reply, preparedAvailability(availability));
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
      config: guestFormConfig(app.config.checkoutRateLimitPer15Min, RATE_LIMIT_MESSAGE),
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

  app.get('/api/christmas/pending/:pid', pidRoute({ 200: pendingStatusSchema }), async (request) =>
    pendingStatus(await christmasDeps(app), request.params.pid),
  );

  app.post(
    '/api/christmas/finalize/:pid',
    pidRoute({ 200: pendingStatusSchema, 409: finalizeRefusal, 502: finalizeRefusal }),
    async (request) => finalizeReservation(await christmasDeps(app), request.params.pid),
  );

  app.post('/api/christmas/cancel/:pid', pidRoute({ 200: pendingStatusSchema }), async (request) =>
    cancelCheckout(await christmasDeps(app), request.params.pid),
  );

  // The demo checkout exists only while the demo provider stands in for Stripe.
  app.get(
    '/api/christmas/demo-checkout/:pid',
    pidRoute({ 200: demoCheckoutDetailsSchema }),
    async (request) => demoCheckoutDetails(await christmasDeps(app), request.params.pid),
  );

  app.post(
    '/api/christmas/demo-checkout/:pid/pay',
    pidRoute({ 200: checkoutRedirectSchema, ...errorAnswers(409) }),
    async (request) => ({ url: await payDemoCheckout(await christmasDeps(app), request.params.pid) }),
  );
};
