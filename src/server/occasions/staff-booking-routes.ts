import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tillSettlementRequestSchema } from '#shared/money/till-settlement.ts';
import {
  staffOccasionBookingRequestSchema,
  staffOccasionBookingSchema,
  staffOccasionCancelRequestSchema,
  staffPartyChangeRequestSchema,
} from '#shared/occasions/admin-api.ts';
import { occasionCancelledSchema } from '#shared/occasions/api.ts';
import { errorAnswers, idParams, signedInActor, staffFormConfig, staffStamp } from '../http/route-parts.ts';
import { createPhoneOccasionBooking, findOccasion, toStaffOccasionBooking } from './booking.ts';
import { cancelOccasionBooking } from './cancellation.ts';
import { changeOccasionParty } from './party-change.ts';
import { bookingRefusal, occasionDeps } from './routes.ts';
import { settleOccasionPaymentAtTill } from './till-settlement.ts';

/**
 * Staff: a party booked by phone, its numbers changed, a booking cancelled (issue 30) and the money staff took
 * for it settled at the till (decision 051); behind the admin guard.
 */
export const occasionStaffBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/occasions/:slug/bookings',
    {
      schema: {
        params: z.object({ slug: z.string() }),
        body: staffOccasionBookingRequestSchema,
        response: {
          201: staffOccasionBookingSchema,
          ...errorAnswers(404),
          400: bookingRefusal,
          409: bookingRefusal,
        },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const deps = await occasionDeps(app);
      const booking = await createPhoneOccasionBooking(
        deps,
        request.params.slug,
        request.body,
        signedInActor(request),
      );
      return reply
        .code(201)
        .send(toStaffOccasionBooking(findOccasion(deps, request.params.slug), booking, []));
    },
  );

  app.post(
    '/api/admin/occasions/bookings/:id/party',
    {
      schema: {
        params: idParams,
        body: staffPartyChangeRequestSchema,
        response: {
          200: staffOccasionBookingSchema,
          ...errorAnswers(404),
          400: bookingRefusal,
          409: bookingRefusal,
        },
      },
      config: staffFormConfig,
    },
    async (request) =>
      changeOccasionParty(await occasionDeps(app), request.params.id, request.body, signedInActor(request)),
  );

  app.post(
    '/api/admin/occasions/bookings/:id/cancel',
    {
      schema: {
        params: idParams,
        body: staffOccasionCancelRequestSchema,
        response: { 200: occasionCancelledSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      cancelOccasionBooking(await occasionDeps(app), request.params.id, {
        by: 'staff',
        actor: signedInActor(request),
        refund: request.body.refund,
      }),
  );

  /** A cancelled phone booking's deposit or price staff took: given back at the till, or kept (decision 051). */
  app.post(
    '/api/admin/occasions/bookings/:id/till-settlement',
    {
      schema: {
        params: idParams,
        body: tillSettlementRequestSchema,
        response: { 200: staffOccasionBookingSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      settleOccasionPaymentAtTill(
        await occasionDeps(app),
        request.params.id,
        request.body.outcome,
        staffStamp(app, request),
      ),
  );
};
