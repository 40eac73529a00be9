/**
 * A small local stand-in for the Stripe API, over HTTP on 127.0.0.1, for the real `stripe` SDK to talk to
 * (through its host/port/protocol options): Checkout Sessions (payment and setup mode) can be created,
 * retrieved and expired; Customers created; SetupIntents retrieved; off-session PaymentIntents created and
 * confirmed; refunds created; with Stripe's form-encoded bodies, bearer keys and idempotency keys. Tests
 * complete a session as Stripe would when the guest pays or saves a card, tell the next charge to be
 * declined, and build the events Stripe would send.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_KEY = 'sk_test_fake_rose_and_crown';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  mode: string;
  currency: string;
  /** null in setup mode, which takes no money. */
  amount_total: number | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  /** Setup mode: the SetupIntent that saved the card, once the session is complete. */
  setup_intent: string | null;
  line_items: { quantity: number; unit_amount: number; currency: string; name: string }[];
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'succeeded';
  usage: 'off_session';
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  customer: string | null;
  payment_method: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: 'card_error'; code: string; message: string } | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }, as Stripe reads its form bodies. */
function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] as string);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const optionalString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const metadataOf = (value: unknown): Record<string, string> => ({ ...(value as Record<string, string>) });

function stripeError(response: ServerResponse, status: number, message: string, code?: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { type: 'invalid_request_error', message, code } }));
}

