import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { christmasGuestChangeSchema, managedChristmasBookingSchema } from '#shared/christmas/schemas.ts';
import { changeRefusalBody, MANAGE_ROUTE_CONFIG, manageTokenParams } from '../booking/manage-routes.ts';
import { errorBody } from '../http/error-mapper.ts';
import {
  cancelOwnChristmasBooking,
  changeOwnChristmasBooking,
  confirmChristmasComing,
  findOwnChristmasBooking,
  ownChristmasCalendar,
} from './guest-manage.ts';
import { christmasDeps } from './routes.ts';

/** A guest's own Christmas Day booking, opened with the personal link from their e-mails (issue 18). */
export const manageChristmasRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = manageTokenParams;
  const config = MANAGE_ROUTE_CONFIG;

  app.get(
    '/api/christmas/manage/:token',
    {
      schema: { params, response: { 200: managedChristmasBookingSchema, 404: errorBody, 429: errorBody } },
      config,
    },
    async (request) => findOwnChristmasBooking(app.db, request.params.token, await christmasDeps(app)),
  );

  app.patch(
    '/api/christmas/manage/:token',
    {
      schema: {
        params,
        body: christmasGuestChangeSchema,
        response: {
          200: managedChristmasBookingSchema,
          400: errorBody,
          404: errorBody,
          409: changeRefusalBody(managedChristmasBookingSchema),
          429: errorBody,
        },
      },
      config,
    },
    async (request) =>
      changeOwnChristmasBooking(await christmasDeps(app), request.params.token, request.body),
  );

  app.post(
    '/api/christmas/manage/:token/cancel',
    {
      schema: {
        params,
        response: { 200: managedChristmasBookingSchema, 404: errorBody, 409: errorBody, 429: errorBody },
      },
      config,
    },
    async (request) => cancelOwnChristmasBooking(await christmasDeps(app), request.params.token),
  );

  app.post(
    '/api/christmas/manage/:token/coming',
    {
      schema: {
        params,
        response: { 200: managedChristmasBookingSchema, 404: errorBody, 409: errorBody, 429: errorBody },
      },
      config,
    },
    async (request) => confirmChristmasComing(app.db, request.params.token, await christmasDeps(app)),
  );

  app.get(
    '/api/christmas/manage/:token/calendar.ics',
    { schema: { params }, config },
    async (request, reply) => {
      const { fileName, ics } = await ownChristmasCalendar(request.params.token, await christmasDeps(app));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );
};
