import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { occasionBookings, outboxMessages, stripeEvents } from '#db/schema.ts';
import type { FakeStripe } from '#tests/fakes/stripe-api.ts';
import { BEFORE_CUTOFF, bookSeats, christmasOrder } from '#tests/helpers/christmas.ts';
import { christmasSeats, clearChristmas, reservationByPid } from '#tests/helpers/christmas-app.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import type { SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { deliverStripeEvent, stripeSignature, WEBHOOK_SECRET } from '#tests/helpers/stripe-webhooks.ts';
import { databaseTargets, type TestApp } from '#tests/helpers/test-app.ts';
import { selectChristmasBookings, selectReservation, selectReservations } from '../christmas/store.ts';
import { startStripeTestApp } from './stripe-test-app.ts';

const GUEST = 'margaret@example.com';
const PUB = 'landlord@roseandcrown.example';

describe.each(databaseTargets)('Stripe Checkout and its webhook on $name', (target) => {
  let stripe: FakeStripe;
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ stripe, smtp, t, close } = await startStripeTestApp(target, BEFORE_CUTOFF, { PUB_NOTIFY_EMAIL: PUB }));
  });
  afterAll(() => close());
  beforeEach(async () => {
    await deliverQueuedMail(t.app);
    await t.database.db.delete(outboxMessages);
    smtp.received.length = 0;
    t.setNow(BEFORE_CUTOFF);
    stripe.refunds.length = 0;
    stripe.failNext(0);
    await clearChristmas(t);
  });

  /** Starts a checkout and answers its pid and the fake's session. */
  async function startCheckout(body = christmasOrder(), remoteAddress = '127.0.0.1') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      remoteAddress,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const reservation = await selectReservation(
      t.database.db,
      eq(occasionBookings.stripeSessionId, [...stripe.sessions.keys()].at(-1) as string),
    );
    if (!reservation?.stripeSessionId) throw new Error('no reservation for the new session');
    return {
      url: response.json().url as string,
      pid: reservation.pid,
      sessionId: reservation.stripeSessionId,
    };
  }

  const deliver = (body: string, signature?: string) => deliverStripeEvent(t, body, signature);
  const sign = (body: string, secret?: string) => stripeSignature(t, body, secret);
  const reservationOf = (pid: string) => reservationByPid(t, pid);

  async function bookingCount(): Promise<number> {
    return (await selectChristmasBookings(t.database.db)).length;
  }

  const remaining = async (sitting: 'xmas-early' | 'xmas-late'): Promise<number> =>
    (await christmasSeats(t))[sitting].remaining;

  async function mailsSettled() {
    await deliverQueuedMail(t.app);
    return smtp.received;
  }

  it('creates a GBP Checkout Session for the deposit, tied to the reservation and its hold', async () => {
    const { url, pid, sessionId } = await startCheckout(christmasOrder({ adults: 2, children: 1 }));
    const session = stripe.sessions.get(sessionId);
    expect(url).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      client_reference_id: pid,
      metadata: { pid },
      customer_email: GUEST,
      expires_at: Math.floor(BEFORE_CUTOFF.getTime() / 1000) + 31 * 60,
      success_url: `https://pub.test/christmas/success?pid=${pid}`,
      cancel_url: `https://pub.test/christmas/cancel?pid=${pid}`,
      amount_total: 7500,
    });
    expect(session?.line_items).toEqual([
      { quantity: 3, unit_amount: 2500, currency: 'gbp', name: 'Christmas Day deposit — The Rose & Crown' },
    ]);
    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(create?.idempotencyKey).toBe(`checkout-${pid}`);
    expect((await reservationOf(pid))?.expiresAt?.getTime()).toBe(session ? session.expires_at * 1000 : 0);
  });

  it('releases the hold and answers an error when Stripe cannot create the session', async () => {
    stripe.failNext(10);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: christmasOrder({ adults: 4 }),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'We could not start the payment just now. Please try again in a moment.',
    });
    const [reservation] = await selectReservations(t.database.db);
    expect(reservation).toMatchObject({ state: 'CANCELLED', cancelReason: 'checkout_failed' });
    expect(await remaining('xmas-early')).toBe(30);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { pid, sessionId } = await startCheckout();
    const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
    for (const signature of [sign(body, 'whsec_someone_else'), 't=1,v1=deadbeef', '']) {
      const response = await deliver(body, signature);
      expect(response.statusCode).toBe(400);
    }
    // A body altered after signing fails too.
    const tampered = await deliver(body.replace('"paid"', '"unpaid"'), sign(body));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);

    expect((await reservationOf(pid))?.state).toBe('PENDING');
    expect(await bookingCount()).toBe(0);
    const [events] = await t.database.db.select({ value: count() }).from(stripeEvents);
    expect(events?.value).toBe(0);
    expect(await mailsSettled()).toHaveLength(0);
  });

  it('refuses a correctly signed event that is too old to trust', async () => {
    const { sessionId } = await startCheckout();
    const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(BEFORE_CUTOFF.getTime() / 1000) - 3600,
    });
    expect((await deliver(body, stale)).statusCode).toBe(400);
    expect(await bookingCount()).toBe(0);
  });

  it('confirms once and e-mails once when the same event is delivered five times', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 2, children: 1 }));
    const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
    const answers = [];
    for (let delivery = 0; delivery < 5; delivery++) answers.push(await deliver(body));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]?.json()).toEqual({ received: true });
    expect(answers[4]?.json()).toEqual({ received: true, duplicate: true });

    expect(await bookingCount()).toBe(1);
    const reservation = await reservationOf(pid);
    expect(reservation).toMatchObject({ state: 'PAID_CONFIRMED', amountPaidPence: 7500 });
    expect(reservation?.paymentIntentId).toMatch(/^pi_/);
    const [events] = await t.database.db.select({ value: count() }).from(stripeEvents);
    expect(events?.value).toBe(1);

    const mails = await mailsSettled();
    expect(mails).toHaveLength(2);
    const [guest] = smtp.to(GUEST);
    const [booking] = await selectChristmasBookings(t.database.db);
    expect(guest?.subject).toBe(`Your Christmas Day booking at The Rose & Crown — ${booking?.reference}`);
    expect(guest?.text).toContain('Deposit paid:           £75.00');
    expect(guest?.text).toContain('Balance due on the day');
    expect(smtp.to(PUB)[0]?.subject).toBe(
      `Christmas booking ${booking?.reference}: 12pm–2pm, 3 guests — Margaret Ellis`,
    );

    const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
    expect(pending.json()).toMatchObject({ state: 'PAID_CONFIRMED', reference: booking?.reference });
  });

  it('confirms once and e-mails once when deliveries and finalize race each other', async () => {
    const { pid, sessionId } = await startCheckout();
    const session = stripe.complete(sessionId);
    const completed = stripe.event('checkout.session.completed', session);
    const again = stripe.event('checkout.session.completed', session);
    const answers = await Promise.all([
      deliver(completed),
      deliver(completed),
      deliver(again),
      t.app.inject({ method: 'POST', url: `/api/christmas/finalize/${pid}` }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await bookingCount()).toBe(1);
    expect(await mailsSettled()).toHaveLength(2);
    expect(smtp.to(GUEST)).toHaveLength(1);
  });

  it('releases the seats when the session expires', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 5 }));
    expect(await remaining('xmas-early')).toBe(25);
    const response = await deliver(stripe.event('checkout.session.expired', stripe.expire(sessionId)));
    expect(response.statusCode).toBe(200);
    expect(await reservationOf(pid)).toMatchObject({ state: 'CANCELLED', cancelReason: 'expired' });
    expect(await remaining('xmas-early')).toBe(30);
    const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
    expect(pending.json()).toEqual({ state: 'CANCELLED' });
  });

  it('seats a payment that arrives after its hold was released, when the seats are still free', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 2 }));
    await deliver(stripe.event('checkout.session.expired', stripe.sessions.get(sessionId) as never));
    expect((await reservationOf(pid))?.state).toBe('CANCELLED');
    const response = await deliver(stripe.event('checkout.session.completed', stripe.complete(sessionId)));
    expect(response.statusCode).toBe(200);
    expect((await reservationOf(pid))?.state).toBe('PAID_CONFIRMED');
    expect(await bookingCount()).toBe(1);
    expect(stripe.refunds).toHaveLength(0);
  });

  it('refunds a payment after its hold was released when the sitting has filled, and cancels it', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 2 }));
    await deliver(stripe.event('checkout.session.expired', stripe.sessions.get(sessionId) as never));
    await bookSeats(t.database.db, 'xmas-early', 29);

    const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
    const answers = await Promise.all([deliver(body), deliver(body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await deliver(body);

    const reservation = await reservationOf(pid);
    expect(reservation).toMatchObject({ state: 'CANCELLED', cancelReason: 'unseatable' });
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.refunds[0]?.payment_intent).toBe(stripe.sessions.get(sessionId)?.payment_intent);
    expect(reservation?.refundId).toBe(stripe.refunds[0]?.id);
    expect(await bookingCount()).toBe(1);
    const mails = await mailsSettled();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Christmas Day deposit is being refunded — The Rose & Crown');
    expect(mails[0]?.text).toContain('£50.00 is being refunded in full');

    const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
    expect(pending.json()).toEqual({ state: 'CANCELLED' });
  });

  it('keeps the seats of a payment that settles later, then confirms or releases them', async () => {
    const first = await startCheckout(christmasOrder({ adults: 3 }));
    // Another guest: one e-mail or one IP address holds one checkout at a time.
    const second = await startCheckout(
      christmasOrder({ adults: 4 }, { email: 'edith@example.com' }),
      '198.51.100.2',
    );
    await deliver(stripe.event('checkout.session.completed', stripe.complete(first.sessionId, 'unpaid')));
    await deliver(stripe.event('checkout.session.completed', stripe.complete(second.sessionId, 'unpaid')));
    expect((await reservationOf(first.pid))?.state).toBe('PAID_AWAITING');

    // Long after the hold's 31 minutes, the settling payments still hold their seats.
    t.setNow(new Date(BEFORE_CUTOFF.getTime() + 3 * 60 * 60_000));
    expect(await remaining('xmas-early')).toBe(23);

    const paid = stripe.sessions.get(first.sessionId);
    if (paid) paid.payment_status = 'paid';
    await deliver(stripe.event('checkout.session.async_payment_succeeded', paid as never));
    await deliver(
      stripe.event('checkout.session.async_payment_failed', stripe.sessions.get(second.sessionId) as never),
    );
    expect((await reservationOf(first.pid))?.state).toBe('PAID_CONFIRMED');
    expect(await reservationOf(second.pid)).toMatchObject({
      state: 'CANCELLED',
      cancelReason: 'payment_failed',
    });
    expect(await remaining('xmas-early')).toBe(27);
    await mailsSettled();
    expect(smtp.to(GUEST)).toHaveLength(1);
  });

  it('does not take seats back for a settling payment whose hold lapsed; it is refunded if they have gone', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 2 }));
    t.setNow(new Date(BEFORE_CUTOFF.getTime() + 40 * 60_000));
    await bookSeats(t.database.db, 'xmas-early', 30);
    await deliver(stripe.event('checkout.session.completed', stripe.complete(sessionId, 'unpaid')));
    expect((await reservationOf(pid))?.state).toBe('PENDING');
    expect(await remaining('xmas-early')).toBe(0);

    const settled = stripe.sessions.get(sessionId);
    if (settled) settled.payment_status = 'paid';
    await deliver(stripe.event('checkout.session.async_payment_succeeded', settled as never));
    expect(await reservationOf(pid)).toMatchObject({ state: 'CANCELLED', cancelReason: 'unseatable' });
    expect(stripe.refunds).toHaveLength(1);
  });

  it('acknowledges events it does not act on', async () => {
    const body = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const response = await deliver(body);
    expect(response.statusCode).toBe(200);
    expect(await bookingCount()).toBe(0);
  });

  it('reports a paid session the webhook has not reached yet as PAID_AWAITING, and finalize confirms it', async () => {
    const { pid, sessionId } = await startCheckout();
    const early = await t.app.inject({ method: 'POST', url: `/api/christmas/finalize/${pid}` });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'Payment has not completed yet.', state: 'PENDING' });

    stripe.complete(sessionId);
    const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
    expect(pending.json()).toEqual({ state: 'PAID_AWAITING' });
    expect(await bookingCount()).toBe(0);

    const finalized = await t.app.inject({ method: 'POST', url: `/api/christmas/finalize/${pid}` });
    expect(finalized.statusCode).toBe(200);
    expect(finalized.json()).toMatchObject({
      state: 'PAID_CONFIRMED',
      reference: expect.stringMatching(/^XMAS-/),
    });
    expect(await bookingCount()).toBe(1);
    expect(await mailsSettled()).toHaveLength(2);

    // The webhook arriving afterwards changes nothing.
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) as never));
    expect(await bookingCount()).toBe(1);
    expect(await mailsSettled()).toHaveLength(2);
  });

  it('expires the Stripe session before releasing the hold from the cancel URL', async () => {
    const { pid, sessionId } = await startCheckout(christmasOrder({ adults: 6 }));
    const response = await t.app.inject({ method: 'POST', url: `/api/christmas/cancel/${pid}` });
    expect(response.json()).toEqual({ state: 'CANCELLED' });
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect(
      stripe.requests.some((request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`),
    ).toBe(true);
    expect(await remaining('xmas-early')).toBe(30);
  });

  it('does not release a hold from the cancel URL once the guest has paid after all', async () => {
    const { pid, sessionId } = await startCheckout();
    stripe.complete(sessionId);
    const response = await t.app.inject({ method: 'POST', url: `/api/christmas/cancel/${pid}` });
    expect(response.json()).toMatchObject({ state: 'PAID_CONFIRMED' });
    expect(await bookingCount()).toBe(1);
  });

  it('offers no demo checkout while Stripe is configured', async () => {
    const { pid } = await startCheckout();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/christmas/demo-checkout/${pid}` })).statusCode,
    ).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: `/api/christmas/demo-checkout/${pid}/pay` });
    expect(pay.statusCode).toBe(404);
  });
});
