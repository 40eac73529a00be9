import type Stripe from 'stripe';
import type { AppConfig } from '../env.ts';
import {
  type ChargeRefund,
  type CheckoutSession,
  type CheckoutSessionRequest,
  type IntentSummary,
  PAYMENT_PURPOSES,
  type PaymentPurpose,
  type SavedCard,
  type SavedCardEvent,
  type StripePayments,
} from './payments.ts';

/** parseWebhook's refusal of a body its signature does not match. */
export class WebhookSignatureError extends Error {}

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

/** A card saved for a purpose, as its setup_intent.succeeded event carries it. */
function heldCardOf(setupIntent: Stripe.SetupIntent): SavedCardEvent {
  return {
    ...savedCardOf(setupIntent),
    pid: setupIntent.metadata?.pid ?? null,
    purpose: purposeOf(setupIntent.metadata),
  };
}

function refundOf(charge: Stripe.Charge): ChargeRefund {
  return {
    paymentIntentId: idOf(charge.payment_intent),
    amountRefunded: charge.amount_refunded,
    refunded: charge.refunded,
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
    async deleteCustomer(id) {
      try {
        await stripe.customers.del(id);
      } catch (error) {
        if (
          error instanceof StripeClient.errors.StripeInvalidRequestError &&
          error.code === 'resource_missing'
        )
          return;
        throw error;
      }
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
        case 'setup_intent.succeeded':
          return { id: event.id, type: event.type, card: heldCardOf(event.data.object) };
        case 'charge.refunded':
          return { id: event.id, type: event.type, refund: refundOf(event.data.object) };
        default:
          return { id: event.id, type: 'other', stripeType: event.type };
      }
    },
  };
}
