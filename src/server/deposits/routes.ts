import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingPayments } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { paymentOutcomeSchema, paymentStartSchema } from '#shared/deposits/payment-schemas.ts';
import { ownBooking } from '../booking/guest-manage.ts';
import { errorAnswers, pidRoute } from '../http/route-parts.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { ONLINE_HOLD_MS, openPaymentCheckout, releaseUnpaid } from './checkout.ts';
import {
  arrivalFromSession,
  checkoutOutcome,
  confirmArrivedPayment,
  finalizePayment,
  findCheckout,
} from './confirmation.ts';
import { depositDeps } from './deps.ts';
import { type PaymentRow, paymentOfBooking } from './rows.ts';

/** A guest paying from their page may ask a few times, nothing like a scan. */
const PAY_ROUTE_LIMIT = { max: 120, timeWindow: '1 minute' };

/** The guest's side of a deposit (issue 29): the return page, leaving the checkout, the demo checkout, paying later. */
export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/bookings/payments/:pid', pidRoute({ 200: paymentOutcomeSchema }), async (request) =>
    checkoutOutcome(app.db, request.params.pid),
  );

  app.post(
    '/api/bookings/payments/:pid/finalize',
    pidRoute({ 200: paymentOutcomeSchema, ...errorAnswers(502) }),
    async (request) => finalizePayment(await depositDeps(app), request.params.pid),
  );

  app.post('/api/bookings/payments/:pid/cancel', pidRoute({ 200: paymentOutcomeSchema }), async (request) => {
    const deps = await depositDeps(app);
    const { pid } = request.params;
    const { payment, topUp, awaitingSession } = await findCheckout(deps.db, pid);
    if (awaitingSession && deps.payments) {
      // Ended at Stripe first, so the page the guest left can no longer take the money.
      await deps.payments.expireCheckoutSession(awaitingSession).catch((error: unknown) => {
        deps.log.warn({ err: error, pid }, 'left deposit checkout not expired');
      });
      const session = await deps.payments.retrieveCheckoutSession(awaitingSession).catch(() => null);
      // A booking's hold is released; a change's checkout held nothing, and the booking stays as it was.
      if (!topUp && session?.status !== 'complete') await releaseUnpaid(deps, payment.pid, 'left');
    }
    return checkoutOutcome(deps.db, pid, true);
  });

  // The demo checkout exists only while the demo provider stands in for Stripe.
  app.post(
    '/api/bookings/payments/:pid/demo-pay',
    pidRoute({ 200: paymentOutcomeSchema, ...errorAnswers(409) }),
    async (request) => {
      const deps = await depositDeps(app);
      const { payments } = deps;
      const { pid } = request.params;
      const { awaitingSession } = await findCheckout(deps.db, pid);
      if (payments?.kind !== 'demo' || !awaitingSession) throw notFound('Not found');
      let session: ReturnType<typeof payments.pay>;
      try {
        session = payments.pay(awaitingSession);
      } catch {
        throw conflict(DEPOSIT_MESSAGES.holdLapsed);
      }
      const arrival = await arrivalFromSession(payments, session);
      if (arrival) await confirmArrivedPayment(deps, arrival);
      return checkoutOutcome(deps.db, pid);
    },
  );

  app.post(
    '/api/bookings/manage/:token/pay',
    {
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: paymentStartSchema, ...errorAnswers(404, 409, 429, 502, 503) },
      },
      config: { rateLimit: PAY_ROUTE_LIMIT },
    },
    async (request) => {
      const deps = await depositDeps(app);
      const booking = await ownBooking(deps.db, request.params.token, deps.now);
      const payment = await paymentOfBooking(deps.db, booking.id);
      if (payment?.state !== 'awaiting' || booking.status !== 'PENDING') {
        throw conflict(DEPOSIT_MESSAGES.noPayment);
      }
      // Paying from the link keeps at least Stripe's shortest session of hold.
      const holdUntil = new Date(
        Math.max(payment.holdUntil?.getTime() ?? 0, deps.now.getTime() + ONLINE_HOLD_MS),
      );
      const [held] = await deps.db
        .update(bookingPayments)
        .set({ holdUntil, updatedAt: deps.now })
        .where(eq(bookingPayments.id, payment.id))
        .returning();
      return openPaymentCheckout(deps, held as PaymentRow, booking, { releaseOnFailure: false });
    },
  );
};
