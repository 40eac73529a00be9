import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingCreatedSchema, bookingRequestSchema, idempotencyKeySchema } from '#shared/booking/schemas.ts';
import { errorBody } from '../http/error-mapper.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { createBooking } from './service.ts';

const RATE_LIMIT_MESSAGE = 'Too many booking attempts. Please wait a few minutes, or call us.';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        body: bookingRequestSchema,
        // Loose: the other headers must stay on the request.
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
        response: {
          201: bookingCreatedSchema,
          400: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
      config: {
        // The schema's own messages are written for guests: answer with them as they are.
        plainValidationMessages: true,
        rateLimit: {
          max: app.config.bookingRateLimitPer15Min,
          timeWindow: '15 minutes',
          errorResponseBuilder: () => tooManyAttempts(RATE_LIMIT_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const outcome = await createBooking(app.db, request.body, {
        now: app.clock(),
        idempotencyKey: request.headers['idempotency-key'],
        content: await app.content.current(),
        pubNotifyEmail: app.config.pubNotifyEmail,
        publicUrl: app.config.publicUrl,
      });
      if (outcome.kind === 'replayed') {
        reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(outcome.booking);
      }
      app.mail.nudge();
      return reply.code(201).send({ ...outcome.booking, manageUrl: outcome.manageUrl });
    },
  );
};
