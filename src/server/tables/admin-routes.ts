import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tablesDayQuerySchema, tablesDaySchema } from '#shared/tables/day.ts';
import { errorAnswers } from '../http/route-parts.ts';
import { tablesDayOf } from './day.ts';

/** Tables mode for staff (issue 28); registered behind the admin guard. */
export const adminTablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/tables/day',
    {
      schema: { querystring: tablesDayQuerySchema, response: { 200: tablesDaySchema, ...errorAnswers(400) } },
    },
    async (request) => {
      const content = await app.content.current();
      return tablesDayOf(app.db, request.query.date, {
        settings: content['booking-settings'],
        document: content.tables,
      });
    },
  );
};
