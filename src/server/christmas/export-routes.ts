import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ChristmasCsv, christmasCsvFileName } from '#shared/christmas/admin.ts';
import type { SittingId } from '#shared/christmas/ids.ts';
import { sittingFilterSchema } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { ownContentSecurityPolicy } from '../http/security.ts';
import { christmasBookingRows, findChristmasBooking } from './admin.ts';
import { christmasOrdersCsv, christmasPrepSummaryCsv, sittingsOf } from './exports.ts';
import { PRINT_PAGE_CSP, printBookingSlip, printOrders, printPrepSummary } from './print.ts';
import { christmasContent, sittingFilterIn } from './season.ts';

/** The print pages carry their own stylesheet: a CSP that allows exactly that, and no script. */
const printPage = ownContentSecurityPolicy(PRINT_PAGE_CSP);

function sendCsv(
  reply: FastifyReply,
  kind: ChristmasCsv,
  { sittingId, season }: { sittingId: SittingId | null; season: ChristmasSeason },
  body: string,
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${christmasCsvFileName(kind, season.date, sittingId)}"`,
    )
    .send(body);
}

function sendPage(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').send(html);
}

/** Spec §7 downloads and print pages, each for one sitting or both; behind the admin guard. */
export const christmasExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const filter = { schema: { querystring: sittingFilterSchema } };

  /** The season as it stands, and the sitting the query asks for (null: both). */
  async function exportScope(spelling: string | null) {
    const content = await christmasContent(app);
    return { ...content, sittingId: sittingFilterIn(content.season, spelling) };
  }

  app.get('/api/christmas/orders.csv', filter, async (request, reply) => {
    const scope = await exportScope(request.query.sittingId);
    const rows = await christmasBookingRows(app.db, { sittingId: scope.sittingId });
    return sendCsv(reply, 'orders', scope, christmasOrdersCsv(rows, scope.season));
  });

  app.get('/api/christmas/orders-summary.csv', filter, async (request, reply) => {
    const scope = await exportScope(request.query.sittingId);
    const rows = await christmasBookingRows(app.db, { sittingId: scope.sittingId, status: 'CONFIRMED' });
    return sendCsv(
      reply,
      'prep_summary',
      scope,
      christmasPrepSummaryCsv(rows, scope.sittingId, scope.season),
    );
  });

  app.get('/api/christmas/print/summary', { ...filter, ...printPage }, async (request, reply) => {
    const scope = await exportScope(request.query.sittingId);
    const rows = await christmasBookingRows(app.db, { sittingId: scope.sittingId, status: 'CONFIRMED' });
    const sittings = sittingsOf(scope.sittingId, scope.season);
    return sendPage(reply, printPrepSummary(rows, sittings, app.clock(), scope));
  });

  app.get('/api/christmas/print/orders', { ...filter, ...printPage }, async (request, reply) => {
    const scope = await exportScope(request.query.sittingId);
    const rows = await christmasBookingRows(app.db, { sittingId: scope.sittingId, status: 'CONFIRMED' });
    const sittings = sittingsOf(scope.sittingId, scope.season);
    return sendPage(reply, printOrders(rows, sittings, app.clock(), scope));
  });

  app.get(
    '/api/christmas/print/booking/:id',
    { schema: { params: z.object({ id: z.string() }) }, ...printPage },
    async (request, reply) => {
      const booking = await findChristmasBooking(app.db, request.params.id);
      return sendPage(reply, printBookingSlip(booking, app.clock(), await christmasContent(app)));
    },
  );
};
