import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilitySlotSchema, eventQueryField, partyQueryField } from '../../shared/booking/schemas.ts';
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
          party: partyQueryField,
          event: eventQueryField,
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
        { event: request.query.event },
      );
    },
  );
};
