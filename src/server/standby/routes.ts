import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  standbyClaimedSchema,
  standbyEntryViewSchema,
  standbyJoinedSchema,
  standbyJoinRequestSchema,
  standbyOfferViewSchema,
} from '#shared/standby/api.ts';
import { manageRoute } from '../booking/manage-routes.ts';
import { TOO_MANY_BOOKING_ATTEMPTS } from '../booking/routes.ts';
import { openPaymentCheckout } from '../deposits/checkout.ts';
import { depositDeps } from '../deposits/deps.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig, thenSendMail } from '../http/route-parts.ts';
import { claimStandbyOffer, standbyOfferByToken } from './claim.ts';
import { joinStandby, leaveStandby, standbyEntryByToken } from './join.ts';

/** A refusal of the join form: on the field the shared rule names, when it names one. */
const fieldRefusal = refusalBody;

/** The standby list's guest routes (issue 31): join, the guest's own place, and an offer's claim. */
export const standbyRoutes: FastifyPluginAsyncZod = async (app) => {
  const formConfig = guestFormConfig(app.config.bookingRateLimitPer15Min, TOO_MANY_BOOKING_ATTEMPTS);

  app.post(
    '/api/standby',
    {
      schema: {
        body: standbyJoinRequestSchema,
        response: { 201: standbyJoinedSchema, 400: fieldRefusal, 409: fieldRefusal, ...errorAnswers(429) },
      },
      config: formConfig,
    },
    async (request, reply) => {
      const joined = await thenSendMail(
        app,
        joinStandby(app.db, request.body, {
          now: app.clock(),
          content: await app.content.current(),
          publicUrl: app.config.publicUrl,
        }),
      );
      return reply.code(201).send(joined);
    },
  );

  app.get(
    '/api/standby/entries/:token',
    manageRoute({ response: { 200: standbyEntryViewSchema, ...errorAnswers(404, 429) } }),
    async (request) => standbyEntryByToken(app.db, request.params.token),
  );

  app.delete(
    '/api/standby/entries/:token',
    manageRoute({ response: { 200: standbyEntryViewSchema, ...errorAnswers(404, 429) } }),
    async (request) => leaveStandby(app.db, request.params.token, app.clock()),
  );

  app.get(
    '/api/standby/offers/:token',
    manageRoute({ response: { 200: standbyOfferViewSchema, ...errorAnswers(404, 429) } }),
    async (request) => standbyOfferByToken(app.db, request.params.token, app.clock()),
  );

  app.post(
    '/api/standby/offers/:token/claim',
    {
      ...manageRoute({
        response: { 201: standbyClaimedSchema, ...errorAnswers(404, 409, 422, 429, 502, 503) },
      }),
      // A claim makes a booking: it counts with the booking form's attempts.
      config: formConfig,
    },
    async (request, reply) => {
      const { booking, manageUrl, payment } = await thenSendMail(
        app,
        claimStandbyOffer(app.db, request.params.token, {
          now: app.clock(),
          content: await app.content.current(),
          pubNotifyEmail: app.config.pubNotifyEmail,
          publicUrl: app.config.publicUrl,
          takesPayments: app.payments !== null,
        }),
      );
      if (!payment) return reply.code(201).send({ ...booking, manageUrl });
      // Outside the claim's transaction: Stripe is never called holding the lock.
      const started = await openPaymentCheckout(await depositDeps(app), payment, booking);
      return reply.code(201).send({ ...booking, manageUrl, payment: started });
    },
  );
};