export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const customers = new Map<string, FakeCustomer>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  /** What a session's intent will carry (payment_intent_data / setup_intent_data), by session id. */
  const intentMetadata = new Map<string, Record<string, string>>();
  let failuresLeft = 0;
  let nextDecline: { code: string; message: string } | null = null;

  function send(response: ServerResponse, status: number, value: unknown, key?: string): void {
    const body = JSON.stringify(value);
    if (key && status < 500) idempotent.set(key, { status, body });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  }

  function createSession(body: Record<string, unknown>): FakeCheckoutSession {
    const items = (body.line_items ?? []) as {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    }[];
    const lineItems = items.map((item) => ({
      quantity: Number(item.quantity),
      unit_amount: Number(item.price_data.unit_amount),
      currency: item.price_data.currency,
      name: item.price_data.product_data.name,
    }));
    const mode = String(body.mode);
    const sessionId = id('cs_test');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      mode,
      currency: String(body.currency ?? lineItems[0]?.currency),
      amount_total:
        mode === 'setup' ? null : lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
      client_reference_id: optionalString(body.client_reference_id),
      customer: optionalString(body.customer),
      customer_email: optionalString(body.customer_email),
      metadata: metadataOf(body.metadata),
      expires_at: Number(body.expires_at),
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      payment_intent: null,
      setup_intent: null,
      line_items: lineItems,
    };
    const intentData = (mode === 'setup' ? body.setup_intent_data : body.payment_intent_data) as
      | { metadata?: Record<string, string> }
      | undefined;
    intentMetadata.set(sessionId, metadataOf(intentData?.metadata));
    sessions.set(session.id, session);
    return session;
  }

  function createCustomer(body: Record<string, unknown>): FakeCustomer {
    const customer: FakeCustomer = {
      id: id('cus'),
      object: 'customer',
      email: optionalString(body.email),
      name: optionalString(body.name),
      metadata: metadataOf(body.metadata),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  /** An off-session charge: taken, unless the test said the bank declines the next one. */
  function chargeCard(response: ServerResponse, body: Record<string, unknown>, storeKey?: string) {
    if (body.confirm !== 'true' || body.off_session !== 'true') {
      return stripeError(
        response,
        400,
        'The fake Stripe creates only confirmed off-session payment intents.',
      );
    }
    const customer = String(body.customer);
    const paymentMethod = String(body.payment_method);
    if (!customers.has(customer)) {
      return stripeError(response, 400, `No such customer: '${customer}'`, 'resource_missing');
    }
    const saved = [...setupIntents.values()].some(
      (setupIntent) => setupIntent.payment_method === paymentMethod && setupIntent.customer === customer,
    );
    if (!saved) {
      return stripeError(response, 400, `No such PaymentMethod: '${paymentMethod}'`, 'resource_missing');
    }
    const decline = nextDecline;
    nextDecline = null;
    const intent: FakePaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: String(body.currency),
      status: decline ? 'requires_payment_method' : 'succeeded',
      customer,
      payment_method: decline ? null : paymentMethod,
      description: optionalString(body.description),
      metadata: metadataOf(body.metadata),
      last_payment_error: decline ? { type: 'card_error', ...decline } : null,
    };
    paymentIntents.set(intent.id, intent);
    if (!decline) return send(response, 200, intent, storeKey);
    const error = {
      type: 'card_error',
      code: decline.code,
      message: decline.message,
      ...(decline.code === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
      payment_intent: intent,
    };
    send(response, 402, { error }, storeKey);
  }

  function refund(response: ServerResponse, body: Record<string, unknown>, storeKey?: string) {
    const paymentIntent = String(body.payment_intent);
    const intent = paymentIntents.get(paymentIntent);
    if (!intent) return stripeError(response, 404, 'No such payment_intent', 'resource_missing');
    if (refunds.some((made) => made.payment_intent === paymentIntent)) {
      return stripeError(
        response,
        400,
        `Charge for ${paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const made: FakeRefund = {
      id: id('re'),
      object: 'refund',
      payment_intent: paymentIntent,
      amount: intent.amount,
      status: 'succeeded',
    };
    refunds.push(made);
    send(response, 200, made, storeKey);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = decodeForm(Buffer.concat(chunks).toString('utf8'));
    const path = (request.url ?? '/').split('?')[0] as string;
    const key = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path, body, idempotencyKey: key });

    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return stripeError(response, 401, 'Invalid API Key provided.');
    }
    if (failuresLeft > 0) {
      failuresLeft--;
      return stripeError(response, 500, 'An unknown error occurred.');
    }
    const replay = key ? idempotent.get(`${request.method} ${path} ${key}`) : undefined;
    if (replay) {
      response.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      return void response.end(replay.body);
    }
    const storeKey = key ? `${request.method} ${path} ${key}` : undefined;

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      return send(response, 200, createSession(body), storeKey);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = sessions.get(sessionMatch[1] as string);
      if (!session) return stripeError(response, 404, 'No such checkout.session', 'resource_missing');
      if (request.method === 'GET' && !sessionMatch[2]) return send(response, 200, session);
      if (request.method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          return stripeError(response, 400, 'Only Checkout Sessions with a status of open can be expired.');
        }
        session.status = 'expired';
        session.url = null;
        return send(response, 200, session, storeKey);
      }
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      return send(response, 200, createCustomer(body), storeKey);
    }
    const customerMatch = /^\/v1\/customers\/([\w]+)$/.exec(path);
    if (request.method === 'DELETE' && customerMatch) {
      const customerId = customerMatch[1] as string;
      if (!customers.delete(customerId))
        return stripeError(response, 404, `No such customer: '${customerId}'`, 'resource_missing');
      return send(response, 200, { id: customerId, object: 'customer', deleted: true });
    }
    const setupIntentMatch = /^\/v1\/setup_intents\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && setupIntentMatch) {
      const setupIntent = setupIntents.get(setupIntentMatch[1] as string);
      if (!setupIntent) return stripeError(response, 404, 'No such setupintent', 'resource_missing');
      return send(response, 200, setupIntent);
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      return chargeCard(response, body, storeKey);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      return refund(response, body, storeKey);
    }
    stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => stripeError(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function sessionOf(sessionId: string): FakeCheckoutSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No fake session ${sessionId}`);
    return session;
  }

  function eventFor(type: string, object: object, eventId = id('evt')): string {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      data: { object: { ...object } },
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    customers,
    setupIntents,
    paymentIntents,
    refunds,
    requests,
    /**
     * The guest pays (payment mode: a bank debit leaves it 'unpaid' until it settles, its intent
     * 'processing'), or saves their card (setup mode: a succeeded SetupIntent with a new PaymentMethod, for
     * the session's customer; `paymentStatus` does not apply).
     */
    complete(sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): FakeCheckoutSession {
      const session = sessionOf(sessionId);
      session.status = 'complete';
      session.url = null;
      const metadata = intentMetadata.get(sessionId) ?? {};
      if (session.mode === 'setup') {
        const setupIntent: FakeSetupIntent = {
          id: id('seti'),
          object: 'setup_intent',
          status: 'succeeded',
          usage: 'off_session',
          customer: session.customer,
          payment_method: id('pm'),
          metadata,
        };
        setupIntents.set(setupIntent.id, setupIntent);
        session.setup_intent = setupIntent.id;
        session.payment_status = 'no_payment_required';
        return session;
      }
      session.payment_status = paymentStatus;
      if (!session.payment_intent) {
        const intent: FakePaymentIntent = {
          id: id('pi'),
          object: 'payment_intent',
          amount: session.amount_total ?? 0,
          currency: session.currency,
          status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
          customer: session.customer,
          payment_method: id('pm'),
          description: null,
          metadata,
          last_payment_error: null,
        };
        paymentIntents.set(intent.id, intent);
        session.payment_intent = intent.id;
      }
      return session;
    },
    /** The session's time runs out at Stripe. */
    expire(sessionId: string): FakeCheckoutSession {
      const session = sessionOf(sessionId);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    /** The next `count` calls answer 500 (the SDK's own retries included). */
    failNext(count: number): void {
      failuresLeft = count;
    },
    /** The bank refuses the next off-session charge: 402 card_error, its intent left requires_payment_method. */
    declineNextCharge(code = 'card_declined', message = 'Your card was declined.'): void {
      nextDecline = { code, message };
    },
    /** A webhook body as Stripe sends it, carrying `object` as it is now. */
    eventFor,
    /** A checkout.session.* webhook body, for a session as it is now. */
    event(type: string, session: FakeCheckoutSession, eventId?: string): string {
      return eventFor(type, session, eventId);
    },
    /** payment_intent.succeeded or payment_intent.payment_failed, for an intent as it is now. */
    intentEvent(
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
      intent: FakePaymentIntent,
      eventId?: string,
    ): string {
      return eventFor(type, intent, eventId);
    },
    /** setup_intent.succeeded, for a saved card. */
    setupIntentEvent(setupIntent: FakeSetupIntent, eventId?: string): string {
      return eventFor('setup_intent.succeeded', setupIntent, eventId);
    },
    /** charge.refunded for an intent's charge, in full unless told (a refund made in Stripe's dashboard too). */
    chargeRefundedEvent(paymentIntentId: string, amountRefunded?: number, eventId?: string): string {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`No fake payment intent ${paymentIntentId}`);
      const refunded = amountRefunded ?? intent.amount;
      const charge = {
        id: id('ch'),
        object: 'charge',
        payment_intent: intent.id,
        amount: intent.amount,
        amount_refunded: refunded,
        refunded: refunded >= intent.amount,
        currency: intent.currency,
        customer: intent.customer,
        metadata: intent.metadata,
      };
      return eventFor('charge.refunded', charge, eventId);
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
