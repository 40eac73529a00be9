import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribedSchema, unsubscribeRequestSchema } from '#shared/privacy/consent-schemas.ts';
import { MARKETING_CSV_PATH, marketingCsvFileName } from '#shared/privacy/mailing-list.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { MANAGE_ROUTE_CONFIG } from '../booking/manage-routes.ts';
import { errorBody } from '../http/error-mapper.ts';
import { marketingListCsv, withdrawMarketingConsent } from './consents.ts';

/** Managers download the mailing list (issue 19); registered behind the admin guard. */
export const marketingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(MARKETING_CSV_PATH, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="${marketingCsvFileName(londonToday(app.clock()))}"`,
      )
      .send(await marketingListCsv(app.db, app.config.publicUrl)),
  );
};

/**
 * A guest leaves the mailing list from the link in our e-mails. Only a POST withdraws (the page's button):
 * mail scanners open links, and must not unsubscribe anyone. Rate-limited like the guests' booking links.
 */
export const marketingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/marketing/unsubscribe',
    {
      schema: {
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribedSchema, 400: errorBody, 404: errorBody, 429: errorBody },
      },
      config: MANAGE_ROUTE_CONFIG,
    },
    async (request) => {
      await withdrawMarketingConsent(app.db, request.body.token, app.clock());
      return { unsubscribed: true as const };
    },
  );
};
