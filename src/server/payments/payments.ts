import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppConfig } from '../env.ts';

/** What a Checkout Session takes money (or a card) for: the webhook hands each event to its own domain. */
export const PAYMENT_PURPOSES = ['christmas', 'deposit'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export interface CheckoutSessionRequest {
  /** The reservation's pid: Stripe's client_reference_id and metadata.pid. */
  pid: string;
  /** Sent as metadata.purpose (on the session and its intent); a session without one is Christmas's. */
  purpose: PaymentPurpose;
  /** `payment` takes the amount now; `setup` saves the card for later (a guarantee), taking nothing. */
  mode: 'payment' | 'setup';
  unitAmountPence: number;
  quantity: number;
  productName: string;
  productDescription: string;
  customerEmail: string;
  /** The Customer a saved card is attached to (setup mode): a later off-session charge needs one. */
  customerId?: string;
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
  mode: 'payment' | 'setup';
  purpose: PaymentPurpose;
  pid: string | null;
  paymentIntentId: string | null;
  /** Setup mode: the SetupIntent that saved the card. */
  setupIntentId: string | null;
  customerId: string | null;
  amountTotal: number | null;
}

/** A saved card, as a completed SetupIntent leaves it. */
export interface SavedCard {
  setupIntentId: string;
  status: 'succeeded' | 'other';
  paymentMethodId: string | null;
  customerId: string | null;
}

export interface OffSessionChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountPence: number;
  description: string;
  /** The booking payment's pid, as metadata.pid with metadata.purpose 'deposit'. */
  pid: string;
}

/** A charge made while the guest is not there: taken, or refused by the bank with its reason. */
export type OffSessionCharge =
  | { kind: 'succeeded'; paymentIntentId: string }
  | { kind: 'declined'; paymentIntentId: string | null; message: string };

/** A PaymentIntent as its events carry it. */
export interface IntentSummary {
  id: string;
  pid: string | null;
  purpose: PaymentPurpose;
  amount: number;
  failureMessage: string | null;
}

const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

const INTENT_EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;
export type IntentEventType = (typeof INTENT_EVENT_TYPES)[number];

export type PaymentEvent =
  | { id: string; type: CheckoutEventType; session: CheckoutSession }
  | { id: string; type: IntentEventType; intent: IntentSummary }
  | {
      id: string;
      type: 'setup_intent.succeeded';
      card: SavedCard & { pid: string | null; purpose: PaymentPurpose };
    }
  | {
      id: string;
      type: 'charge.refunded';
      refund: { paymentIntentId: string | null; amountRefunded: number; refunded: boolean };
    }
  /** Any other event the endpoint was sent: acknowledged, not acted on. */
  | { id: string; type: 'other'; stripeType: string };

export interface PaymentsProvider {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid; a complete or expired one is returned as it is. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Refunds a payment in full; the same key never refunds twice. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string }>;
  /** A Customer for a card to be saved to; the same pid never makes two. */
  createCustomer(details: { pid: string; email: string; name: string }): Promise<{ id: string }>;
  retrieveSetupIntent(id: string): Promise<SavedCard>;
  /** Charges a saved card with the guest away (a no-show fee); the same key never charges twice. */
  chargeOffSession(request: OffSessionChargeRequest, idempotencyKey: string): Promise<OffSessionCharge>;
}

export interface StripePayments extends PaymentsProvider {
  kind: 'stripe';
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string, receivedAt: Date): PaymentEvent;
}

export interface DemoPayments extends PaymentsProvider {
  kind: 'demo';
  /** The demo page's Pay button: the session completes as paid, or (setup mode) with a demo card saved. */
  pay(sessionId: string): CheckoutSession;
}

export type Payments = StripePayments | DemoPayments;

