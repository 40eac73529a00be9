import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, bookingPayments, bookings, outboxMessages } from '#db/schema.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { createTestAdmin, signIn, TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { GUARANTEED_TABLES, setDepositRules, WEEKEND_PARTIES } from '#tests/helpers/deposit-rules.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { type SmtpSink, startSmtpSink } from '#tests/helpers/smtp-sink.ts';
import { deliverStripeEvent, fakeStripeEnv } from '#tests/helpers/stripe-webhooks.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, postgres, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** Tuesday 1 December 2026, mid-morning: the Saturday and the Tuesday below are ahead. */
const NOW = new Date('2026-12-01T10:00:00Z');
const SATURDAY = '2026-12-12';
const TUESDAY = '2026-12-08';
const eight = { partyAdults: 8, partyChildren: 0 };

describe.each(databaseTargets)('deposits and card guarantees on $name', (target) => {
  let stripe: FakeStripe;
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    smtp = await startSmtpSink();
    t = await startTestApp(target, NOW, { env: { ...fakeStripeEnv(stripe), SMTP_URL: smtp.url } });
    await createTestAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await stripe.close();
  });
  beforeEach(async () => {
    t.setNow(NOW);
    await deliverQueuedMail(t.app);
    await t.database.db.delete(outboxMessages);
    await t.database.db.delete(bookings);
    smtp.received.length = 0;
    stripe.failNext(0);
    await setDepositRules(t, [WEEKEND_PARTIES]);
  });

  async function book(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/bookings', payload });
  }

  async function paymentOf(bookingId: string) {
    const [row] = await t.database.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, bookingId));
    return row;
  }

  async function statusOf(bookingId: string) {
    const [row] = await t.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row?.status;
  }

  async function mailTo(address: string) {
    await deliverQueuedMail(t.app);
    return smtp.received.filter((mail) => mail.recipients.includes(address));
  }

  /** A Saturday party of 8 that has paid its £80 through the fake Stripe and been confirmed by the webhook. */
  async function paidSaturdayBooking(email = 'margaret@example.com') {
    const response = await book(tableBookingRequest(SATURDAY, { ...eight, email }));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    const sessionId = (await paymentOf(made._id))?.stripeSessionId as string;
    const session = stripe.complete(sessionId);
    expect(
      (await deliverStripeEvent(t, stripe.event('checkout.session.completed', session))).statusCode,
    ).toBe(200);
    return { made, sessionId, token: String(made.manageUrl).split('/').at(-1) as string };
  }

  it('makes a Saturday party of 8 pay £80 before it is confirmed, and says the terms word for word', async () => {
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

    const completed = stripe.event('checkout.session.completed', stripe.complete(session?.id as string));
    expect((await deliverStripeEvent(t, completed)).json()).toEqual({ received: true });
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
    const paid = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'deposit.paid'), eq(auditEvents.subjectId, made._id)));
    expect(paid).toHaveLength(1);
  });

  it('refunds £80 when the guest cancels inside the window, through a failing Stripe, once', async () => {
    const { made, token } = await paidSaturdayBooking();
    const before = stripe.refunds.length;
    stripe.failNext(10);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { expect: 'refund' },
    });
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
    const { made, token } = await paidSaturdayBooking();
    t.setNow(new Date('2026-12-11T10:00:00Z'));
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { expect: 'refund' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(DEPOSIT_MESSAGES.windowChanged);
    expect(await statusOf(made._id)).toBe('CONFIRMED');
    const page = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    expect(page.json().payment.cancelEffect).toBe('keep');
    const before = stripe.refunds.length;
    const kept = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { expect: 'keep' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await paymentOf(made._id)).toMatchObject({
      refundState: null,
      keptReason: 'Cancelled after the free cancellation window',
    });
    await t.app.deposits.runDue();
    expect(stripe.refunds.length).toBe(before);
  });

  it('answers the return page 502 while Stripe is silent, keeps the places held, and confirms once it answers', async () => {
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
    await setDepositRules(t, [{ ...WEEKEND_PARTIES, partyFrom: 6 }]);
    const response = await book(tableBookingRequest(SATURDAY, { partyAdults: 6 }));
    const made = response.json();
    const sessionId = (await paymentOf(made._id))?.stripeSessionId as string;
    await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
    const token = String(made.manageUrl).split('/').at(-1) as string;
    return { made, token };
  }

  async function askForEight(token: string) {
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
    const { made, token } = await paidPartyOfSix();
    const asked = await askForEight(token);
    expect(asked.statusCode, asked.body).toBe(202);
    const { topUp } = asked.json();
    expect(topUp.terms).toMatchObject({ amountPence: 8000, guests: 8 });
    const session = [...stripe.sessions.values()].find((each) => each.url === topUp.checkoutUrl);
    expect(session?.amount_total).toBe(2000);
    const [unchanged] = await t.database.db.select().from(bookings).where(eq(bookings.id, made._id));
    expect(unchanged?.partyAdults).toBe(6);

    const paid = stripe.event('checkout.session.completed', stripe.complete(session?.id as string));
    await deliverStripeEvent(t, paid);
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
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { expect: 'refund' },
    });
    await t.app.deposits.runDue();
    expect(
      stripe.refunds
        .slice(refundsBefore)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([2000, 6000]);
  });

  it('refunds the difference and keeps the booking as it was when the places went before it was paid', async () => {
    const { made, token } = await paidPartyOfSix();
    const asked = await askForEight(token);
    const { topUp } = asked.json();
    const slots = await t.app.inject({ method: 'GET', url: `/api/availability?date=${SATURDAY}` });
    const left = slots.json().find((slot: { time: string }) => slot.time === '19:00').remaining as number;
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
    await deliverStripeEvent(
      t,
      stripe.event('checkout.session.completed', stripe.complete(session?.id as string)),
    );
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

  it('acts once on each kind of Stripe event, however often and in whatever order it comes', async () => {
    // A card saved: its setup_intent.succeeded, twice and before the session's own event, holds it once.
    await setDepositRules(t, [WEEKEND_PARTIES, GUARANTEED_TABLES]);
    const guaranteed = (await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }))).json();
    const setup = stripe.complete((await paymentOf(guaranteed._id))?.stripeSessionId as string);
    const saved = stripe.setupIntentEvent(
      stripe.setupIntents.get(setup.setup_intent as string) as never,
      'evt_setup',
    );
    await deliverStripeEvent(t, saved);
    expect((await deliverStripeEvent(t, saved)).json()).toEqual({ received: true, duplicate: true });
    await deliverStripeEvent(t, stripe.event('checkout.session.completed', setup));
    expect(await paymentOf(guaranteed._id)).toMatchObject({ state: 'card-held' });
    expect(await mailTo('margaret@example.com')).toHaveLength(1);

    // A payment that fails to settle releases its hold, and a later expiry changes nothing more.
    const waiting = (
      await book(tableBookingRequest(SATURDAY, { ...eight, email: 'edith@example.com' }))
    ).json();
    const unpaid = stripe.sessions.get((await paymentOf(waiting._id))?.stripeSessionId as string);
    if (!unpaid) throw new Error('no session');
    await deliverStripeEvent(t, stripe.event('checkout.session.async_payment_failed', unpaid));
    await deliverStripeEvent(t, stripe.event('checkout.session.expired', stripe.expire(unpaid.id)));
    expect(await statusOf(waiting._id)).toBe('CANCELLED');
    expect(await paymentOf(waiting._id)).toMatchObject({ state: 'lapsed' });

    // A deposit refunded from Stripe's dashboard is recorded once, with what Stripe refunded.
    const { made } = await paidSaturdayBooking();
    const paid = await paymentOf(made._id);
    const refunded = stripe.chargeRefundedEvent(paid?.paymentIntentId as string, undefined, 'evt_refund');
    await deliverStripeEvent(t, refunded);
    await deliverStripeEvent(t, refunded);
    expect(await paymentOf(made._id)).toMatchObject({ refundState: 'refunded', refundPence: 8000 });
    await t.app.deposits.runDue();
    expect(stripe.refunds.filter((refund) => refund.payment_intent === paid?.paymentIntentId)).toEqual([]);
  });

  it('records a declined no-show fee once, however often its payment_failed event comes', async () => {
    await setDepositRules(t, [WEEKEND_PARTIES, GUARANTEED_TABLES]);
    const made = (await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }))).json();
    await deliverStripeEvent(
      t,
      stripe.event(
        'checkout.session.completed',
        stripe.complete((await paymentOf(made._id))?.stripeSessionId as string),
      ),
    );
    t.setNow(new Date('2026-12-08T20:00:00Z'));
    const cookie = await signIn(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/arrival`,
      headers: { cookie },
      payload: { step: 'no-show' },
    });
    stripe.declineNextCharge();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: { amountPence: 4000, reason: 'No call, no show' },
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error).toBe(DEPOSIT_MESSAGES.feeFailed('Your card was declined.'));
    const failedIntent = [...stripe.paymentIntents.values()].at(-1);
    if (!failedIntent) throw new Error('no intent');
    // Its payment_failed event afterwards, and again, changes nothing: the fee is already recorded as failed.
    const failedEvent = stripe.intentEvent('payment_intent.payment_failed', failedIntent, 'evt_failed');
    await deliverStripeEvent(t, failedEvent);
    await deliverStripeEvent(t, failedEvent);
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'failed' });
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'deposit.fee'), eq(auditEvents.subjectId, made._id)));
    expect(trail.filter((entry) => entry.summary.includes('declined'))).toHaveLength(1);
  });

  it('settles a no-show fee Stripe did not answer from its payment_intent.succeeded event, with one receipt', async () => {
    await setDepositRules(t, [WEEKEND_PARTIES, GUARANTEED_TABLES]);
    const made = (await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }))).json();
    await deliverStripeEvent(
      t,
      stripe.event(
        'checkout.session.completed',
        stripe.complete((await paymentOf(made._id))?.stripeSessionId as string),
      ),
    );
    await deliverQueuedMail(t.app);
    smtp.received.length = 0;
    t.setNow(new Date('2026-12-08T20:00:00Z'));
    const cookie = await signIn(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/arrival`,
      headers: { cookie },
      payload: { step: 'no-show' },
    });
    stripe.failNext(10);
    const silent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: { amountPence: 6000, reason: 'No call, no show' },
    });
    expect(silent.statusCode).toBe(502);
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'charging' });
    stripe.failNext(0);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: { amountPence: 6000, reason: 'Trying again' },
    });
    expect(again.statusCode).toBe(409);
    const payment = await paymentOf(made._id);
    const succeeded = stripe.eventFor(
      'payment_intent.succeeded',
      {
        id: 'pi_fee_late',
        object: 'payment_intent',
        amount: 6000,
        metadata: { pid: payment?.pid, purpose: 'deposit' },
      },
      'evt_fee',
    );
    await deliverStripeEvent(t, succeeded);
    await deliverStripeEvent(
      t,
      stripe.eventFor('payment_intent.succeeded', {
        id: 'pi_fee_late',
        object: 'payment_intent',
        amount: 6000,
        metadata: { pid: payment?.pid, purpose: 'deposit' },
      }),
    );
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'charged', feeIntentId: 'pi_fee_late' });
    expect(
      (await mailTo('margaret@example.com')).filter((mail) => mail.text.includes('£60.00')),
    ).toHaveLength(1);
  });

  it('frees the covers of an abandoned payment when its hold lapses', async () => {
    const response = await book(tableBookingRequest(SATURDAY, eight));
    const made = response.json();
    const remaining = async () => {
      const slots = await t.app.inject({ method: 'GET', url: `/api/availability?date=${SATURDAY}` });
      return slots.json().find((slot: { time: string }) => slot.time === '19:00').remaining as number;
    };
    const held = await remaining();
    t.setNow(new Date(NOW.getTime() + 32 * 60_000));
    await t.app.deposits.runDue();
    expect(await statusOf(made._id)).toBe('CANCELLED');
    expect(await paymentOf(made._id)).toMatchObject({ state: 'lapsed' });
    expect(await remaining()).toBe(held + 8);
  });

  it('saves a card without charging it, and charges a no-show fee of £60 once, named and explained', async () => {
    await setDepositRules(t, [WEEKEND_PARTIES, GUARANTEED_TABLES]);
    let cookie = await signIn(t);
    const response = await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.payment.terms).toMatchObject({ kind: 'guarantee', amountPence: 6000 });
    const payment = await paymentOf(made._id);
    const session = stripe.sessions.get(payment?.stripeSessionId as string);
    expect(session?.mode).toBe('setup');
    const intentsBefore = stripe.paymentIntents.size;
    await deliverStripeEvent(
      t,
      stripe.event('checkout.session.completed', stripe.complete(session?.id as string)),
    );
    expect(await paymentOf(made._id)).toMatchObject({ state: 'card-held', paidPence: 0 });
    expect(stripe.paymentIntents.size).toBe(intentsBefore);

    const fee = { amountPence: 6000, reason: 'Did not come or call' };
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: fee,
    });
    expect(early.statusCode).toBe(409);

    t.setNow(new Date('2026-12-08T20:00:00Z'));
    cookie = await signIn(t);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/arrival`,
      headers: { cookie },
      payload: { step: 'no-show' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: { ...fee, amountPence: 6001 },
    });
    expect(tooMuch.statusCode).toBe(400);

    const charged = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
          headers: { cookie },
          payload: fee,
        }),
      ),
    );
    expect(charged.map((each) => each.statusCode).sort()).toEqual([200, 409]);
    const { pid } = (await paymentOf(made._id)) as { pid: string };
    const intents = [...stripe.paymentIntents.values()].filter(
      (intent) => intent.metadata.pid === pid && intent.description?.startsWith('No-show'),
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]?.amount).toBe(6000);
    expect(await paymentOf(made._id)).toMatchObject({
      feeState: 'charged',
      feePence: 6000,
      feeReason: fee.reason,
    });
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'deposit.fee'), eq(auditEvents.subjectId, made._id)));
    expect(
      trail.some((entry) => entry.summary.includes('£60.00') && entry.summary.includes(fee.reason)),
    ).toBe(true);
    expect(trail.some((entry) => entry.actorName !== null && entry.actorName !== '')).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${made._id}/payment/no-show-fee`,
      headers: { cookie },
      payload: fee,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DEPOSIT_MESSAGES.feeAlreadyCharged);
    const [receipt] = (await mailTo('margaret@example.com')).filter((mail) => mail.text.includes('£60.00'));
    expect(receipt).toBeDefined();
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
    const slots = await t.app.inject({ method: 'GET', url: `/api/availability?date=${SATURDAY}` });
    const left = slots.json().find((slot: { time: string }) => slot.time === '19:00').remaining as number;
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
