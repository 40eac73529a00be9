import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ChristmasCsv, christmasCsvFileName } from '../../shared/christmas/admin.ts';
import type { SittingId } from '../../shared/christmas/ids.ts';
import { sittingFilterSchema } from '../../shared/christmas/schemas.ts';
import { christmasSeason } from '../../shared/christmas/season.ts';
import { christmasBookingRows, findChristmasBooking } from './admin.ts';
import { christmasOrdersCsv, christmasPrepSummaryCsv, sittingsOf } from './exports.ts';
import { PRINT_PAGE_CSP, printBookingSlip, printOrders, printPrepSummary } from './print.ts';

/** The print pages carry their own stylesheet: a CSP that allows exactly that, and no script. */
const printPage = { helmet: { contentSecurityPolicy: { useDefaults: false, directives: PRINT_PAGE_CSP } } };

function sendCsv(reply: FastifyReply, kind: ChristmasCsv, sittingId: SittingId | null, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${christmasCsvFileName(kind, christmasSeason.date, sittingId)}"`,
    )
    .send(body);
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').send(html);
}

/** Spec §7 downloads and print pages, each for one sitting or both; behind the admin guard. */
export const christmasExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const filter = { schema: { querystring: sittingFilterSchema } };

  app.get('/api/christmas/orders.csv', filter, async (request, reply) => {
    const { sittingId } = request.query;
    const rows = await christmasBookingRows(app.db, { sittingId });
    return sendCsv(reply, 'orders', sittingId, christmasOrdersCsv(rows));
  });

  app.get('/api/christmas/orders-summary.csv', filter, async (request, reply) => {
    const { sittingId } = request.query;
    const rows = await christmasBookingRows(app.db, { sittingId, status: 'CONFIRMED' });
    return sendCsv(reply, 'prep_summary', sittingId, christmasPrepSummaryCsv(rows, sittingId));
  });

  app.get('/api/christmas/print/summary', { ...filter, ...printPage }, async (request, reply) => {
    const { sittingId } = request.query;
    const rows = await christmasBookingRows(app.db, { sittingId, status: 'CONFIRMED' });
    return sendPage(reply, printPrepSummary(rows, sittingsOf(sittingId), app.clock()));
  });

  app.get('/api/christmas/print/orders', { ...filter, ...printPage }, async (request, reply) => {
    const { sittingId } = request.query;
    const rows = await christmasBookingRows(app.db, { sittingId, status: 'CONFIRMED' });
    return sendPage(reply, printOrders(rows, sittingsOf(sittingId), app.clock()));
  });

  app.get(
    '/api/christmas/print/booking/:id',
    { schema: { params: z.object({ id: z.string() }) }, ...printPage },
    async (request, reply) => {
      const booking = await findChristmasBooking(app.db, request.params.id);
      return sendPage(reply, printBookingSlip(booking, app.clock()));
    },
  );
};