declare module 'fastify' {
  interface FastifyInstance {
    /** null in production without Stripe keys: Christmas checkouts and table deposits then refuse to start. */
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

/** Sessions and intents made before deposits carry no purpose: they are all Christmas's. */
function purposeOf(metadata: Stripe.Metadata | null): PaymentPurpose {
  return oneOf(metadata?.purpose ?? null, PAYMENT_PURPOSES, 'christmas');
}

function fromStripeSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    // Stripe may add statuses: only a known final one counts, anything else is treated as not paid yet.
    status: oneOf(session.status, ['complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'no_payment_required'], 'unpaid'),
    mode: session.mode === 'setup' ? 'setup' : 'payment',
    purpose: purposeOf(session.metadata),
    pid: session.client_reference_id ?? session.metadata?.pid ?? null,
    paymentIntentId: idOf(session.payment_intent),
    setupIntentId: idOf(session.setup_intent),
    customerId: idOf(session.customer),
    amountTotal: session.amount_total,
  };
}

function savedCardOf(setupIntent: Stripe.SetupIntent): SavedCard {
  return {
    setupIntentId: setupIntent.id,
    status: setupIntent.status === 'succeeded' ? 'succeeded' : 'other',
    paymentMethodId: idOf(setupIntent.payment_method),
    customerId: idOf(setupIntent.customer),
  };
}

function intentSummaryOf(intent: Stripe.PaymentIntent): IntentSummary {
  return {
    id: intent.id,
    pid: intent.metadata.pid ?? null,
    purpose: purposeOf(intent.metadata),
    amount: intent.amount,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

function checkoutSessionParams(request: CheckoutSessionRequest): Stripe.Checkout.SessionCreateParams {
  const metadata = { pid: request.pid, purpose: request.purpose };
  const common = {
    currency: 'gbp',
    client_reference_id: request.pid,
    metadata,
    expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
  if (request.mode === 'setup') {
    return { ...common, mode: 'setup', customer: request.customerId, setup_intent_data: { metadata } };
  }
  return {
    ...common,
    mode: 'payment',
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
    payment_intent_data: { metadata },
    customer_email: request.customerEmail,
  };
}

export function createStripePayments(
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
      const session = await stripe.checkout.sessions.create(checkoutSessionParams(request), {
        idempotencyKey: `checkout-${request.pid}`,
      });
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
    async createCustomer({ pid, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { pid } },
        { idempotencyKey: `customer-${pid}` },
      );
      return { id: customer.id };
    },
    async retrieveSetupIntent(id) {
      return savedCardOf(await stripe.setupIntents.retrieve(id));
    },
    async chargeOffSession(request, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: 'gbp',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { pid: request.pid, purpose: 'deposit' },
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { kind: 'succeeded', paymentIntentId: intent.id };
        return {
          kind: 'declined',
          paymentIntentId: intent.id,
          message: `the payment did not complete (${intent.status.replaceAll('_', ' ')})`,
        };
      } catch (error) {
        // The bank's refusal (declined, or it wants the guest to authenticate): an answer, not a failure.
        if (error instanceof StripeClient.errors.StripeCardError) {
          return {
            kind: 'declined',
            paymentIntentId: error.payment_intent?.id ?? null,
            message: error.message,
          };
        }
        throw error;
      }
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
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return { id: event.id, type: event.type, session: fromStripeSession(event.data.object) };
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          return { id: event.id, type: event.type, intent: intentSummaryOf(event.data.object) };
        case 'setup_intent.succeeded': {
          const setupIntent = event.data.object;
          return {
            id: event.id,
            type: event.type,
            card: {
              ...savedCardOf(setupIntent),
              pid: setupIntent.metadata?.pid ?? null,
              purpose: purposeOf(setupIntent.metadata),
            },
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          return {
            id: event.id,
            type: event.type,
            refund: {
              paymentIntentId: idOf(charge.payment_intent),
              amountRefunded: charge.amount_refunded,
              refunded: charge.refunded,
            },
          };
        }
        default:
          return { id: event.id, type: 'other', stripeType: event.type };
      }
    },
  };
}

interface DemoSession extends CheckoutSession {
  expiresAt: Date;
}

/** Each purpose's own demo checkout page, which says plainly that no money is taken. */
const DEMO_CHECKOUT_PATHS: Record<PaymentPurpose, string> = {
  christmas: '/christmas/demo-checkout',
  deposit: '/bookings/demo-checkout',
};

const demoId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The offline stand-in for Stripe (development and tests without keys): its checkout pages are our own, and
 * sessions, customers, saved cards and charges live in memory.
 */
export function createDemoPayments(publicUrl: string, clock: () => Date): DemoPayments {
  const sessions = new Map<string, DemoSession>();
  const customersByPid = new Map<string, string>();
  const savedCards = new Map<string, SavedCard>();
  const charges = new Map<string, OffSessionCharge>();

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
        id: demoId('demo_cs'),
        url: `${publicUrl}${DEMO_CHECKOUT_PATHS[request.purpose]}?pid=${encodeURIComponent(request.pid)}`,
        status: 'open',
        paymentStatus: 'unpaid',
        mode: request.mode,
        purpose: request.purpose,
        pid: request.pid,
        paymentIntentId: null,
        setupIntentId: null,
        customerId: request.customerId ?? null,
        amountTotal: request.mode === 'setup' ? null : request.unitAmountPence * request.quantity,
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
      return { id: demoId('demo_re') };
    },
    async createCustomer({ pid }) {
      const id = customersByPid.get(pid) ?? demoId('demo_cus');
      customersByPid.set(pid, id);
      return { id };
    },
    async retrieveSetupIntent(id) {
      const card = savedCards.get(id);
      if (!card) throw new DemoCheckoutError('This demo card no longer exists.');
      return { ...card };
    },
    async chargeOffSession(_request, idempotencyKey) {
      const charge = charges.get(idempotencyKey) ?? { kind: 'succeeded', paymentIntentId: demoId('demo_pi') };
      charges.set(idempotencyKey, charge);
      return charge;
    },
    pay(sessionId) {
      const session = current(sessionId);
      if (session.status !== 'open')
        throw new DemoCheckoutError('This checkout has expired or was cancelled.');
      session.status = 'complete';
      if (session.mode === 'setup') {
        session.paymentStatus = 'no_payment_required';
        session.customerId ??= demoId('demo_cus');
        session.setupIntentId = demoId('demo_seti');
        savedCards.set(session.setupIntentId, {
          setupIntentId: session.setupIntentId,
          status: 'succeeded',
          paymentMethodId: demoId('demo_pm'),
          customerId: session.customerId,
        });
      } else {
        session.paymentStatus = 'paid';
        session.paymentIntentId = demoId('demo_pi');
      }
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
      'Online payments are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take deposits.',
    );
  }
  app.decorate<Payments | null>('payments', payments);
}
