import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayments, bookings } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { createTestAdmin, TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { setDepositRules, WEEKEND_PARTIES } from '#tests/helpers/deposit-rules.ts';
import { deliverStripeEvent, fakeStripeEnv } from '#tests/helpers/stripe-webhooks.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, postgres, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { eight, NOW, SATURDAY, saturdayCoversLeft, TUESDAY, useDepositApp } from './deposit-test-kit.ts';

describe.each(databaseTargets)('deposits on $name', (target) => {
  const kit = useDepositApp(target);
  const { book, paymentOf, statusOf, trailOf, mailTo, payCheckout, paidSaturdayBooking } = kit;

  const cancelAsGuest = (token: string, expected: 'refund' | 'keep') =>
    kit.t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { expect: expected },
    });

  it('makes a Saturday party of 8 pay £80 before it is confirmed, and says the terms word for word', async () => {
    const { t, stripe } = kit;
    const response = await book(tableBookingRequest(SATURDAY, eight));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.status).toBe('PENDING');
    const terms = made.payment.terms as DepositTerms;
    expect(terms).toMatchObject({ kind: 'deposit', amountPence: 8000, perPersonPence: 1000, guests: 8 });
    const payment = await paymentOf(made._id);
    const session = stripe.sessions.get(payment?.stripeSessionId as string);
    expect(made.payment.checkoutUrl).toBe(session?.url);
    expect(session).toMatchObject({ mode: 'payment', amount_total: 8000, metadata: { purpose: 'deposit' } });
    expect(await mailTo('margaret@example.com')).toEqual([]);

    expect((await payCheckout(session?.id as string)).json()).toEqual({ received: true });
    expect(await statusOf(made._id)).toBe('CONFIRMED');
    expect(await paymentOf(made._id)).toMatchObject({ state: 'paid', paidPence: 8000 });
    const [confirmation] = await mailTo('margaret@example.com');
    for (const sentence of termsText(terms)) {
      expect(confirmation?.text.replace(/\s+/g, ' ')).toContain(sentence);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/manage/${String(made.manageUrl).split('/').at(-1)}`,
    });
    expect(page.json().payment).toMatchObject({ state: 'paid', paidPence: 8000, terms });
  });

  it('asks nothing of a Tuesday party of 8 or a Saturday party of 4', async () => {
    const { t, stripe } = kit;
    for (const request of [
      tableBookingRequest(TUESDAY, eight),
      tableBookingRequest(SATURDAY, { partyAdults: 4 }),
    ]) {
      const response = await book(request);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ status: 'CONFIRMED' });
      expect(response.json().payment).toBeUndefined();
    }
    expect(stripe.sessions.size).toBeGreaterThanOrEqual(0);
    expect(
      await t.database.db.select().from(bookingPayments).where(eq(bookingPayments.state, 'awaiting')),
    ).toEqual([]);
  });

  it('confirms once and e-mails once however often and in whatever order the events come', async () => {
    const { t, stripe } = kit;
    const { made, sessionId } = await paidSaturdayBooking();
    const session = stripe.sessions.get(sessionId);
    if (!session) throw new Error('no session');
    const replay = stripe.event('checkout.session.completed', session, 'evt_same');
    await deliverStripeEvent(t, replay);
    expect((await deliverStripeEvent(t, replay)).json()).toEqual({ received: true, duplicate: true });
    await deliverStripeEvent(t, stripe.event('checkout.session.completed', session));
    await deliverStripeEvent(t, stripe.event('checkout.session.expired', session));
    expect(await statusOf(made._id)).toBe('CONFIRMED');
    expect(await mailTo('margaret@example.com')).toHaveLength(1);
    expect(await trailOf(made._id, 'deposit.paid')).toHaveLength(1);
  });

  it('refunds £80 when the guest cancels inside the window, through a failing Stripe, once', async () => {
    const { t, stripe } = kit;
    const { made, token } = await paidSaturdayBooking();
    const before = stripe.refunds.length;
    stripe.failNext(10);
    const cancelled = await cancelAsGuest(token, 'refund');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payment.refund).toEqual({ pence: 8000, state: 'owed' });
    stripe.failNext(0);
    await t.app.deposits.runDue();
    await t.app.deposits.runDue();
    expect(stripe.refunds.slice(before)).toHaveLength(1);
    expect(stripe.refunds.at(-1)?.amount).toBe(8000);
    expect(await paymentOf(made._id)).toMatchObject({ refundState: 'refunded', refundPence: 8000 });
  });

  it('keeps the deposit after the window, and refuses a cancellation the page described as refunded', async () => {
    const { t, stripe } = kit;
    const { made, token } = await paidSaturdayBooking();
    t.setNow(new Date('2026-12-11T10:00:00Z'));
    const stale = await cancelAsGuest(token, 'refund');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(DEPOSIT_MESSAGES.windowChanged);
    expect(await statusOf(made._id)).toBe('CONFIRMED');
    const page = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    expect(page.json().payment.cancelEffect).toBe('keep');
    const before = stripe.refunds.length;
    const kept = await cancelAsGuest(token, 'keep');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await paymentOf(made._id)).toMatchObject({
      refundState: null,
      keptReason: 'Cancelled after the free cancellation window',
    });
    await t.app.deposits.runDue();
    expect(stripe.refunds.length).toBe(before);
  });

  it('answers the return page 502 while Stripe is silent, keeps the places held, and confirms once it answers', async () => {
    const { t, stripe } = kit;
    const response = await book(tableBookingRequest(SATURDAY, eight));
    const made = response.json();
    const payment = await paymentOf(made._id);
    stripe.complete(payment?.stripeSessionId as string);
    stripe.failNext(10);
    const silent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/payments/${payment?.pid}/finalize`,
    });
    expect(silent.statusCode).toBe(502);
    expect(silent.json().error).toBe(DEPOSIT_MESSAGES.providerBusy);
    expect(await statusOf(made._id)).toBe('PENDING');
    stripe.failNext(0);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/payments/${payment?.pid}/finalize`,
    });
    expect(answered.json()).toMatchObject({ status: 'confirmed', reference: made.reference });
    expect(await statusOf(made._id)).toBe('CONFIRMED');
  });

  /** A Saturday party of 6 under a £10-a-head rule from 6 guests, paid: £60. */
  async function paidPartyOfSix() {
    await setDepositRules(kit.t, [{ ...WEEKEND_PARTIES, partyFrom: 6 }]);
    const response = await book(tableBookingRequest(SATURDAY, { partyAdults: 6 }));
    const made = response.json();
    await payCheckout((await paymentOf(made._id))?.stripeSessionId as string);
    const token = String(made.manageUrl).split('/').at(-1) as string;
    return { made, token };
  }

  async function askForEight(token: string) {
    const { t } = kit;
    const page = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    const { booking } = page.json();
    return t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: {
        date: booking.date,
        timeSlot: booking.timeSlot,
        partyAdults: 8,
        partyChildren: 0,
        allergies: booking.allergies,
        specialNotes: booking.specialNotes,
        version: booking.updatedAt,
      },
    });
  }

  it('asks for the difference when a change makes the deposit larger, and makes the change once it is paid', async () => {
    const { t, stripe } = kit;
    const { made, token } = await paidPartyOfSix();
    const asked = await askForEight(token);
    expect(asked.statusCode, asked.body).toBe(202);
    const { topUp } = asked.json();
    expect(topUp.terms).toMatchObject({ amountPence: 8000, guests: 8 });
    const session = [...stripe.sessions.values()].find((each) => each.url === topUp.checkoutUrl);
    expect(session?.amount_total).toBe(2000);
    const [unchanged] = await t.database.db.select().from(bookings).where(eq(bookings.id, made._id));
    expect(unchanged?.partyAdults).toBe(6);

    await payCheckout(session?.id as string);
    await deliverStripeEvent(
      t,
      stripe.event(
        'checkout.session.completed',
        stripe.sessions.get(session?.id as string) as NonNullable<typeof session>,
      ),
    );
    const [changed] = await t.database.db.select().from(bookings).where(eq(bookings.id, made._id));
    expect(changed?.partyAdults).toBe(8);
    expect(await paymentOf(made._id)).toMatchObject({ paidPence: 8000, topUpState: 'paid' });
    const outcome = await t.app.inject({ method: 'GET', url: `/api/bookings/payments/${topUp.pid}` });
    expect(outcome.json()).toMatchObject({ status: 'confirmed', partySize: 8 });

    const refundsBefore = stripe.refunds.length;
    await cancelAsGuest(token, 'refund');
    await t.app.deposits.runDue();
    expect(
      stripe.refunds
        .slice(refundsBefore)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([2000, 6000]);
  });

  it('refunds the difference and keeps the booking as it was when the places went before it was paid', async () => {
    const { t, stripe } = kit;
    const { made, token } = await paidPartyOfSix();
    const asked = await askForEight(token);
    const { topUp } = asked.json();
    const left = await saturdayCoversLeft(t);
    // Others take every cover but the party's own six, so two more no longer fit.
    for (let taken = 0; taken < left; taken += Math.min(4, left - taken)) {
      const others = await book(
        tableBookingRequest(SATURDAY, {
          partyAdults: Math.min(4, left - taken),
          email: `other${taken}@example.com`,
        }),
      );
      expect(others.statusCode, others.body).toBe(201);
    }
    const session = [...stripe.sessions.values()].find((each) => each.url === topUp.checkoutUrl);
    await payCheckout(session?.id as string);
    const [kept] = await t.database.db.select().from(bookings).where(eq(bookings.id, made._id));
    expect(kept?.partyAdults).toBe(6);
    const refundsBefore = stripe.refunds.length;
    await t.app.deposits.runDue();
    expect(stripe.refunds.slice(refundsBefore).map((refund) => refund.amount)).toEqual([2000]);
    expect(await paymentOf(made._id)).toMatchObject({ paidPence: 6000, topUpState: 'refunded' });
    const told = (await mailTo('margaret@example.com')).filter((mail) =>
      mail.subject.startsWith('Your change could not be made'),
    );
    expect(told).toHaveLength(1);
  });

  it('frees the covers of an abandoned payment when its hold lapses', async () => {
    const { t } = kit;
    const response = await book(tableBookingRequest(SATURDAY, eight));
    const made = response.json();
    const held = await saturdayCoversLeft(t);
    t.setNow(new Date(NOW.getTime() + 32 * 60_000));
    await t.app.deposits.runDue();
    expect(await statusOf(made._id)).toBe('CANCELLED');
    expect(await paymentOf(made._id)).toMatchObject({ state: 'lapsed' });
    expect(await saturdayCoversLeft(t)).toBe(held + 8);
  });
});

describe.skipIf(!postgres)('deposits under a race on PostgreSQL', () => {
  let stripe: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(postgres as NonNullable<typeof postgres>, NOW, { env: fakeStripeEnv(stripe) });
    await setDepositRules(t, [WEEKEND_PARTIES]);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('never gives the last covers to two guests paying deposits', async () => {
    await t.database.db.delete(bookings);
    const left = await saturdayCoversLeft(t);
    // Fill the slot down to the last eight covers with parties too small for the rule.
    for (let filled = 0; filled + 4 <= left - 8; filled += 4) {
      const filler = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: tableBookingRequest(SATURDAY, { partyAdults: 4, email: `filler${filled}@example.com` }),
      });
      expect(filler.statusCode, filler.body).toBe(201);
    }
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: tableBookingRequest(SATURDAY, { ...eight, email: `${who}@example.com` }),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const held = await t.database.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.state, 'awaiting'));
    expect(held).toHaveLength(1);
  });
});

describe('deposit rules on a server that cannot take payments', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(databaseTargets[0] as (typeof databaseTargets)[number], NOW, {
      env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused@127.0.0.1/unused' },
    });
  });
  afterAll(() => t.close());

  it('refuses to save a rule that would ask guests for money it cannot take', async () => {
    await createTestAdmin(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
    const session = login.cookies.find((each) => each.name.endsWith('rc_admin'));
    const { version } = await t.app.content.latest('deposit-rules');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/deposit-rules',
      headers: { cookie: `${session?.name}=${session?.value}` },
      payload: { baseVersion: version, document: { rules: [WEEKEND_PARTIES] } },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toBe(DEPOSIT_MESSAGES.needsRulesPayments);
    expect((await t.app.content.latest('deposit-rules')).document.rules).toEqual([]);
  });

  it('refuses a booking a rule asks money for, with the phone number, and stores nothing', async () => {
    await setDepositRules(t, [WEEKEND_PARTIES]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: tableBookingRequest(SATURDAY, eight),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toContain('Please call us on');
    expect(await t.database.db.select().from(bookings)).toEqual([]);
  });
});
