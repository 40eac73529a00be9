import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTicketed } from '#shared/occasions/rules.ts';
import {
  REPORT_TABLES,
  type ReportQuery,
  reportAnswerSchema,
  reportQuerySchema,
} from '#shared/reports/api.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { staffFormConfig } from '../http/route-parts.ts';
import { reportCsv, reportCsvFileName } from './csv.ts';
import { buildReport } from './report.ts';

/** A period refused names the field it is about (`to`); a query that does not parse answers plainly. */
const refusal = refusalBody;

const tableParams = z.object({
  table: z.enum(REPORT_TABLES, { error: `table must be one of ${REPORT_TABLES.join(', ')}.` }),
});

/** The landlord's reports (issue 32), for managers and the owner: the figures, and each table as a CSV. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  async function reportFor(query: ReportQuery) {
    const { occasions } = await app.content.current();
    const ticketed = occasions.occasions.filter(isTicketed).map((occasion) => occasion.slug);
    return buildReport(app.db, query, ticketed);
  }

  app.get(
    '/api/admin/reports',
    {
      schema: { querystring: reportQuerySchema, response: { 200: reportAnswerSchema, 400: refusal } },
      config: staffFormConfig,
    },
    async (request) => reportFor(request.query),
  );

  app.get(
    '/api/admin/reports/:table.csv',
    { schema: { params: tableParams, querystring: reportQuerySchema }, config: staffFormConfig },
    async (request, reply) => {
      const report = await reportFor(request.query);
      const { table } = request.params;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportCsvFileName(table, report)}"`)
        .send(reportCsv(table, report));
    },
  );
};
