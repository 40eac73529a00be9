import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema, auditQuerySchema } from '#shared/audit/query.ts';
import { auditEntrySchema } from '#shared/audit/types.ts';
import { errorBody } from '../http/error-mapper.ts';
import { findAuditEntries, tableBookingHistory } from './queries.ts';

/** The audit trail for the owner's activity page and a booking's drawer; registered behind the admin guard. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, 400: errorBody } } },
    async (request) => findAuditEntries(app.db, request.query),
  );

  app.get(
    '/api/admin/bookings/:id/history',
    {
      schema: {
        // Anything that is not a uuid names no booking: answered as not found.
        params: z.object({ id: z.string() }),
        response: { 200: z.array(auditEntrySchema), 404: errorBody },
      },
    },
    async (request) => tableBookingHistory(app.db, request.params.id),
  );
};
