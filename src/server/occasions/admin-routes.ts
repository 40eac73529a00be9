import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import {
  occasionClosureRequestSchema,
  occasionClosureSchema,
  occasionClosuresSchema,
  occasionDaySchema,
  prepSheetSchema,
  staffOccasionBookingsSchema,
} from '#shared/occasions/admin-api.ts';
import { dateField } from '#shared/schema/fields.ts';
import { errorAnswers, staffFormConfig, staffStamp } from '../http/route-parts.ts';
import { ownContentSecurityPolicy } from '../http/security.ts';
import {
  listStaffOccasionBookings,
  occasionBookingsWithDiners,
  occasionDayOf,
  STAFF_STATUSES,
  staffOccasion,
} from './admin.ts';
import { closeOccasionSitting, listOccasionClosures, reopenOccasionSitting } from './closures.ts';
import { occasionBookingsCsv, occasionCsvFileName } from './exports.ts';
import { prepOfSitting, prepSheet } from './prep.ts';
import { OCCASION_PRINT_CSP, printOccasionSheets } from './print.ts';

const slugParams = z.object({ slug: z.string().max(64) });
const anyDate = z.object({ date: dateField('date').optional() });
const oneDate = z.object({ date: dateField('date') });

/** The print pages carry their own stylesheet: a CSP that allows exactly that, and no script. */
const printPage = ownContentSecurityPolicy(OCCASION_PRINT_CSP);

/** Staff: occasion bookings, prep counts, table sheets, the CSV and closures per sitting (issue 30). */
export const occasionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  async function occasionOf(slug: string) {
    const content = await app.content.current();
    return { occasion: staffOccasion(content, slug), venueName: content.venue.name };
  }

  app.get(
    '/api/admin/occasions/day',
    { schema: { querystring: oneDate, response: { 200: occasionDaySchema, ...errorAnswers(400) } } },
    async (request) => {
      const content = await app.content.current();
      return occasionDayOf(app.db, setMenuOccasions(content.occasions.occasions), request.query.date);
    },
  );

  app.get(
    '/api/admin/occasions/:slug/bookings',
    {
      schema: {
        params: slugParams,
        querystring: anyDate,
        response: { 200: staffOccasionBookingsSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const { occasion } = await occasionOf(request.params.slug);
      return listStaffOccasionBookings(app.db, occasion, request.query.date);
    },
  );

  app.get(
    '/api/admin/occasions/:slug/prep',
    {
      schema: {
        params: slugParams,
        querystring: oneDate,
        response: { 200: prepSheetSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const { occasion } = await occasionOf(request.params.slug);
      const { date } = request.query;
      const rows = await occasionBookingsWithDiners(app.db, occasion, { date, statuses: ['CONFIRMED'] });
      return prepSheet(occasion, date, rows, app.clock());
    },
  );

  app.get(
    '/api/admin/occasions/:slug/sheets',
    {
      schema: {
        params: slugParams,
        querystring: oneDate.extend({ sittingId: z.string().max(64).optional() }),
      },
      ...printPage,
    },
    async (request, reply) => {
      const { occasion, venueName } = await occasionOf(request.params.slug);
      const { date, sittingId } = request.query;
      const rows = await occasionBookingsWithDiners(app.db, occasion, { date, statuses: ['CONFIRMED'] });
      const printedAt = app.clock();
      const prep = prepOfSitting(prepSheet(occasion, date, rows, printedAt), sittingId);
      const page = printOccasionSheets({
        occasion,
        venueName,
        date,
        prep,
        rows,
        printedAt,
      });
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );

  app.get(
    '/api/admin/occasions/:slug/bookings.csv',
    { schema: { params: slugParams, querystring: anyDate } },
    async (request, reply) => {
      const { occasion } = await occasionOf(request.params.slug);
      const { date } = request.query;
      const rows = await occasionBookingsWithDiners(app.db, occasion, { date, statuses: STAFF_STATUSES });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${occasionCsvFileName(occasion, date)}"`)
        .send(occasionBookingsCsv(occasion, rows));
    },
  );

  app.get(
    '/api/admin/occasions/:slug/closures',
    { schema: { params: slugParams, response: { 200: occasionClosuresSchema, ...errorAnswers(404) } } },
    async (request) => {
      const { occasion } = await occasionOf(request.params.slug);
      return { closures: await listOccasionClosures(app.db, occasion) };
    },
  );

  app.post(
    '/api/admin/occasions/:slug/closures',
    {
      schema: {
        params: slugParams,
        body: occasionClosureRequestSchema,
        response: { 200: occasionClosureSchema, 201: occasionClosureSchema, ...errorAnswers(400, 404) },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const { occasion } = await occasionOf(request.params.slug);
      const { closure, created } = await closeOccasionSitting(
        app.db,
        occasion,
        request.body,
        staffStamp(app, request),
      );
      return reply.code(created ? 201 : 200).send(closure);
    },
  );

  app.delete(
    '/api/admin/occasions/:slug/closures/:id',
    {
      schema: {
        params: slugParams.extend({ id: z.string() }),
        response: { 204: z.undefined(), ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const { occasion } = await occasionOf(request.params.slug);
      await reopenOccasionSitting(app.db, occasion, request.params.id, staffStamp(app, request));
      return reply.code(204).send();
    },
  );
};
