import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closedServiceSchema,
  serviceClosureRequestSchema,
  serviceClosureSchema,
} from '#shared/booking/schemas.ts';
import { dateField } from '#shared/schema/fields.ts';
import { staffActor } from '../audit/trail.ts';
import { errorBody } from '../http/error-mapper.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { closeService, deleteClosure, listClosures } from './closures.ts';

const date = dateField('date');

/** Lunch and dinner closures (spec §4 "Service closure"); registered behind the admin guard. */
export const closureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/closures',
    {
      schema: {
        querystring: z.object({ date }),
        response: { 200: z.array(serviceClosureSchema), 400: errorBody },
      },
    },
    async (request) => listClosures(app.db, request.query.date),
  );

  app.post(
    '/api/closures',
    {
      schema: {
        body: serviceClosureRequestSchema,
        response: { 200: closedServiceSchema, 201: closedServiceSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const content = await app.content.current();
      const { closed, created } = await closeService(app.db, request.body, {
        now: app.clock(),
        venue: content.venue,
        calendar: { publicUrl: app.config.publicUrl, settings: content['booking-settings'] },
        actor: staffActor(signedInAdmin(request)),
      });
      if (closed.guestsEmailed > 0) app.mail.nudge();
      return reply.code(created ? 201 : 200).send(closed);
    },
  );

  app.delete(
    '/api/closures/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 204: z.undefined(), 404: errorBody } } },
    async (request, reply) => {
      await deleteClosure(app.db, request.params.id, {
        actor: staffActor(signedInAdmin(request)),
        now: app.clock(),
      });
      return reply.code(204).send();
    },
  );
};
