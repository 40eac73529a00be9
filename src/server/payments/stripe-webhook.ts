import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handlePaymentEvent, recordEvent, wasEventHandled } from '../christmas/fulfilment.ts';
import { christmasDeps } from '../christmas/routes.ts';
import { depositDeps } from '../deposits/deps.ts';
import { handleDepositEvent, isDepositEvent } from '../deposits/webhook.ts';
import { errorBody } from '../http/error-mapper.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { handleOccasionEvent, isOccasionEvent } from '../occasions/fulfilment.ts';
import { occasionDeps } from '../occasions/routes.ts';
import { voucherDeps } from '../vouchers/deps.ts';
import { handleVoucherEvent, isVoucherEvent } from '../vouchers/fulfilment.ts';
import { WebhookSignatureError } from './stripe-payments.ts';

/** Stripe's events are small; a Checkout Session with its line items stays well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** What Stripe is told: the event arrived (and whether it had arrived before). */
const receivedSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * POST /api/stripe/webhook: each event to its domain (a booking's deposit, an occasion, a gift voucher, or Christmas Day). The signature covers the exact bytes Stripe sent, so this plugin (and only it:
 * parsers are scoped to the plugin that adds them) keeps JSON bodies as a raw Buffer.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { response: { 200: receivedSchema, 400: errorBody, 404: errorBody } },
    },
    async (request) => {
      const payments = app.payments;
      if (payments?.kind !== 'stripe') throw notFound('Not found');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw invalid('A signed Stripe event is expected.');
      }
      const now = app.clock();
      let event: ReturnType<typeof payments.parseWebhook>;
      try {
        event = payments.parseWebhook(request.body, signature, now);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'Stripe webhook refused: bad signature');
          throw invalid('The Stripe signature does not match.');
        }
        throw error;
      }
      if (await wasEventHandled(app.db, event.id)) return { received: true, duplicate: true } as const;
      // A failure here answers 500 and leaves the event unrecorded, so Stripe delivers it again.
      if (isDepositEvent(event)) await handleDepositEvent(await depositDeps(app), event);
      else if (isOccasionEvent(event)) await handleOccasionEvent(await occasionDeps(app), event);
      else if (isVoucherEvent(event)) await handleVoucherEvent(await voucherDeps(app), event);
      else await handlePaymentEvent(await christmasDeps(app), event);
      await recordEvent(app.db, event, now);
      return { received: true } as const;
    },
  );
};
