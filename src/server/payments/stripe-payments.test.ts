import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { WEBHOOK_SECRET } from '#tests/helpers/stripe-webhooks.ts';
import type { StripePayments } from './payments.ts';
import { checkoutRequest, GUEST, NOW, newPid } from './payments-test-kit.ts';
import { createStripePayments, WebhookSignatureError } from './stripe-payments.ts';

describe('the Stripe provider, through the Stripe SDK against a fake Stripe', () => {
  let fake: FakeStripe;
  let payments: StripePayments;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const { hostname, port } = new URL(fake.url);
    payments = createStripePayments(Stripe, {
      secretKey: FAKE_STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: { host: hostname, port: Number(port), protocol: 'http' },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.failNext(0));

  /** A card saved through a completed setup-mode session, as the deposits flow saves one. */
  async function savedCard(pid = newPid()) {
    const customer = await payments.createCustomer({ pid, ...GUEST });
    const session = await payments.createCheckoutSession(
      checkoutRequest({ pid, mode: 'setup', customerId: customer.id }),
    );
    const setupIntentId = fake.complete(session.id).setup_intent as string;
    return { pid, customerId: customer.id, sessionId: session.id, setupIntentId };
  }

  async function charge(customerId: string, paymentMethodId: string, key: string, pid = newPid()) {
    return payments.chargeOffSession(
      { customerId, paymentMethodId, amountPence: 2500, description: 'No-show fee, table for 4', pid },
      key,
    );
  }

  async function cardToCharge() {
    const { customerId, setupIntentId } = await savedCard();
    const card = await payments.retrieveSetupIntent(setupIntentId);
    return { customerId, paymentMethodId: card.paymentMethodId as string };
  }

  function parse(body: string, secret = WEBHOOK_SECRET) {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: Math.floor(NOW.getTime() / 1000),
    });
    return payments.parseWebhook(Buffer.from(body), signature, NOW);
  }

  it('creates a payment-mode session whose session and intent both carry the pid and purpose', async () => {
    const request = checkoutRequest();
    const session = await payments.createCheckoutSession(request);
    expect(session).toMatchObject({
      mode: 'payment',
      purpose: 'deposit',
      pid: request.pid,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 4000,
      setupIntentId: null,
      customerId: null,
    });
    expect(fake.sessions.get(session.id)).toMatchObject({
      mode: 'payment',
      customer_email: GUEST.email,
      metadata: { pid: request.pid, purpose: 'deposit' },
    });

    const paymentIntentId = fake.complete(session.id).payment_intent as string;
    expect(fake.paymentIntents.get(paymentIntentId)?.metadata).toEqual({
      pid: request.pid,
      purpose: 'deposit',
    });
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId,
    });
  });

  it('creates a setup-mode session for a customer: no line items, no amount, the card saved on completion', async () => {
    const pid = newPid();
    const customer = await payments.createCustomer({ pid, ...GUEST });
    const request = checkoutRequest({ pid, mode: 'setup', customerId: customer.id });
    const session = await payments.createCheckoutSession(request);

    expect(session).toMatchObject({
      mode: 'setup',
      purpose: 'deposit',
      pid,
      status: 'open',
      paymentStatus: 'no_payment_required',
      amountTotal: null,
      customerId: customer.id,
      setupIntentId: null,
      paymentIntentId: null,
    });
    const create = fake.requests.findLast((call) => call.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toBe(`checkout-${pid}`);
    expect(create?.body).toEqual({
      mode: 'setup',
      currency: 'gbp',
      customer: customer.id,
      client_reference_id: pid,
      metadata: { pid, purpose: 'deposit' },
      setup_intent_data: { metadata: { pid, purpose: 'deposit' } },
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });

    const setupIntentId = fake.complete(session.id).setup_intent as string;
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'no_payment_required',
      setupIntentId,
      customerId: customer.id,
    });
    const card = await payments.retrieveSetupIntent(setupIntentId);
    expect(card).toEqual({
      setupIntentId,
      status: 'succeeded',
      paymentMethodId: fake.setupIntents.get(setupIntentId)?.payment_method,
      customerId: customer.id,
    });
    expect(card.paymentMethodId).toMatch(/^pm_/);
    expect(fake.setupIntents.get(setupIntentId)?.metadata).toEqual({ pid, purpose: 'deposit' });
  });

  it('makes one customer per pid, however often it is asked', async () => {
    const [pid, otherPid] = [newPid(), newPid()];
    const before = fake.customers.size;
    const first = await payments.createCustomer({ pid, ...GUEST });
    const again = await payments.createCustomer({ pid, ...GUEST });
    const other = await payments.createCustomer({ pid: otherPid, ...GUEST });

    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(fake.customers.size).toBe(before + 2);
    expect(fake.customers.get(first.id)).toMatchObject({ email: GUEST.email, name: GUEST.name });
    const keys = fake.requests
      .filter((call) => call.path === '/v1/customers')
      .slice(-3)
      .map((call) => call.idempotencyKey);
    expect(keys).toEqual([`customer-${pid}`, `customer-${pid}`, `customer-${otherPid}`]);
  });

  it('charges a saved card off-session, as a deposit of the pid', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    const pid = newPid();
    const result = await charge(customerId, paymentMethodId, `fee-${pid}`, pid);

    expect(result).toEqual({ kind: 'succeeded', paymentIntentId: expect.stringMatching(/^pi_/) });
    const intent = fake.paymentIntents.get(result.paymentIntentId as string);
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'gbp',
      status: 'succeeded',
      customer: customerId,
      payment_method: paymentMethodId,
      description: 'No-show fee, table for 4',
      metadata: { pid, purpose: 'deposit' },
    });
    const call = fake.requests.findLast((request) => request.path === '/v1/payment_intents');
    expect(call?.body).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(call?.idempotencyKey).toBe(`fee-${pid}`);
  });

  it("answers a bank's refusal as declined, with its intent and reason; the next charge is taken", async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    fake.declineNextCharge();
    const declined = await charge(customerId, paymentMethodId, `fee-${newPid()}`);
    expect(declined).toEqual({
      kind: 'declined',
      paymentIntentId: expect.stringMatching(/^pi_/),
      message: 'Your card was declined.',
    });
    const intentId = declined.paymentIntentId as string;
    expect(fake.paymentIntents.get(intentId)?.status).toBe('requires_payment_method');

    fake.declineNextCharge('authentication_required', 'This payment needs the cardholder to authenticate.');
    expect(await charge(customerId, paymentMethodId, `fee-${newPid()}`)).toMatchObject({
      kind: 'declined',
      message: 'This payment needs the cardholder to authenticate.',
    });

    expect((await charge(customerId, paymentMethodId, `fee-${newPid()}`)).kind).toBe('succeeded');
  });

  it('charges once for one key, taken or declined', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    const before = fake.paymentIntents.size;
    const key = `fee-${newPid()}`;
    const first = await charge(customerId, paymentMethodId, key);
    const again = await charge(customerId, paymentMethodId, key);
    expect(again).toEqual(first);
    expect(fake.paymentIntents.size).toBe(before + 1);

    fake.declineNextCharge();
    const declineKey = `fee-${newPid()}`;
    const declined = await charge(customerId, paymentMethodId, declineKey);
    expect(await charge(customerId, paymentMethodId, declineKey)).toEqual(declined);
    expect(declined.kind).toBe('declined');
    expect(fake.paymentIntents.size).toBe(before + 2);
  });

  it('throws when Stripe cannot be reached, rather than calling it a decline', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    fake.failNext(10);
    await expect(charge(customerId, paymentMethodId, `fee-${newPid()}`)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
  });

  it('refunds an off-session charge in full', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    const taken = await charge(customerId, paymentMethodId, `fee-${newPid()}`);
    const refund = await payments.refund(taken.paymentIntentId as string, `refund-${taken.paymentIntentId}`);
    expect(fake.refunds.find((made) => made.id === refund.id)).toMatchObject({
      payment_intent: taken.paymentIntentId,
      amount: 2500,
    });
  });

  it('parses the intent events: the pid, purpose, amount and any failure', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    const pid = newPid();
    const taken = await charge(customerId, paymentMethodId, `fee-${pid}`, pid);
    const intent = fake.paymentIntents.get(taken.paymentIntentId as string);
    if (!intent) throw new Error('no intent at the fake');
    expect(parse(fake.intentEvent('payment_intent.succeeded', intent, 'evt_taken'))).toEqual({
      id: 'evt_taken',
      type: 'payment_intent.succeeded',
      intent: { id: intent.id, pid, purpose: 'deposit', amount: 2500, failureMessage: null },
    });

    fake.declineNextCharge('card_declined', 'Your card has insufficient funds.');
    const declined = await charge(customerId, paymentMethodId, `fee-${newPid()}`, pid);
    const failed = fake.paymentIntents.get(declined.paymentIntentId as string);
    if (!failed) throw new Error('no declined intent at the fake');
    expect(parse(fake.intentEvent('payment_intent.payment_failed', failed))).toMatchObject({
      type: 'payment_intent.payment_failed',
      intent: { id: failed.id, pid, purpose: 'deposit', failureMessage: 'Your card has insufficient funds.' },
    });
  });

  it('parses setup_intent.succeeded as the saved card with its pid and purpose', async () => {
    const { pid, customerId, setupIntentId } = await savedCard();
    const setupIntent = fake.setupIntents.get(setupIntentId);
    if (!setupIntent) throw new Error('no setup intent at the fake');
    expect(parse(fake.setupIntentEvent(setupIntent, 'evt_card'))).toEqual({
      id: 'evt_card',
      type: 'setup_intent.succeeded',
      card: {
        setupIntentId,
        status: 'succeeded',
        paymentMethodId: setupIntent.payment_method,
        customerId,
        pid,
        purpose: 'deposit',
      },
    });
  });

  it('parses charge.refunded, in full or in part', async () => {
    const { customerId, paymentMethodId } = await cardToCharge();
    const taken = await charge(customerId, paymentMethodId, `fee-${newPid()}`);
    const paymentIntentId = taken.paymentIntentId as string;
    expect(parse(fake.chargeRefundedEvent(paymentIntentId))).toMatchObject({
      type: 'charge.refunded',
      refund: { paymentIntentId, amountRefunded: 2500, refunded: true },
    });
    expect(parse(fake.chargeRefundedEvent(paymentIntentId, 1000))).toMatchObject({
      refund: { paymentIntentId, amountRefunded: 1000, refunded: false },
    });
  });

  it('parses a completed setup session with its card, and a session made before purposes as Christmas’s', async () => {
    const { pid, customerId, sessionId, setupIntentId } = await savedCard();
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error('no session at the fake');
    expect(parse(fake.event('checkout.session.completed', session))).toMatchObject({
      type: 'checkout.session.completed',
      session: { id: sessionId, mode: 'setup', purpose: 'deposit', pid, setupIntentId, customerId },
    });

    const older = { ...session, mode: 'payment', metadata: { pid } };
    expect(parse(fake.event('checkout.session.completed', older))).toMatchObject({
      session: { mode: 'payment', purpose: 'christmas' },
    });
    const unknownPurpose = { ...session, metadata: { pid, purpose: 'raffle' } };
    expect(parse(fake.event('checkout.session.expired', unknownPurpose))).toMatchObject({
      type: 'checkout.session.expired',
      session: { purpose: 'christmas' },
    });
  });

  it('acknowledges other events as other, and refuses a body not signed with its secret', async () => {
    const body = fake.eventFor('customer.created', { id: 'cus_elsewhere', object: 'customer' }, 'evt_x');
    expect(parse(body)).toEqual({ id: 'evt_x', type: 'other', stripeType: 'customer.created' });
    expect(() => parse(body, 'whsec_someone_else')).toThrow(WebhookSignatureError);
  });
});
