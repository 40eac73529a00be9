import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusChoiceMessage } from '../../shared/booking/status.ts';
import {
  christmasAdminBookingSchema,
  christmasClosureSchema,
  sittingFilterSchema,
} from '../../shared/christmas/request.ts';
import { CHRISTMAS_BOOKING_STATUSES } from '../../shared/christmas/status.ts';
import { validationMessage } from '../http/validation.ts';
import {
  christmasSeatsOverview,
  closeSitting,
  createPhoneBooking,
  listChristmasBookings,
  listChristmasClosures,
  reopenSitting,
  setChristmasBookingStatus,
} from './admin.ts';
import { christmasDeps } from './routes.ts';

const BOOKING_NOT_FOUND = { error: 'Booking not found' };
const CLOSURE_NOT_FOUND = { error: 'Closure not found' };

const idParams = z.object({ id: z.string() });
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Christmas bookings and sitting closures for staff (spec §7 "Christmas admin"); behind the admin guard. */
export const christmasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/christmas/admin/bookings',
    { schema: { querystring: sittingFilterSchema } },
    async (request) => listChristmasBookings(app.db, request.query.sittingId),
  );

  app.post(
    '/api/christmas/admin/bookings',
    // The rules' messages are written for staff: answer with them as they are.
    { schema: { body: christmasAdminBookingSchema }, attachValidation: true },
    async (request, reply) => {
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const outcome = await createPhoneBooking(christmasDeps(app), request.body);
      if (outcome.kind === 'rejected') return reply.code(outcome.statusCode).send({ error: outcome.error });
      return reply.code(201).send(outcome.booking);
    },
  );

  app.patch(
    '/api/christmas/admin/bookings/:id',
    {
      schema: {
        params: idParams,
        body: z.object({
          status: z.enum(CHRISTMAS_BOOKING_STATUSES, {
            error: statusChoiceMessage(CHRISTMAS_BOOKING_STATUSES),
          }),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return reply.code(404).send(BOOKING_NOT_FOUND);
      const outcome = await setChristmasBookingStatus(app.db, id, request.body.status, app.clock());
      switch (outcome.kind) {
        case 'updated':
          return outcome.booking;
        case 'not-found':
          return reply.code(404).send(BOOKING_NOT_FOUND);
        case 'rejected':
          return reply.code(409).send({ error: outcome.error });
      }
    },
  );

  /** The staff view of the seats: booked and held out of capacity, and each sitting's closure. */
  app.get('/api/christmas/admin/availability', async () => christmasSeatsOverview(app.db, app.clock()));

  app.get('/api/christmas/admin/closures', async () => listChristmasClosures(app.db));

  app.post(
    '/api/christmas/admin/closures',
    {
      schema: { body: christmasClosureSchema },
      attachValidation: true,
    },
    async (request, reply) => {
      const invalid = validationMessage(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const { closure, created } = await closeSitting(app.db, request.body, app.clock());
      return reply.code(created ? 201 : 200).send(closure);
    },
  );

  app.delete(
    '/api/christmas/admin/closures/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await reopenSitting(app.db, id))) return reply.code(404).send(CLOSURE_NOT_FOUND);
      return reply.code(204).send();
    },
  );
};
