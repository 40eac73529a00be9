import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_SCOPES, bookingsCsvFileName } from '#shared/booking/admin.ts';
import {
  availabilitySlotSchema,
  bookingChangeSchema,
  eventQueryField,
  partyQueryField,
  staffBookingRequestSchema,
  storedBookingSchema,
} from '#shared/booking/schemas.ts';
import { outboxEntrySchema } from '#shared/mail/schemas.ts';
import { DAYS_OUT_OF_ORDER, dateField, daysInOrder } from '#shared/schema/fields.ts';
import { errorBody, refusalBody } from '../http/error-mapper.ts';
import {
  errorAnswers,
  idParams,
  listSchema,
  staffFormConfig,
  staffStamp,
  thenSendMail,
} from '../http/route-parts.ts';
import { bookingsCsv, listBookings, updateBooking } from './admin.ts';
import { bookingContentOf, findAvailability } from './availability.ts';
import { resendBookingConfirmation } from './confirmation-resend.ts';
import { createStaffBooking } from './service.ts';

const listQuery = z
  .object({
    date: dateField('date').optional(),
    from: dateField('from').optional(),
    to: dateField('to').optional(),
  })
  .refine(daysInOrder, DAYS_OUT_OF_ORDER)
  .refine((query) => !(query.date && (query.from || query.to)), 'Give either date or from/to, not both.');

/** Table bookings for staff (spec §7 Admin, product.md difference 4); registered behind the admin guard. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/bookings', { schema: listSchema(listQuery, storedBookingSchema) }, async (request) =>
    listBookings(app.db, request.query),
  );

  app.get(
    '/api/admin/availability',
    {
      schema: {
        querystring: z.object({
          date: dateField('date'),
          party: partyQueryField,
          /** The booking being moved: its own covers count as free. */
          excluding: z.uuid('excluding must be a booking id.').optional(),
          event: eventQueryField,
        }),
        response: { 200: z.array(availabilitySlotSchema), 400: errorBody },
      },
    },
    async (request) => {
      const { date, party, excluding, event } = request.query;
      return findAvailability(
        app.db,
        date,
        app.clock(),
        bookingContentOf(await app.content.current()),
        party,
        {
          staff: true,
          excludeBookingId: excluding,
          event,
        },
      );
    },
  );

  app.post(
    '/api/admin/bookings',
    {
      schema: {
        body: staffBookingRequestSchema,
        response: { 201: storedBookingSchema, ...errorAnswers(409, 503), 400: refusalBody },
      },
      config: staffFormConfig,
    },
    async (request, reply) => {
      const booking = createStaffBooking(app.db, request.body, {
        ...staffStamp(app, request),
        content: await app.content.current(),
        publicUrl: app.config.publicUrl,
        takesPayments: app.payments !== null,
      });
      return reply.code(201).send(await thenSendMail(app, booking));
    },
  );

  app.patch(
    '/api/bookings/:id',
    {
      schema: {
        params: idParams,
        body: bookingChangeSchema,
        response: { 200: storedBookingSchema, ...errorAnswers(400, 404, 409) },
      },
      config: staffFormConfig,
    },
    async (request) => {
      const change = updateBooking(app.db, request.params.id, request.body, {
        ...staffStamp(app, request),
        content: await app.content.current(),
        publicUrl: app.config.publicUrl,
      });
      return thenSendMail(app, change);
    },
  );

  app.post(
    '/api/admin/bookings/:id/resend-confirmation',
    {
      schema: {
        params: idParams,
        response: { 200: outboxEntrySchema, ...errorAnswers(404, 409) },
      },
    },
    async (request) =>
      thenSendMail(app, resendBookingConfirmation(app.db, request.params.id, staffStamp(app, request))),
  );

  app.get(
    '/api/bookings.csv',
    {
      schema: {
        querystring: z.object({
          date: dateField('date'),
          scope: z.enum(BOOKING_SCOPES, { error: 'scope must be all, lunch or dinner.' }).default('all'),
        }),
      },
    },
    async (request, reply) => {
      const { date, scope } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${bookingsCsvFileName(date, scope)}"`)
        .send(await bookingsCsv(app.db, date, scope));
    },
  );
};
