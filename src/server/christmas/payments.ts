import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppConfig } from '../env.ts';

export interface CheckoutSessionRequest {
  /** The reservation's pid: Stripe's client_reference_id and metadata.pid. */
  pid: string;
  unitAmountPence: number;
  quantity: number;
  productName: string;
  productDescription: string;
  customerEmail: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/** The part of a Checkout Session the pub's flow reads. */
export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  pid: string | null;
  paymentIntentId: string | null;
  amountTotal: number | null;
}

const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

export type PaymentEvent =
  | { id: string; type: CheckoutEventType; session: CheckoutSession }
  /** Any other event the endpoint was sent: acknowledged, not acted on. */
  | { id: string; type: 'other'; stripeType: string };

export interface PaymentsProvider {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid; a complete or expired one is returned as it is. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Refunds a payment in full; the same key never refunds twice. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string }>;
}

export interface StripePayments extends PaymentsProvider {
  kind: 'stripe';
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string, receivedAt: Date): PaymentEvent;
}

export interface DemoPayments extends PaymentsProvider {
  kind: 'demo';
  /** The demo page's Pay button: the session completes as paid. */
  pay(sessionId: string): CheckoutSession;
}

export type Payments = StripePayments | DemoPayments;

declare module 'fastify' {
  interface FastifyInstance {
    /** null in production without Stripe keys: the Christmas checkout then refuses to start. */
    payments: Payments | null;
  }
}

export class WebhookSignatureError extends Error {}
export class DemoCheckoutError extends Error {}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

function oneOf<T extends string>(value: string | null, known: readonly T[], otherwise: T): T {
  return (known as readonly string[]).includes(value ?? '') ? (value as T) : otherwise;
}

function fromStripeSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    // Stripe may add statuses: only a known final one counts, anything else is treated as not paid yet.
    status: oneOf(session.status, ['complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'no_payment_required'], 'unpaid'),
    pid: session.client_reference_id ?? session.metadata?.pid ?? null,
    paymentIntentId: idOf(session.payment_intent),
    amountTotal: session.amount_total,
  };
}

function createStripePayments(
  StripeClient: typeof Stripe,
  stripeConfig: NonNullable<AppConfig['stripe']>,
): StripePayments {
  const stripe = new StripeClient(stripeConfig.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...stripeConfig.apiBase,
  });
  return {
    kind: 'stripe',
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'gbp',
          line_items: [
            {
              quantity: request.quantity,
              price_data: {
                currency: 'gbp',
                unit_amount: request.unitAmountPence,
                product_data: { name: request.productName, description: request.productDescription },
              },
            },
          ],
          client_reference_id: request.pid,
          metadata: { pid: request.pid },
          payment_intent_data: { metadata: { pid: request.pid } },
          customer_email: request.customerEmail,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.pid}` },
      );
      return fromStripeSession(session);
    },
    async retrieveCheckoutSession(id) {
      return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
    },
    async expireCheckoutSession(id) {
      try {
        return fromStripeSession(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: say what it is instead.
        if (error instanceof StripeClient.errors.StripeInvalidRequestError) {
          return fromStripeSession(await stripe.checkout.sessions.retrieve(id));
        }
        throw error;
      }
    },
    async refund(paymentIntentId, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      return { id: refund.id };
    },
    parseWebhook(rawBody, signature, receivedAt) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          stripeConfig.webhookSecret,
          undefined,
          undefined,
          receivedAt.getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      if ((CHECKOUT_EVENT_TYPES as readonly string[]).includes(event.type)) {
        return {
          id: event.id,
          type: event.type as CheckoutEventType,
          session: fromStripeSession(event.data.object as Stripe.Checkout.Session),
        };
      }
      return { id: event.id, type: 'other', stripeType: event.type };
    },
  };
}

interface DemoSession extends CheckoutSession {
  expiresAt: Date;
}

/**
 * The offline stand-in for Stripe Checkout (development and tests without keys): its checkout page is our
 * own /christmas/demo-checkout, which says plainly that no money is taken. Sessions live in memory.
 */
function createDemoPayments(publicUrl: string, clock: () => Date): DemoPayments {
  const sessions = new Map<string, DemoSession>();

  function current(id: string): DemoSession {
    const session = sessions.get(id);
    if (!session) throw new DemoCheckoutError('This demo checkout no longer exists.');
    if (session.status === 'open' && clock() >= session.expiresAt) session.status = 'expired';
    return session;
  }
  const view = ({ expiresAt: _expiresAt, ...session }: DemoSession): CheckoutSession => ({ ...session });

  return {
    kind: 'demo',
    async createCheckoutSession(request) {
      const session: DemoSession = {
        id: `demo_cs_${randomBytes(12).toString('hex')}`,
        url: `${publicUrl}/christmas/demo-checkout?pid=${encodeURIComponent(request.pid)}`,
        status: 'open',
        paymentStatus: 'unpaid',
        pid: request.pid,
        paymentIntentId: null,
        amountTotal: request.unitAmountPence * request.quantity,
        expiresAt: request.expiresAt,
      };
      sessions.set(session.id, session);
      return view(session);
    },
    async retrieveCheckoutSession(id) {
      return view(current(id));
    },
    async expireCheckoutSession(id) {
      const session = current(id);
      if (session.status === 'open') session.status = 'expired';
      return view(session);
    },
    async refund() {
      return { id: `demo_re_${randomBytes(12).toString('hex')}` };
    },
    pay(sessionId) {
      const session = current(sessionId);
      if (session.status !== 'open')
        throw new DemoCheckoutError('This checkout has expired or was cancelled.');
      session.status = 'complete';
      session.paymentStatus = 'paid';
      session.paymentIntentId = `demo_pi_${randomBytes(12).toString('hex')}`;
      return view(session);
    },
  };
}

/** Stripe when configured; the demo checkout outside production; nothing in production without keys. */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { config } = app;
  let payments: Payments | null = null;
  // The Stripe SDK (200 modules) loads only when its keys are set.
  if (config.stripe) payments = createStripePayments((await import('stripe')).default, config.stripe);
  else if (!config.isProduction) payments = createDemoPayments(config.publicUrl, () => app.clock());
  else {
    app.log.error(
      'Christmas checkout is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take deposits.',
    );
  }
  app.decorate<Payments | null>('payments', payments);
}
