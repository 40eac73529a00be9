import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffStandbyBookRequestSchema,
  staffStandbyDayQuerySchema,
  staffStandbyDaySchema,
  staffStandbyEntrySchema,
  staffStandbyOfferRequestSchema,
} from '#shared/standby/api.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, idParams, signedInActor, staffFormConfig, thenSendMail } from '../http/route-parts.ts';
import { bookByHand, offerByHand, removeByHand, standbyDay } from './staff.ts';

/** The standby list as staff keep it (issue 31): a date's lists, an offer or a booking by hand, a removal. */
export const adminStandbyRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: Parameters<typeof signedInActor>[0]) => ({
    now: app.clock(),
    content: await app.content.current(),
    publicUrl: app.config.publicUrl,
    actor: signedInActor(request),
  });

  app.get(
    '/api/admin/standby',
    {
      schema: {
        querystring: staffStandbyDayQuerySchema,
        response: { 200: staffStandbyDaySchema, ...errorAnswers(400) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      standbyDay(app.db, request.query.date, { now: app.clock(), content: await app.content.current() }),
  );

  app.post(
    '/api/admin/standby/:id/offer',
    {
      schema: {
        params: idParams,
        body: staffStandbyOfferRequestSchema,
        response: { 201: staffStandbyEntrySchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const entry = await thenSendMail(
        app,
        offerByHand(app.db, request.params.id, request.body.timeSlot, await context(request)),
      );
      return reply.code(201).send(entry);
    },
  );

  app.post(
    '/api/admin/standby/:id/book',
    {
      schema: {
        params: idParams,
        body: staffStandbyBookRequestSchema,
        response: { 201: staffStandbyEntrySchema, ...errorAnswers(404, 409, 503), 400: refusalBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const entry = await thenSendMail(
        app,
        bookByHand(app.db, request.params.id, request.body, {
          ...(await context(request)),
          takesPayments: app.payments !== null,
        }),
      );
      return reply.code(201).send(entry);
    },
  );

  app.post(
    '/api/admin/standby/:id/remove',
    {
      schema: { params: idParams, response: { 200: staffStandbyEntrySchema, ...errorAnswers(404, 409) } },
    },
    async (request) => removeByHand(app.db, request.params.id, await context(request)),
  );
};
