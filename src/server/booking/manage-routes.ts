import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySlotSchema,
  guestBookingChangeSchema,
  partyQueryField,
} from '#shared/booking/schemas.ts';
import { guestCancelSchema, ownBookingSchema, topUpStartSchema } from '#shared/deposits/payment-schemas.ts';
import { dateField } from '#shared/schema/fields.ts';
import { depositDeps } from '../deposits/deps.ts';
import { openTopUpCheckout } from '../deposits/top-ups.ts';
import { errorBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig, thenSendMail } from '../http/route-parts.ts';
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

const manageTokenParams = z.object({ token: z.string().max(200) });

/** A change refused: why, and the booking as it stands when the change was made from an older version of it. */
export const changeRefusalBody = <T extends z.ZodType>(latest: T) =>
  errorBody.extend({ latest: latest.optional() });

/** Every route of a guest's own booking, table or Christmas: rate-limited per client, guests' own messages. */
export const MANAGE_ROUTE_CONFIG = guestFormConfig(LOOKUPS_PER_15_MIN, RATE_LIMIT_MESSAGE);

/** The options of a route of a guest's own booking: the token in the path, and the config above. */
export function manageRoute<Schema extends object>(schema: Schema) {
  return { schema: { params: manageTokenParams, ...schema }, config: MANAGE_ROUTE_CONFIG };
}

/** A guest's own table booking, opened with the personal link from their e-mails (issue 18). */
export const manageBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = async () => ({
    now: app.clock(),
    content: await app.content.current(),
    publicUrl: app.config.publicUrl,
    pubNotifyEmail: app.config.pubNotifyEmail,
  });

  app.get(
    '/api/bookings/manage/:token',
    manageRoute({ response: { 200: ownBookingSchema, ...errorAnswers(404, 429) } }),
    async (request) => findOwnBooking(app.db, request.params.token, app.clock()),
  );

  app.get(
    '/api/bookings/manage/:token/availability',
    manageRoute({
      querystring: z.object({ date: dateField('date'), party: partyQueryField }),
      response: { 200: z.array(availabilitySlotSchema), ...errorAnswers(400, 404, 429) },
    }),
    async (request) =>
      ownAvailability(app.db, request.params.token, request.query, {
        now: app.clock(),
        content: await app.content.current(),
      }),
  );

  app.get('/api/bookings/manage/:token/calendar.ics', manageRoute({}), async (request, reply) => {
    const { fileName, ics } = await ownBookingCalendar(app.db, request.params.token, await options());
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(ics);
  });

  app.patch(
    '/api/bookings/manage/:token',
    manageRoute({
      body: guestBookingChangeSchema,
      response: {
        200: ownBookingSchema,
        // The change makes the deposit larger: it is made once the difference is paid at this checkout.
        202: topUpStartSchema,
        ...errorAnswers(400, 404, 429, 502, 503),
        409: changeRefusalBody(ownBookingSchema),
      },
    }),
    async (request, reply) => {
      const outcome = await thenSendMail(
        app,
        changeOwnBooking(app.db, request.params.token, request.body, await options()),
      );
      if (outcome.kind === 'changed') return outcome.booking;
      const topUp = await openTopUpCheckout(await depositDeps(app), outcome.payment, outcome.booking);
      return reply.code(202).send({ topUp });
    },
  );

  app.post(
    '/api/bookings/manage/:token/cancel',
    {
      ...manageRoute({
        body: guestCancelSchema,
        response: {
          200: ownBookingSchema,
          ...errorAnswers(404, 429),
          409: changeRefusalBody(ownBookingSchema),
        },
      }),
      // An older page sends no body: what it was told is then not checked.
      preValidation: async (request: { body: unknown }) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const cancelled = await thenSendMail(
        app,
        cancelOwnBooking(app.db, request.params.token, await options(), request.body?.expect),
      );
      // A deposit owed back is refunded now, not at the next pass.
      if (cancelled.payment?.refund?.state === 'owed') await app.deposits.runDue();
      return cancelled.payment?.refund?.state === 'owed'
        ? findOwnBooking(app.db, request.params.token, app.clock())
        : cancelled;
    },
  );

  // A POST, never a GET: mail scanners follow every link in an e-mail.
  app.post(
    '/api/bookings/manage/:token/coming',
    manageRoute({ response: { 200: ownBookingSchema, ...errorAnswers(404, 409, 429) } }),
    async (request) => confirmComing(app.db, request.params.token, app.clock()),
  );
};
