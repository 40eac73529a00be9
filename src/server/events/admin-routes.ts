import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventInputSchema, publicEventSchema } from '#shared/events/schemas.ts';
import { errorBody } from '../http/error-mapper.ts';
import { errorAnswers, idParams, signedInActor, staffFormConfig } from '../http/route-parts.ts';
import { createEvent, deleteEvent, listAllEvents, updateEvent } from './service.ts';

/** Events CRUD for staff (spec §7 Admin); registered behind the admin guard. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events', { schema: { response: { 200: z.array(publicEventSchema) } } }, async () =>
    listAllEvents(app.db),
  );

  app.post(
    '/api/events',
    {
      schema: {
        body: eventInputSchema,
        response: { 201: publicEventSchema, ...errorAnswers(400, 409) },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      reply.code(201).send(await createEvent(app.db, request.body, app.clock(), signedInActor(request))),
  );

  app.put(
    '/api/events/:id',
    {
      schema: {
        params: idParams,
        body: eventInputSchema,
        response: { 200: publicEventSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      updateEvent(app.db, request.params.id, request.body, app.clock(), signedInActor(request)),
  );

  app.delete(
    '/api/events/:id',
    { schema: { params: idParams, response: { 204: z.undefined(), 404: errorBody } } },
    async (request, reply) => {
      await deleteEvent(app.db, request.params.id, app.clock(), signedInActor(request));
      return reply.code(204).send();
    },
  );
};
