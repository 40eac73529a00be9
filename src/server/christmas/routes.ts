import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { christmasCheckoutSchema, pidSchema } from '../../shared/christmas/request.ts';
import { validationMessage } from '../http/validation.ts';
import { christmasAvailability } from './availability.ts';
import {
  cancelCheckout,
  demoCheckoutDetails,
  finalizeReservation,
  payDemoCheckout,
  pendingStatus,
  startChristmasCheckout,
} from './checkout.ts';
import type { ChristmasDeps } from './fulfilment.ts';

const RATE_LIMIT_MESSAGE = 'Too many checkout attempts. Please wait a few minutes, or call us.';
const UNKNOWN_RESERVATION = { error: 'We could not find that reservation.' };
/** The success page polls once a second; this allows a few tabs of it and nothing like a scan. */
const PID_ROUTE_LIMIT = { max: 120, timeWindow: '1 minute' };

function tooManyAttempts(): Error & { statusCode: number } {
  return Object.assign(new Error(RATE_LIMIT_MESSAGE), { statusCode: 429 });
}

/** The Christmas services' view of the app, with the clock read once per request. */
export function christmasDeps(app: FastifyInstance): ChristmasDeps {
  return {
    db: app.db,
    payments: app.payments,
    mail: app.mail,
    log: app.log,
    now: app.clock(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
  };
}

const pidParams = z.object({ pid: pidSchema });

export const christmasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/christmas/availability', async () => christmasAvailability(app.db, app.clock()));

  app.post(
    '/api/stripe/create-checkout-session',
    {
      schema: { body: christmasCheckoutSchema },
      // The schema's messages are written for guests: answer with them as they are.
      attachValidation: true,
      config: {
        rateLimit: {
          max: app.config.checkoutRateLimitPer15Min,
          timeWindow: '15 minutes',
          errorResponseBuilder: tooManyAttempts,
        },
      },
    },
    async (request, reply) => {
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const outcome = await startChristmasCheckout(christmasDeps(app), request.body);
      if (outcome.kind === 'rejected') return reply.code(outcome.statusCode).send({ error: outcome.error });
      return reply.code(201).send({ url: outcome.url });
    },
  );

  app.get(
    '/api/christmas/pending/:pid',
    { schema: { params: pidParams }, config: { rateLimit: PID_ROUTE_LIMIT } },
    async (request, reply) => {
      const status = await pendingStatus(christmasDeps(app), request.params.pid);
      if (!status) return reply.code(404).send(UNKNOWN_RESERVATION);
      return status;
    },
  );

  app.post(
    '/api/christmas/finalize/:pid',
    { schema: { params: pidParams }, config: { rateLimit: PID_ROUTE_LIMIT } },
    async (request, reply) => {
      const outcome = await finalizeReservation(christmasDeps(app), request.params.pid);
      switch (outcome.kind) {
        case 'confirmed':
          return reply.send(outcome.status);
        case 'not-found':
          return reply.code(404).send(UNKNOWN_RESERVATION);
        case 'rejected':
          return reply.code(outcome.statusCode).send({ error: outcome.error, state: outcome.state });
      }
    },
  );

  app.post(
    '/api/christmas/cancel/:pid',
    { schema: { params: pidParams }, config: { rateLimit: PID_ROUTE_LIMIT } },
    async (request, reply) => {
      const status = await cancelCheckout(christmasDeps(app), request.params.pid);
      if (!status) return reply.code(404).send(UNKNOWN_RESERVATION);
      return reply.send(status);
    },
  );

  // The demo checkout exists only while the demo provider stands in for Stripe.
  app.get(
    '/api/christmas/demo-checkout/:pid',
    { schema: { params: pidParams }, config: { rateLimit: PID_ROUTE_LIMIT } },
    async (request, reply) => {
      const details =
        app.payments?.kind === 'demo'
          ? await demoCheckoutDetails(christmasDeps(app), request.params.pid)
          : null;
      if (!details) return reply.code(404).send(UNKNOWN_RESERVATION);
      return details;
    },
  );

  app.post(
    '/api/christmas/demo-checkout/:pid/pay',
    { schema: { params: pidParams }, config: { rateLimit: PID_ROUTE_LIMIT } },
    async (request, reply) => {
      const outcome = await payDemoCheckout(christmasDeps(app), request.params.pid);
      switch (outcome.kind) {
        case 'paid':
          return reply.send({ url: outcome.url });
        case 'not-found':
          return reply.code(404).send(UNKNOWN_RESERVATION);
        case 'rejected':
          return reply.code(409).send({ error: outcome.error });
      }
    },
  );
};
