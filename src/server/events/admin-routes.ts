import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_MESSAGES } from '../../shared/events/form.ts';
import { eventInputSchema } from '../../shared/events/schema.ts';
import { validationMessage } from '../http/validation.ts';
import { createEvent, deleteEvent, type EventWriteOutcome, listAllEvents, updateEvent } from './service.ts';

/** Anything that is not a uuid cannot name an event: answered as not found rather than as a bad request. */
const idParams = z.object({ id: z.string() });
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Events CRUD for staff (spec §7 Admin); registered behind the admin guard. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (app) => {
  function answer(outcome: EventWriteOutcome, created: boolean) {
    switch (outcome.kind) {
      case 'saved':
        return { statusCode: created ? 201 : 200, body: outcome.event };
      case 'not-found':
        return { statusCode: 404, body: { error: EVENT_MESSAGES.notFound } };
      case 'slug-taken':
        return { statusCode: 409, body: { error: EVENT_MESSAGES.slugTaken } };
    }
  }

  app.get('/api/events', async () => listAllEvents(app.db));

  app.post(
    '/api/events',
    { schema: { body: eventInputSchema }, attachValidation: true },
    async (request, reply) => {
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const { statusCode, body } = answer(await createEvent(app.db, request.body, app.clock()), true);
      return reply.code(statusCode).send(body);
    },
  );

  app.put(
    '/api/events/:id',
    { schema: { params: idParams, body: eventInputSchema }, attachValidation: true },
    async (request, reply) => {
      if (!isUuid(request.params.id)) return reply.code(404).send({ error: EVENT_MESSAGES.notFound });
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const outcome = await updateEvent(app.db, request.params.id, request.body, app.clock());
      const { statusCode, body } = answer(outcome, false);
      return reply.code(statusCode).send(body);
    },
  );

  app.delete('/api/events/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id) || !(await deleteEvent(app.db, id))) {
      return reply.code(404).send({ error: EVENT_MESSAGES.notFound });
    }
    return reply.code(204).send();
  });
};
