import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  queueAddRequestSchema,
  queueDaySchema,
  queuePartySchema,
  queueSeatRequestSchema,
} from '#shared/queue/api.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, idParams, staffFormConfig, staffStamp, thenSendMail } from '../http/route-parts.ts';
import { addToQueue, notifyParty, queueDay, removeParty, seatParty } from './queue.ts';

/** Tonight's walk-in queue (issue 31), behind the admin guard: every staff role keeps it. */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeOptions = async (request: Parameters<typeof staffStamp>[1]) => ({
    ...staffStamp(app, request),
    content: await app.content.current(),
  });

  app.get('/api/admin/queue', { schema: { response: { 200: queueDaySchema } } }, async () =>
    queueDay(app.db, { now: app.clock(), content: await app.content.current() }),
  );

  app.post(
    '/api/admin/queue',
    {
      schema: {
        body: queueAddRequestSchema,
        // Each field's problem, named on it (`queueAddIssues`); a body that does not parse, in one message.
        response: { 201: queuePartySchema, 400: refusalBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      reply.code(201).send(await addToQueue(app.db, request.body, await changeOptions(request))),
  );

  app.post(
    '/api/admin/queue/:id/notify',
    { schema: { params: idParams, response: { 200: queuePartySchema, ...errorAnswers(404, 409) } } },
    async (request) =>
      thenSendMail(app, notifyParty(app.db, request.params.id, await changeOptions(request))),
  );

  app.post(
    '/api/admin/queue/:id/seat',
    {
      schema: {
        params: idParams,
        body: queueSeatRequestSchema,
        response: { 200: queuePartySchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) => seatParty(app.db, request.params.id, request.body, await changeOptions(request)),
  );

  app.post(
    '/api/admin/queue/:id/remove',
    { schema: { params: idParams, response: { 200: queuePartySchema, ...errorAnswers(404, 409) } } },
    async (request) => removeParty(app.db, request.params.id, await changeOptions(request)),
  );
};
