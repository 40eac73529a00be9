import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingRequestSchema, idempotencyKeySchema } from '../../shared/booking/request.ts';
import { validationMessage } from '../http/validation.ts';
import { bookingEmails } from './emails.ts';
import { createBooking } from './service.ts';

const RATE_LIMIT_MESSAGE = 'Too many booking attempts. Please wait a few minutes, or call us.';

/** What the app's error handler turns into 429 {"error": …}. */
function tooManyAttempts(): Error & { statusCode: number } {
  return Object.assign(new Error(RATE_LIMIT_MESSAGE), { statusCode: 429 });
}

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        body: bookingRequestSchema,
        // Loose: the other headers must stay on the request.
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() }),
      },
      // The schema's own messages are written for guests: answer with them as they are.
      attachValidation: true,
      config: {
        rateLimit: {
          max: app.config.bookingRateLimitPer15Min,
          timeWindow: '15 minutes',
          errorResponseBuilder: tooManyAttempts,
        },
      },
    },
    async (request, reply) => {
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const outcome = await createBooking(app.db, request.body, {
        now: app.clock(),
        idempotencyKey: request.headers['idempotency-key'],
      });
      switch (outcome.kind) {
        case 'created':
          app.mail.sendInBackground(bookingEmails(outcome.booking, app.config.pubNotifyEmail), {
            reference: outcome.booking.reference,
          });
          return reply.code(201).send(outcome.booking);
        case 'replayed':
          return reply.code(outcome.statusCode).header('idempotent-replayed', 'true').send(outcome.body);
        case 'rejected':
          return reply.code(outcome.statusCode).send({ error: outcome.error });
      }
    },
  );
};
