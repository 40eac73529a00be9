import { describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { NoShowFee } from '#shared/deposits/payment-schemas.ts';
import { signIn } from '#tests/helpers/admin-session.ts';
import { GUARANTEED_TABLES, setDepositRules, WEEKEND_PARTIES } from '#tests/helpers/deposit-rules.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { deliverStripeEvent } from '#tests/helpers/stripe-webhooks.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { eight, NOW, SATURDAY, TUESDAY, useDepositApp } from './deposit-test-kit.ts';

/** The Tuesday's evening, after the table's time: staff may mark it a no-show. */
const TUESDAY_EVENING = new Date('2026-12-08T20:00:00Z');

describe.each(databaseTargets)('card guarantees and no-show fees on $name', (target) => {
  const kit = useDepositApp(target);
  const { book, paymentOf, statusOf, trailOf, mailTo, payCheckout, paidSaturdayBooking } = kit;

  /** Cards are asked for Tuesday tables too. */
  const guaranteeTuesdays = () => setDepositRules(kit.t, [WEEKEND_PARTIES, GUARANTEED_TABLES]);

  /** A Tuesday table for 4, guaranteed by a card saved through the fake Stripe. */
  async function guaranteedTuesdayBooking() {
    await guaranteeTuesdays();
    const made = (await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }))).json();
    await payCheckout((await paymentOf(made._id))?.stripeSessionId as string);
    return made;
  }

  /** That evening staff, signed in again, mark the booking a no-show; answers their cookie. */
  async function markNoShow(bookingId: string) {
    const { t } = kit;
    t.setNow(TUESDAY_EVENING);
    const cookie = await signIn(t);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/arrival`,
      headers: { cookie },
      payload: { step: 'no-show' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    return cookie;
  }

  const chargeFee = (bookingId: string, cookie: string, fee: NoShowFee) =>
    kit.t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/payment/no-show-fee`,
      headers: { cookie },
      payload: fee,
    });
  it('acts once on each kind of Stripe event, however often and in whatever order it comes', async () => {
    const { t, stripe } = kit;
    // A card saved: its setup_intent.succeeded, twice and before the session's own event, holds it once.
    await guaranteeTuesdays();
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
    const { t, stripe } = kit;
    const made = await guaranteedTuesdayBooking();
    const cookie = await markNoShow(made._id);
    stripe.declineNextCharge();
    const declined = await chargeFee(made._id, cookie, { amountPence: 4000, reason: 'No call, no show' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error).toBe(DEPOSIT_MESSAGES.feeFailed('Your card was declined.'));
    const failedIntent = [...stripe.paymentIntents.values()].at(-1);
    if (!failedIntent) throw new Error('no intent');
    // Its payment_failed event afterwards, and again, changes nothing: the fee is already recorded as failed.
    const failedEvent = stripe.intentEvent('payment_intent.payment_failed', failedIntent, 'evt_failed');
    await deliverStripeEvent(t, failedEvent);
    await deliverStripeEvent(t, failedEvent);
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'failed' });
    const trail = await trailOf(made._id, 'deposit.fee');
    expect(trail.filter((entry) => entry.summary.includes('declined'))).toHaveLength(1);
  });

  it('settles a no-show fee Stripe did not answer from its payment_intent.succeeded event, with one receipt', async () => {
    const { t, stripe, smtp } = kit;
    const made = await guaranteedTuesdayBooking();
    await deliverQueuedMail(t.app);
    smtp.received.length = 0;
    const cookie = await markNoShow(made._id);
    stripe.failNext(10);
    const silent = await chargeFee(made._id, cookie, { amountPence: 6000, reason: 'No call, no show' });
    expect(silent.statusCode).toBe(502);
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'charging' });
    stripe.failNext(0);
    const again = await chargeFee(made._id, cookie, { amountPence: 6000, reason: 'Trying again' });
    expect(again.statusCode).toBe(409);
    const payment = await paymentOf(made._id);
    const feeTaken = (eventId?: string) =>
      stripe.eventFor(
        'payment_intent.succeeded',
        {
          id: 'pi_fee_late',
          object: 'payment_intent',
          amount: 6000,
          metadata: { pid: payment?.pid, purpose: 'deposit' },
        },
        eventId,
      );
    await deliverStripeEvent(t, feeTaken('evt_fee'));
    await deliverStripeEvent(t, feeTaken());
    expect(await paymentOf(made._id)).toMatchObject({ feeState: 'charged', feeIntentId: 'pi_fee_late' });
    expect(
      (await mailTo('margaret@example.com')).filter((mail) => mail.text.includes('£60.00')),
    ).toHaveLength(1);
  });

  it('saves a card without charging it, and charges a no-show fee of £60 once, named and explained', async () => {
    const { t, stripe } = kit;
    await guaranteeTuesdays();
    let cookie = await signIn(t);
    const response = await book(tableBookingRequest(TUESDAY, { partyAdults: 4 }));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.payment.terms).toMatchObject({ kind: 'guarantee', amountPence: 6000 });
    const payment = await paymentOf(made._id);
    const session = stripe.sessions.get(payment?.stripeSessionId as string);
    expect(session?.mode).toBe('setup');
    const intentsBefore = stripe.paymentIntents.size;
    await payCheckout(session?.id as string);
    expect(await paymentOf(made._id)).toMatchObject({ state: 'card-held', paidPence: 0 });
    expect(stripe.paymentIntents.size).toBe(intentsBefore);

    const fee = { amountPence: 6000, reason: 'Did not come or call' };
    expect((await chargeFee(made._id, cookie, fee)).statusCode).toBe(409);

    cookie = await markNoShow(made._id);
    const tooHigh = await chargeFee(made._id, cookie, { ...fee, amountPence: 6001 });
    expect(tooHigh.statusCode).toBe(400);
    // Named on its field, so the screen shows it under the amount typed.
    expect(tooHigh.json()).toMatchObject({ issues: [{ path: 'amountPence' }] });

    const charged = await Promise.all([1, 2].map(() => chargeFee(made._id, cookie, fee)));
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
    const trail = await trailOf(made._id, 'deposit.fee');
    expect(
      trail.some((entry) => entry.summary.includes('£60.00') && entry.summary.includes(fee.reason)),
    ).toBe(true);
    expect(trail.some((entry) => entry.actorName !== null && entry.actorName !== '')).toBe(true);
    const again = await chargeFee(made._id, cookie, fee);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DEPOSIT_MESSAGES.feeAlreadyCharged);
    const [receipt] = (await mailTo('margaret@example.com')).filter((mail) => mail.text.includes('£60.00'));
    expect(receipt).toBeDefined();
  });

  it('deletes an erased guest’s Customer, and the card saved to it, at Stripe once, whenever Stripe answers', async () => {
    const { t, stripe } = kit;
    const hers = await guaranteedTuesdayBooking();
    const customerId = (await paymentOf(hers._id))?.customerId as string;
    expect(stripe.customers.has(customerId)).toBe(true);
    const eraseGuest = async (email: string) => {
      t.setNow(new Date('2026-12-09T10:00:00Z'));
      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/admin/guests/erase',
        headers: { cookie: await signIn(t) },
        payload: { q: email },
      });
      expect(erased.statusCode, erased.body).toBe(200);
    };
    await eraseGuest('margaret@example.com');

    // Stripe down (past the SDK's own retries): the Customer is kept, for the next pass.
    stripe.failNext(3);
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 0 });
    expect(await paymentOf(hers._id)).toMatchObject({ customerId, paymentMethodId: null });
    const deletions = () =>
      stripe.requests.filter((request) => request.method === 'DELETE' && request.path.endsWith(customerId));
    const refused = deletions().length;
    stripe.failNext(0);
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 1 });
    expect(stripe.customers.has(customerId)).toBe(false);
    expect(await paymentOf(hers._id)).toMatchObject({ customerId: null });
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 0 });
    expect(deletions()).toHaveLength(refused + 1);

    // One the pub deleted in Stripe's dashboard already counts as deleted.
    t.setNow(NOW);
    const booked = await book(tableBookingRequest(TUESDAY, { partyAdults: 4, email: 'bart@example.org' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const his = booked.json();
    await payCheckout((await paymentOf(his._id))?.stripeSessionId as string);
    const hisCustomer = (await paymentOf(his._id))?.customerId as string;
    stripe.customers.delete(hisCustomer);
    await eraseGuest('bart@example.org');
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 1 });
    expect(await paymentOf(his._id)).toMatchObject({ customerId: null });
  });
});
