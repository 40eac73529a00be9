import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tableCardsQuerySchema,
  tablesSwitchAnswerSchema,
  tablesSwitchRefusedSchema,
  tablesSwitchSchema,
  whyAnswerSchema,
  whyQuerySchema,
} from '#shared/tables/setup-schemas.ts';
import { staffActor } from '../audit/trail.ts';
import { bookingContentOf } from '../booking/availability.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, staffFormConfig } from '../http/route-parts.ts';
import { ownContentSecurityPolicy } from '../http/security.ts';
import { signedInAdmin } from '../staff/guard.ts';
import { CARDS_PAGE_CSP, printTableCards } from './cards.ts';
import { tablesDayOf } from './day.ts';
import { switchCapacityMode } from './switch.ts';
import { whyNotBookable } from './why.ts';

/** The print sheet carries its own stylesheet: a CSP that allows exactly that, and no script. */
const printPage = ownContentSecurityPolicy(CARDS_PAGE_CSP);

/** The switch to tables mode, the "why" answer and the table cards (issue 28); behind the admin guard. */
export const tablesSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/tables/switch',
    {
      schema: {
        body: tablesSwitchSchema,
        response: {
          200: tablesSwitchAnswerSchema,
          400: refusalBody,
          409: z.union([tablesSwitchRefusedSchema, errorBody]),
        },
      },
      config: staffFormConfig,
    },
    async (request) => {
      const admin = signedInAdmin(request);
      return switchCapacityMode(request.body, {
        db: app.db,
        store: app.content,
        now: app.clock(),
        actor: staffActor(admin),
        email: admin.email,
      });
    },
  );

  app.get(
    '/api/admin/tables/why',
    {
      schema: { querystring: whyQuerySchema, response: { 200: whyAnswerSchema, ...errorAnswers(400) } },
      config: staffFormConfig,
    },
    async (request) =>
      whyNotBookable(app.db, request.query, bookingContentOf(await app.content.current()), app.clock()),
  );

  app.get(
    '/api/admin/tables/cards',
    { schema: { querystring: tableCardsQuerySchema }, ...printPage },
    async (request, reply) => {
      const content = await app.content.current();
      const day = await tablesDayOf(app.db, request.query.date, {
        settings: content['booking-settings'],
        document: content.tables,
      });
      return reply.type('text/html; charset=utf-8').send(printTableCards(day, content.venue.name));
    },
  );
};
