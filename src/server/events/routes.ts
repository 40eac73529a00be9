import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPCOMING_EVENTS_DEFAULT_LIMIT, UPCOMING_EVENTS_MAX_LIMIT } from '#shared/events/event.ts';
import { publicEventSchema } from '#shared/events/schemas.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { PUBLIC_REVALIDATE } from '../http/cache-control.ts';
import { errorBody } from '../http/error-mapper.ts';
import { preparedJsonAnswers, sendPrepared } from '../http/prepared-answer.ts';
import { eventNotFound } from '../lib/errors.ts';
import { findEventBySlug, upcomingEventsFromMemory } from './service.ts';

export const publicEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const upcomingEvents = upcomingEventsFromMemory(app.db, app.tableChanges);
  const preparedUpcoming = preparedJsonAnswers(z.array(publicEventSchema));

  app.get(
    '/api/events/upcoming',
    {
      schema: {
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(UPCOMING_EVENTS_MAX_LIMIT)
            .default(UPCOMING_EVENTS_DEFAULT_LIMIT),
        }),
        response: { 200: z.array(publicEventSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_REVALIDATE);
      const events = await upcomingEvents({ today: londonToday(app.clock()), limit: request.query.limit });
      return sendPrepared(request, reply, preparedUpcoming(events));
    },
  );

  app.get(
    '/api/events/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: publicEventSchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const event = await findEventBySlug(app.db, request.params.slug);
      if (!event) throw eventNotFound();
      return reply.header('cache-control', PUBLIC_REVALIDATE).send(event);
    },
  );
};
