import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingCreatedSchema, bookingRequestSchema, idempotencyKeySchema } from '#shared/booking/schemas.ts';
import { paymentStartSchema } from '#shared/deposits/payment-schemas.ts';
import { checkoutStillOpen, openPaymentCheckout } from '../deposits/checkout.ts';
import { depositDeps } from '../deposits/deps.ts';
import { errorBody } from '../http/error-mapper.ts';
import { guestFormConfig } from '../http/route-parts.ts';
import { createBooking } from './service.ts';

/** A guest who has tried to book too often (a table, an occasion). */
export const TOO_MANY_BOOKING_ATTEMPTS = 'Too many booking attempts. Please wait a few minutes, or call us.';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        body: bookingRequestSchema,
        // Loose: the other headers must stay on the request.
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: {
          201: bookingCreatedSchema.extend({ payment: paymentStartSchema.optional() }),
          400: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
      config: guestFormConfig(app.config.bookingRateLimitPer15Min, TOO_MANY_BOOKING_ATTEMPTS),
    },
    async (request, reply) => {
      const outcome = await createBooking(app.db, request.body, {
        now: app.clock(),
        idempotencyKey: request.headers['idempotency-key'],
        content: await app.content.current(),
        pubNotifyEmail: app.config.pubNotifyEmail,
        publicUrl: app.config.publicUrl,
        takesPayments: app.payments !== null,
      });
      if (outcome.kind === 'replayed') {
        reply.header('idempotent-replayed', 'true');
        const payment = await checkoutStillOpen(await depositDeps(app), outcome.booking._id);
        return reply.code(201).send({ ...outcome.booking, ...(payment ? { payment } : {}) });
      }
      app.mail.nudge();
      const { booking, manageUrl, payment } = outcome;
      if (!payment) return reply.code(201).send({ ...booking, manageUrl });
      // Outside the booking's transaction: Stripe is never called holding the lock.
      const started = await openPaymentCheckout(await depositDeps(app), payment, booking);
      return reply.code(201).send({ ...booking, manageUrl, payment: started });
    },
  );
};
