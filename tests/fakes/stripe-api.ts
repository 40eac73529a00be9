/**
 * A small local stand-in for the Stripe API, over HTTP on 127.0.0.1, for the real `stripe` SDK to talk to
 * (through its host/port/protocol options): Checkout Sessions can be created, retrieved and expired, and
 * refunds created, with Stripe's form-encoded bodies, bearer keys and idempotency keys. Tests complete a
 * session as Stripe would when the guest pays, and build the events Stripe would send.
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
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  line_items: { quantity: number; unit_amount: number; currency: string; name: string }[];
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

function stripeError(response: ServerResponse, status: number, message: string, code?: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { type: 'invalid_request_error', message, code } }));
}

export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  let failuresLeft = 0;

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
    const sessionId = id('cs_test');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: String(body.mode),
      currency: String(body.currency ?? lineItems[0]?.currency),
      amount_total: lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      expires_at: Number(body.expires_at),
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      payment_intent: null,
      line_items: lineItems,
    };
    sessions.set(session.id, session);
    return session;
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
    if (request.method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(body.payment_intent);
      const paid = [...sessions.values()].find((session) => session.payment_intent === paymentIntent);
      if (!paid) return stripeError(response, 404, 'No such payment_intent', 'resource_missing');
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount: paid.amount_total,
        status: 'succeeded',
      };
      refunds.push(refund);
      return send(response, 200, refund, storeKey);
    }
    stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path})`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => stripeError(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    /** The guest pays: the session completes (a bank debit leaves it 'unpaid' until it settles). */
    complete(sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): FakeCheckoutSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent ??= id('pi');
      session.url = null;
      return session;
    },
    /** The session's time runs out at Stripe. */
    expire(sessionId: string): FakeCheckoutSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No fake session ${sessionId}`);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    /** The next `count` calls answer 500 (the SDK's own retries included). */
    failNext(count: number): void {
      failuresLeft = count;
    },
    /** A webhook body as Stripe sends it, for a session as it is now. */
    event(type: string, session: FakeCheckoutSession, eventId = id('evt')): string {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        data: { object: { ...session } },
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
