import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicVoucherSchema,
  voucherCheckoutSchema,
  voucherCheckoutStatusQuerySchema,
  voucherCheckoutStatusSchema,
  voucherCodeField,
  voucherDemoPaidSchema,
  voucherPurchaseSchema,
} from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { refusalBody } from '../http/error-mapper.ts';
import { errorAnswers, guestFormConfig, pidRoute } from '../http/route-parts.ts';
import { tooManyAttempts } from '../lib/errors.ts';
import { voucherDeps } from './deps.ts';
import { publicVoucher } from './lookup.ts';
import { payDemoVoucherCheckout, startVoucherPurchase, voucherCheckoutStatus } from './purchase.ts';

/**
 * Look-ups of a voucher by its code from one address: enough to open and print one's own voucher a few times,
 * nothing like enough to guess a code (80 bits).
 */
export const PUBLIC_VOUCHER_LOOKUPS_PER_15_MIN = 20;

/** A purchase refused: by the shared rule, its field named; or a body not parsed, or a clash, with the message only. */
const purchaseRefusal = refusalBody;

/** Buying a voucher, following its payment, and a voucher's own page (issue 33). */
export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/vouchers/checkout',
    {
      schema: {
        body: voucherPurchaseSchema,
        response: {
          201: voucherCheckoutSchema,
          ...errorAnswers(429, 502, 503),
          400: purchaseRefusal,
          409: purchaseRefusal,
        },
      },
      config: guestFormConfig(app.config.checkoutRateLimitPer15Min, VOUCHER_MESSAGES.tooManyPurchases),
    },
    async (request, reply) =>
      reply.code(201).send(await startVoucherPurchase(await voucherDeps(app), request.body)),
  );

  const statusRoute = pidRoute({ 200: voucherCheckoutStatusSchema });
  app.get(
    '/api/vouchers/checkout/:pid',
    { ...statusRoute, schema: { ...statusRoute.schema, querystring: voucherCheckoutStatusQuerySchema } },
    async (request) =>
      voucherCheckoutStatus(await voucherDeps(app), request.params.pid, {
        cancelled: request.query.cancelled === '1',
      }),
  );

  // The demo payment exists only while the demo provider stands in for Stripe.
  app.post(
    '/api/vouchers/checkout/:pid/demo-pay',
    pidRoute({ 200: voucherDemoPaidSchema, ...errorAnswers(409) }),
    async (request) => ({ url: await payDemoVoucherCheckout(await voucherDeps(app), request.params.pid) }),
  );

  app.get(
    '/api/vouchers/:code',
    {
      schema: {
        params: z.object({ code: voucherCodeField }),
        response: { 200: publicVoucherSchema, ...errorAnswers(400, 404, 429) },
      },
      config: {
        rateLimit: {
          max: PUBLIC_VOUCHER_LOOKUPS_PER_15_MIN,
          timeWindow: '15 minutes',
          errorResponseBuilder: () => tooManyAttempts(VOUCHER_MESSAGES.tooManyLookups),
        },
      },
    },
    async (request) =>
      publicVoucher({ db: app.db, now: app.clock(), publicUrl: app.config.publicUrl }, request.params.code),
  );
};
