import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingPayments, bookings } from '#db/schema.ts';
import {
  bookingPaymentSchema,
  dayPaymentsSchema,
  noShowFeeSchema,
  paymentDecisionSchema,
} from '#shared/deposits/payment-schemas.ts';
import { dateField } from '#shared/schema/fields.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, idParams, staffFormConfig, staffStamp } from '../http/route-parts.ts';
import { bookingNotFound } from '../lib/errors.ts';
import { depositDeps } from './deps.ts';
import { keepDeposit } from './money.ts';
import { chargeNoShowFee } from './no-show-fee.ts';
import { refundDeposit } from './refunds.ts';
import { paymentOfBooking, toStaffPayment } from './rows.ts';

/** Staff see and act on the money of bookings (issue 29); the roles are in shared/staff/access.ts. */
export const depositAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/deposits/day',
    {
      schema: {
        querystring: z.object({ date: dateField('date') }),
        response: { 200: dayPaymentsSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ payment: bookingPayments })
        .from(bookingPayments)
        .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
        .where(eq(bookings.date, request.query.date));
      return { payments: rows.map((row) => toStaffPayment(row.payment)) };
    },
  );

  app.get(
    '/api/admin/bookings/:id/payment',
    { schema: { params: idParams, response: { 200: bookingPaymentSchema, ...errorAnswers(404) } } },
    async (request) => {
      if (!z.uuid().safeParse(request.params.id).success) throw bookingNotFound();
      const payment = await paymentOfBooking(app.db, request.params.id);
      return { payment: payment ? toStaffPayment(payment) : null };
    },
  );

  const actionRoute = <Body extends z.ZodType>(body: Body) => ({
    schema: {
      params: idParams,
      body,
      response: { 200: bookingPaymentSchema, ...errorAnswers(404, 409, 502), 400: refusalBody },
    },
    config: staffFormConfig,
  });

  app.post('/api/admin/bookings/:id/payment/refund', actionRoute(paymentDecisionSchema), async (request) => {
    const { actor } = staffStamp(app, request);
    return {
      payment: await refundDeposit(await depositDeps(app), request.params.id, request.body.reason, actor),
    };
  });

  app.post('/api/admin/bookings/:id/payment/keep', actionRoute(paymentDecisionSchema), async (request) => {
    const { actor } = staffStamp(app, request);
    return {
      payment: await keepDeposit(await depositDeps(app), request.params.id, request.body.reason, actor),
    };
  });

  app.post('/api/admin/bookings/:id/payment/no-show-fee', actionRoute(noShowFeeSchema), async (request) => {
    const { actor } = staffStamp(app, request);
    return { payment: await chargeNoShowFee(await depositDeps(app), request.params.id, request.body, actor) };
  });
};
