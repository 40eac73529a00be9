import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestExportFileName } from '#shared/privacy/guest-query.ts';
import {
  guestDataExportSchema,
  guestDataSchema,
  guestEraseAnswerSchema,
  guestEraseRequestSchema,
  guestSearchQuerySchema,
} from '#shared/privacy/guests.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { christmasDeps } from '../christmas/routes.ts';
import { errorBody } from '../http/error-mapper.ts';
import { errorAnswers, signedInActor, staffFormConfig } from '../http/route-parts.ts';
import { eraseGuest } from './guest-erasure.ts';
import { exportGuestData, findGuestData } from './guests.ts';

/** The owner's tools for guests' requests to see or erase their data (issue 19); behind the admin guard. */
export const guestDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/guests',
    {
      schema: { querystring: guestSearchQuerySchema, response: { 200: guestDataSchema, 400: errorBody } },
      config: staffFormConfig,
    },
    async (request) =>
      findGuestData(app.db, request.query.q, {
        now: app.clock(),
        layout: (await app.content.current()).tables,
      }),
  );

  app.get(
    '/api/admin/guests/export',
    {
      schema: {
        querystring: guestSearchQuerySchema,
        response: { 200: guestDataExportSchema, 400: errorBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const now = app.clock();
      const data = await exportGuestData(app.db, request.query.q, {
        actor: signedInActor(request),
        now,
        layout: (await app.content.current()).tables,
      });
      return reply
        .header('content-disposition', `attachment; filename="${guestExportFileName(londonToday(now))}"`)
        .send(data);
    },
  );

  // Refused (409) for someone with upcoming bookings unless the body says what becomes of them (issue 26).
  app.post(
    '/api/admin/guests/erase',
    {
      schema: {
        body: guestEraseRequestSchema,
        response: { 200: guestEraseAnswerSchema, ...errorAnswers(400, 409) },
      },
      config: staffFormConfig,
    },
    async (request) =>
      eraseGuest(
        {
          ...(await christmasDeps(app)),
          content: await app.content.current(),
          dataDir: app.config.dataDir,
        },
        request.body,
        signedInActor(request),
      ),
  );
};
