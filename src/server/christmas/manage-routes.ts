import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { christmasGuestChangeSchema, managedChristmasBookingSchema } from '#shared/christmas/schemas.ts';
import { changeRefusalBody, manageRoute } from '../booking/manage-routes.ts';
import { errorAnswers } from '../http/route-parts.ts';
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
  app.get(
    '/api/christmas/manage/:token',
    manageRoute({ response: { 200: managedChristmasBookingSchema, ...errorAnswers(404, 429) } }),
    async (request) => findOwnChristmasBooking(app.db, request.params.token, await christmasDeps(app)),
  );

  app.patch(
    '/api/christmas/manage/:token',
    manageRoute({
      body: christmasGuestChangeSchema,
      response: {
        200: managedChristmasBookingSchema,
        ...errorAnswers(400, 404, 429),
        409: changeRefusalBody(managedChristmasBookingSchema),
      },
    }),
    async (request) =>
      changeOwnChristmasBooking(await christmasDeps(app), request.params.token, request.body),
  );

  app.post(
    '/api/christmas/manage/:token/cancel',
    manageRoute({ response: { 200: managedChristmasBookingSchema, ...errorAnswers(404, 409, 429) } }),
    async (request) => cancelOwnChristmasBooking(await christmasDeps(app), request.params.token),
  );

  app.post(
    '/api/christmas/manage/:token/coming',
    manageRoute({ response: { 200: managedChristmasBookingSchema, ...errorAnswers(404, 409, 429) } }),
    async (request) => confirmChristmasComing(app.db, request.params.token, await christmasDeps(app)),
  );

  app.get('/api/christmas/manage/:token/calendar.ics', manageRoute({}), async (request, reply) => {
    const { fileName, ics } = await ownChristmasCalendar(request.params.token, await christmasDeps(app));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(ics);
  });
};
