import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilitySlotSchema } from '../../shared/booking/schemas.ts';
import { dateField } from '../../shared/schema/fields.ts';
import { PUBLIC_REVALIDATE } from '../http/cache-control.ts';
import { errorBody } from '../http/error-mapper.ts';
import { bookingContentOf, findAvailability } from './availability.ts';

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/availability',
    {
      schema: {
        querystring: z.object({
          date: dateField('date'),
          /** The party being booked: each slot's `remaining` is then the covers it has left for them. */
          party: z.coerce
            .number({ error: 'party must be a whole number of guests.' })
            .int('party must be a whole number of guests.')
            .min(1, 'party must be at least 1.')
            .max(500, 'party is too large.')
            .optional(),
        }),
        response: { 200: z.array(availabilitySlotSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_REVALIDATE);
      return findAvailability(
        app.db,
        request.query.date,
        app.clock(),
        bookingContentOf(await app.content.current()),
        request.query.party,
      );
    },
  );
};
