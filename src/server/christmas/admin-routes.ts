import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  christmasAdminBookingSchema,
  christmasClosureRequestSchema,
  christmasClosureSchema,
  christmasSeatsOverviewSchema,
  christmasStaffChangeSchema,
  christmasStatusChangeSchema,
  sittingFilterSchema,
  storedChristmasBookingSchema,
} from '#shared/christmas/schemas.ts';
import { tillSettlementRequestSchema } from '#shared/money/till-settlement.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import {
  errorAnswers,
  idParams,
  listSchema,
  signedInActor,
  staffFormConfig,
  staffStamp,
} from '../http/route-parts.ts';
import {
  christmasSeatsOverview,
  closeSitting,
  createPhoneBooking,
  listChristmasBookings,
  listChristmasClosures,
  reopenSitting,
  retryChristmasRefund,
  setChristmasBookingStatus,
  settleChristmasDepositAtTill,
} from './admin.ts';
import { christmasDeps } from './routes.ts';
import { christmasContent, sittingFilterIn, sittingIdIn } from './season.ts';
import { changeChristmasBookingByStaff } from './staff-change.ts';

/** Christmas bookings and sitting closures for staff (spec §7 "Christmas admin"); behind the admin guard. */
export const christmasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/christmas/admin/bookings',
    { schema: listSchema(sittingFilterSchema, storedChristmasBookingSchema) },
    async (request) => {
      const { season } = await christmasContent(app);
      return listChristmasBookings(app.db, sittingFilterIn(season, request.query.sittingId));
    },
  );

  app.post(
    '/api/christmas/admin/bookings',
    {
      schema: {
        body: christmasAdminBookingSchema,
        response: { 201: storedChristmasBookingSchema, ...errorAnswers(400, 409) },
      },
      config: staffFormConfig,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createPhoneBooking(await christmasDeps(app), request.body, signedInActor(request))),
  );

  app.patch(
    '/api/christmas/admin/bookings/:id',
    {
      schema: {
        params: idParams,
        body: christmasStatusChangeSchema,
        response: { 200: storedChristmasBookingSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      setChristmasBookingStatus(
        await christmasDeps(app),
        request.params.id,
        request.body,
        signedInActor(request),
      ),
  );

  /** A confirmed booking's party, dishes and notes, changed by staff as the guest asks by phone. */
  app.put(
    '/api/christmas/admin/bookings/:id/order',
    {
      schema: {
        params: idParams,
        body: christmasStaffChangeSchema,
        response: {
          200: storedChristmasBookingSchema,
          400: refusalBody,
          409: refusalBody,
          ...errorAnswers(404),
        },
      },
      config: staffFormConfig,
    },
    async (request) =>
      changeChristmasBookingByStaff(
        await christmasDeps(app),
        request.params.id,
        request.body,
        signedInActor(request),
      ),
  );

  /** A refund left pending by the payment provider's failure, tried again (decision 017). */
  app.post(
    '/api/christmas/admin/bookings/:id/refund',
    {
      schema: {
        params: idParams,
        response: { 200: storedChristmasBookingSchema, ...errorAnswers(404, 409, 502) },
      },
    },
    async (request) =>
      retryChristmasRefund(await christmasDeps(app), request.params.id, signedInActor(request)),
  );

  /** A cancelled phone booking's deposit staff took: given back at the till, or kept (decision 051). */
  app.post(
    '/api/christmas/admin/bookings/:id/till-settlement',
    {
      schema: {
        params: idParams,
        body: tillSettlementRequestSchema,
        response: { 200: storedChristmasBookingSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      settleChristmasDepositAtTill(app.db, request.params.id, request.body.outcome, staffStamp(app, request)),
  );

  /** The staff view of the seats: booked and held out of capacity, and each sitting's closure. */
  app.get(
    '/api/christmas/admin/availability',
    { schema: { response: { 200: christmasSeatsOverviewSchema } } },
    async () => christmasSeatsOverview(app.db, app.clock(), (await christmasContent(app)).season),
  );

  app.get(
    '/api/christmas/admin/closures',
    { schema: { response: { 200: z.array(christmasClosureSchema) } } },
    async () => listChristmasClosures(app.db),
  );

  app.post(
    '/api/christmas/admin/closures',
    {
      schema: {
        body: christmasClosureRequestSchema,
        response: { 200: christmasClosureSchema, 201: christmasClosureSchema, 400: errorBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const { season } = await christmasContent(app);
      const sittingId = sittingIdIn(season, request.body.sittingId);
      const { closure, created } = await closeSitting(
        app.db,
        { ...request.body, sittingId },
        { ...staffStamp(app, request), date: season.date },
      );
      return reply.code(created ? 201 : 200).send(closure);
    },
  );

  app.delete(
    '/api/christmas/admin/closures/:id',
    { schema: { params: idParams, response: { 204: z.undefined(), 404: errorBody } } },
    async (request, reply) => {
      await reopenSitting(app.db, request.params.id, staffStamp(app, request));
      return reply.code(204).send();
    },
  );
};
