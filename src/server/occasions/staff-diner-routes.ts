import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dinerChoiceRequestSchema, dinerSchema } from '#shared/occasions/api.ts';
import { errorAnswers, idParams, signedInActor, staffFormConfig } from '../http/route-parts.ts';
import { choiceRefusal, preOrderDeps } from './pre-order-routes.ts';
import { addDinerAsStaff, changeDinerAsStaff, removeDinerAsStaff } from './pre-orders.ts';

/** Staff add, change or remove a diner's choices, by phone, before or after the deadline locked the order (issue 30). */
export const staffDinerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/occasions/bookings/:id/diners',
    {
      schema: {
        params: idParams,
        body: dinerChoiceRequestSchema,
        response: { 201: dinerSchema, 400: choiceRefusal, ...errorAnswers(404, 409) },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addDinerAsStaff(
            await preOrderDeps(app),
            request.params.id,
            request.body,
            signedInActor(request),
          ),
        ),
  );

  app.put(
    '/api/admin/occasions/bookings/:id/diners/:dinerId',
    {
      schema: {
        params: idParams.extend({ dinerId: z.string() }),
        body: dinerChoiceRequestSchema,
        response: { 200: dinerSchema, 400: choiceRefusal, ...errorAnswers(404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      changeDinerAsStaff(
        await preOrderDeps(app),
        request.params.id,
        request.params.dinerId,
        request.body,
        signedInActor(request),
      ),
  );

  app.delete(
    '/api/admin/occasions/bookings/:id/diners/:dinerId',
    {
      schema: {
        params: idParams.extend({ dinerId: z.string() }),
        response: { 204: z.undefined(), ...errorAnswers(404, 409) },
      },
    },
    async (request, reply) => {
      await removeDinerAsStaff(
        await preOrderDeps(app),
        request.params.id,
        request.params.dinerId,
        signedInActor(request),
      );
      return reply.code(204).send();
    },
  );
};
