import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventInputSchema, publicEventSchema } from '#shared/events/schemas.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody } from '../http/error-mapper.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { createEvent, deleteEvent, listAllEvents, updateEvent } from './service.ts';

/** Anything that is not a uuid cannot name an event: the service answers it as not found, not as a bad request. */
const idParams = z.object({ id: z.string() });
const actorOf = (request: FastifyRequest) => staffActor(signedInAdmin(request));
/** The event form's messages are written for staff: a refusal answers with them as they are. */
const staffMessages = { plainValidationMessages: true };

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
        response: { 201: publicEventSchema, 400: errorBody, 409: errorBody },
      },
      config: staffMessages,
    },
    async (request, reply) =>
      reply.code(201).send(await createEvent(app.db, request.body, app.clock(), actorOf(request))),
  );

  app.put(
    '/api/events/:id',
    {
      schema: {
        params: idParams,
        body: eventInputSchema,
        response: { 200: publicEventSchema, 400: errorBody, 404: errorBody, 409: errorBody },
      },
      config: staffMessages,
    },
    async (request) => updateEvent(app.db, request.params.id, request.body, app.clock(), actorOf(request)),
  );

  app.delete(
    '/api/events/:id',
    { schema: { params: idParams, response: { 204: z.undefined(), 404: errorBody } } },
    async (request, reply) => {
      await deleteEvent(app.db, request.params.id, app.clock(), actorOf(request));
      return reply.code(204).send();
    },
  );
};
