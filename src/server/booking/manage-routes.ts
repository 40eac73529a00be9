import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySlotSchema,
  guestBookingChangeSchema,
  managedBookingSchema,
  partyQueryField,
} from '#shared/booking/schemas.ts';
import { dateField } from '#shared/schema/fields.ts';
import { errorBody } from '../http/error-mapper.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import {
  cancelOwnBooking,
  changeOwnBooking,
  confirmComing,
  findOwnBooking,
  ownAvailability,
  ownBookingCalendar,
} from './guest-manage.ts';

const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes, or call us.';
/** Enough for a guest's visits and changes; far too few to guess a 256-bit token. */
const LOOKUPS_PER_15_MIN = 60;

export const manageTokenParams = z.object({ token: z.string().max(200) });

/** A change refused: why, and the booking as it stands when the change was made from an older version of it. */
export const changeRefusalBody = <T extends z.ZodType>(latest: T) =>
  errorBody.extend({ latest: latest.optional() });

/** Every route of a guest's own booking, table or Christmas: rate-limited per client, guests' own messages. */
export const MANAGE_ROUTE_CONFIG = {
  plainValidationMessages: true,
  rateLimit: {
    max: LOOKUPS_PER_15_MIN,
    timeWindow: '15 minutes',
    errorResponseBuilder: () => tooManyAttempts(RATE_LIMIT_MESSAGE),
  },
};

/** A guest's own table booking, opened with the personal link from their e-mails (issue 18). */
export const manageBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = MANAGE_ROUTE_CONFIG;
  const params = manageTokenParams;
  const options = async () => ({
    now: app.clock(),
    content: await app.content.current(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
  });

  app.get(
    '/api/bookings/manage/:token',
    {
      schema: { params, response: { 200: managedBookingSchema, 404: errorBody, 429: errorBody } },
      config,
    },
    async (request) => findOwnBooking(app.db, request.params.token, app.clock()),
  );

  app.get(
    '/api/bookings/manage/:token/availability',
    {
      schema: {
        params,
        querystring: z.object({ date: dateField('date'), party: partyQueryField }),
        response: { 200: z.array(availabilitySlotSchema), 400: errorBody, 404: errorBody, 429: errorBody },
      },
      config,
    },
    async (request) =>
      ownAvailability(app.db, request.params.token, request.query, {
        now: app.clock(),
        content: await app.content.current(),
      }),
  );

  app.get(
    '/api/bookings/manage/:token/calendar.ics',
    { schema: { params }, config },
    async (request, reply) => {
      const { fileName, ics } = await ownBookingCalendar(app.db, request.params.token, await options());
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );

  app.patch(
    '/api/bookings/manage/:token',
    {
      schema: {
        params,
        body: guestBookingChangeSchema,
        response: {
          200: managedBookingSchema,
          400: errorBody,
          404: errorBody,
          409: changeRefusalBody(managedBookingSchema),
          429: errorBody,
        },
      },
      config,
    },
    async (request) => {
      const managed = await changeOwnBooking(app.db, request.params.token, request.body, await options());
      app.mail.nudge();
      return managed;
    },
  );

  app.post(
    '/api/bookings/manage/:token/cancel',
    {
      schema: {
        params,
        response: { 200: managedBookingSchema, 404: errorBody, 409: errorBody, 429: errorBody },
      },
      config,
    },
    async (request) => {
      const managed = await cancelOwnBooking(app.db, request.params.token, await options());
      app.mail.nudge();
      return managed;
    },
  );

  // A POST, never a GET: mail scanners follow every link in an e-mail.
  app.post(
    '/api/bookings/manage/:token/coming',
    {
      schema: {
        params,
        response: { 200: managedBookingSchema, 404: errorBody, 409: errorBody, 429: errorBody },
      },
      config,
    },
    async (request) => confirmComing(app.db, request.params.token, app.clock()),
  );
};
