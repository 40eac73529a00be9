import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arrivalRequestSchema, walkInRequestSchema } from '#shared/tables/arrival-schemas.ts';
import { tablesDayBookingSchema } from '#shared/tables/day.ts';
import { errorAnswers, idParams, staffFormConfig, staffStamp } from '../http/route-parts.ts';
import { markArrival } from './arrivals.ts';
import { seatWalkIn } from './walk-ins.ts';

/** Arrivals and walk-ins (issue 28): the night as staff mark it; registered behind the admin guard. */
export const arrivalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/bookings/:id/arrival',
    {
      schema: {
        params: idParams,
        body: arrivalRequestSchema,
        response: { 200: tablesDayBookingSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      markArrival(app.db, request.params.id, request.body, {
        ...staffStamp(app, request),
        content: await app.content.current(),
      }),
  );

  app.post(
    '/api/admin/tables/walk-ins',
    {
      schema: {
        body: walkInRequestSchema,
        response: { 201: tablesDayBookingSchema, ...errorAnswers(400, 409) },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const booking = await seatWalkIn(app.db, request.body, {
        ...staffStamp(app, request),
        content: await app.content.current(),
      });
      return reply.code(201).send(booking);
    },
  );
};
