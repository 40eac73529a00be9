import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Service } from '../../shared/booking/rules.ts';
import { serviceClosureSchema } from '../../shared/booking/schemas.ts';
import { dateField, textField } from '../../shared/schema/fields.ts';
import { CLOSURE_REASON_MAX_LENGTH } from '../../shared/staff/messages.ts';
import { errorBody } from '../http/error-mapper.ts';
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
        body: z.object({
          date,
          service: z.enum(['lunch', 'dinner'] as const satisfies readonly Service[], {
            error: 'service must be lunch or dinner.',
          }),
          reason: textField('Reason', CLOSURE_REASON_MAX_LENGTH),
        }),
        response: { 200: serviceClosureSchema, 201: serviceClosureSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { closure, created } = await closeService(app.db, request.body, app.clock());
      return reply.code(created ? 201 : 200).send(closure);
    },
  );

  app.delete(
    '/api/closures/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 204: z.undefined(), 404: errorBody } } },
    async (request, reply) => {
      await deleteClosure(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};
