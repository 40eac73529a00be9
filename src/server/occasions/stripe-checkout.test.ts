import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, occasionBookings, outboxMessages } from '#db/schema.ts';
import type { FakeCheckoutSession, FakeStripe } from '#tests/fakes/stripe-api.ts';
import {
  BEFORE_PARTY_NIGHTS,
  clearOccasions,
  occasionBookingByPid,
  occasionBookingPayload,
  PARTY_NIGHTS,
  SUPPER_CLUB,
} from '#tests/helpers/occasions.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import type { SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { deliverStripeEvent } from '#tests/helpers/stripe-webhooks.ts';
import { databaseTargets, type TestApp } from '#tests/helpers/test-app.ts';
import { insertReservation } from '../christmas/store.ts';
import { startStripeTestApp } from '../payments/stripe-test-app.ts';
import { newOccasionToken } from './organiser-links.ts';

const ORGANISER = 'olive@example.com';

describe.each(databaseTargets)(
  'Occasions paid through Stripe (the fake, with the real SDK) on $name',
  (target) => {
    let stripe: FakeStripe;
    let smtp: SmtpSink;
    let t: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ stripe, smtp, t, close } = await startStripeTestApp(target, BEFORE_PARTY_NIGHTS));
    });
    afterAll(() => close());
    beforeEach(async () => {
      await deliverQueuedMail(t.app);
      await t.database.db.delete(outboxMessages);
      smtp.received.length = 0;
      t.setNow(BEFORE_PARTY_NIGHTS);
      stripe.refunds.length = 0;
      stripe.failNext(0);
      await clearOccasions(t);
    });

    /** Books online and answers the pid and the fake's session. */
    async function startCheckout(
      options: { slug?: string; date?: string; sittingId?: string; adults?: number; email?: string } = {},
      remoteAddress = '203.0.113.10',
    ) {
      const {
        slug = PARTY_NIGHTS,
        date = '2026-12-11',
        sittingId = 'dinner',
        adults = 12,
        email = ORGANISER,
      } = options;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/occasions/${slug}/bookings`,
        remoteAddress,
        payload: occasionBookingPayload({ date, sittingId, adults, email }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const [booking] = await t.database.db
        .select()
        .from(occasionBookings)
        .where(eq(occasionBookings.stripeSessionId, [...stripe.sessions.keys()].at(-1) as string));
      if (!booking?.stripeSessionId) throw new Error('no booking for the new session');
      return { url: response.json().url as string, pid: booking.pid, sessionId: booking.stripeSessionId };
    }

    async function paidEvents(bookingId: string) {
      return t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, bookingId), eq(auditEvents.type, 'occasion.paid')));
    }

    async function confirmations(reference: string) {
      return t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, 'occasion-booking'), eq(outboxMessages.reference, reference)));
    }

    it('an organiser books 12 for 11 December dinner and pays £120; a redelivered webhook confirms once', async () => {
      const { url, pid, sessionId } = await startCheckout();
      const session = stripe.sessions.get(sessionId);
      expect(url).toBe(session?.url);
      expect(session).toMatchObject({
        mode: 'payment',
        currency: 'gbp',
        client_reference_id: pid,
        metadata: { pid, purpose: 'occasion' },
        customer_email: ORGANISER,
        amount_total: 12000,
        expires_at: Math.floor(BEFORE_PARTY_NIGHTS.getTime() / 1000) + 31 * 60,
        success_url: `https://pub.test/occasions/checkout?pid=${pid}`,
        cancel_url: `https://pub.test/occasions/checkout?pid=${pid}&cancelled=1`,
      });
      expect(session?.line_items).toEqual([
        {
          quantity: 12,
          unit_amount: 1000,
          currency: 'gbp',
          name: 'Christmas party nights — deposit — The Rose & Crown',
        },
      ]);

      const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
      const first = await deliverStripeEvent(t, body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true });
      expect((await deliverStripeEvent(t, body)).json()).toEqual({ received: true, duplicate: true });
      // The same payment told again under another event id changes nothing either.
      const other = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) as never);
      expect((await deliverStripeEvent(t, other)).statusCode).toBe(200);

      const booking = await occasionBookingByPid(t, pid);
      expect(booking).toMatchObject({
        status: 'CONFIRMED',
        paidPence: 12000,
        paymentIntentId: stripe.sessions.get(sessionId)?.payment_intent,
        holdExpiresAt: null,
      });
      expect(await paidEvents(booking.id)).toHaveLength(1);
      expect(await confirmations(booking.reference)).toHaveLength(2);

      await deliverQueuedMail(t.app);
      const mail = smtp.received.find((message) => message.recipients.includes(ORGANISER));
      expect(mail?.text).toContain('£120.00');
      expect(mail?.text).toContain(`https://pub.test/occasions/diners/${booking.dinerToken}`);

      const state = await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` });
      expect(state.json()).toEqual({
        status: 'CONFIRMED',
        organiserUrl: expect.stringMatching(/^https:\/\/pub\.test\/occasions\/organiser\/[A-Za-z0-9_-]{43}$/),
      });
    });

    it('confirms a paid session from the return page when the webhook has not come', async () => {
      const { pid, sessionId } = await startCheckout({ adults: 8 });
      stripe.complete(sessionId);
      const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
      expect(state.status).toBe('CONFIRMED');
      const booking = await occasionBookingByPid(t, pid);
      const late = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) as never);
      await deliverStripeEvent(t, late);
      expect(await paidEvents(booking.id)).toHaveLength(1);
    });

    it('leaves a Christmas checkout to Christmas, even when an event of an occasion’s names it', async () => {
      const pid = newOccasionToken();
      const expiresAt = new Date(BEFORE_PARTY_NIGHTS.getTime() + 20 * 60_000);
      await insertReservation(t.database.db, {
        pid,
        date: '2026-12-25',
        sittingId: 'xmas-early',
        sittingLabel: '12:00 sitting',
        name: 'Olive Harper',
        email: ORGANISER,
        phone: '07700 900321',
        partyAdults: 2,
        partyChildren: 0,
        selections: { starters: [], mains: [{ item: 'roast-turkey', count: 2 }], desserts: [] },
        totalPence: 19000,
        depositPence: 5000,
        stripeSessionId: 'cs_test_christmas',
        expiresAt,
      });
      const session: FakeCheckoutSession = {
        id: 'cs_test_christmas',
        object: 'checkout.session',
        url: null,
        status: 'complete',
        payment_status: 'unpaid',
        mode: 'payment',
        currency: 'gbp',
        amount_total: 5000,
        client_reference_id: pid,
        customer: null,
        customer_email: ORGANISER,
        metadata: { pid, purpose: 'occasion' },
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        success_url: 'https://pub.test/christmas/success',
        cancel_url: 'https://pub.test/christmas/cancel',
        payment_intent: 'pi_test_christmas',
        setup_intent: null,
        line_items: [],
      };
      for (const told of [
        stripe.event('checkout.session.completed', session),
        stripe.event('checkout.session.completed', { ...session, payment_status: 'paid' }),
        stripe.event('checkout.session.async_payment_failed', session),
        stripe.event('checkout.session.expired', { ...session, status: 'expired' }),
      ]) {
        expect((await deliverStripeEvent(t, told)).statusCode).toBe(200);
      }
      expect(await occasionBookingByPid(t, pid)).toMatchObject({
        status: 'HELD',
        holdExpiresAt: expiresAt,
        paidPence: 0,
        cancelReason: null,
      });
      expect(stripe.refunds).toEqual([]);
    });

    it('releases the hold when the session expires at Stripe', async () => {
      const { pid, sessionId } = await startCheckout({ adults: 8 });
      await deliverStripeEvent(t, stripe.event('checkout.session.expired', stripe.expire(sessionId)));
      expect(await occasionBookingByPid(t, pid)).toMatchObject({
        status: 'EXPIRED',
        cancelReason: 'expired',
      });
    });

    it('records a payment that failed as why its hold ended', async () => {
      const { pid, sessionId } = await startCheckout({ adults: 8 });
      await deliverStripeEvent(
        t,
        stripe.event('checkout.session.completed', stripe.complete(sessionId, 'unpaid')),
      );
      await deliverStripeEvent(
        t,
        stripe.event('checkout.session.async_payment_failed', stripe.sessions.get(sessionId) as never),
      );
      expect(await occasionBookingByPid(t, pid)).toMatchObject({
        status: 'EXPIRED',
        cancelReason: 'payment_failed',
      });
    });

    it('confirms a replaced checkout paid after all, its reason for ending gone', async () => {
      const first = await startCheckout({ adults: 8 });
      await startCheckout({ adults: 6 }, '203.0.113.11');
      expect(await occasionBookingByPid(t, first.pid)).toMatchObject({
        status: 'EXPIRED',
        cancelReason: 'replaced',
      });
      await deliverStripeEvent(
        t,
        stripe.event('checkout.session.completed', stripe.complete(first.sessionId)),
      );
      expect(await occasionBookingByPid(t, first.pid)).toMatchObject({
        status: 'CONFIRMED',
        cancelReason: null,
      });
    });

    it('keeps the seats of a payment still settling, and confirms it when it does', async () => {
      const { pid, sessionId } = await startCheckout({ adults: 8 });
      await deliverStripeEvent(
        t,
        stripe.event('checkout.session.completed', stripe.complete(sessionId, 'unpaid')),
      );
      t.setNow(new Date(BEFORE_PARTY_NIGHTS.getTime() + 40 * 60_000));
      await deliverStripeEvent(
        t,
        stripe.event('checkout.session.expired', stripe.sessions.get(sessionId) as never),
      );
      expect(await occasionBookingByPid(t, pid)).toMatchObject({ status: 'HELD', holdExpiresAt: null });
      const settled = stripe.sessions.get(sessionId);
      if (settled) settled.payment_status = 'paid';
      await deliverStripeEvent(t, stripe.event('checkout.session.async_payment_succeeded', settled as never));
      expect((await occasionBookingByPid(t, pid)).status).toBe('CONFIRMED');
    });

    describe('a payment for a hold that had lapsed', () => {
      it('is confirmed when the seats are still there', async () => {
        const { pid, sessionId } = await startCheckout({
          slug: SUPPER_CLUB,
          date: '2027-01-22',
          sittingId: 'supper',
          adults: 4,
        });
        t.setNow(new Date(BEFORE_PARTY_NIGHTS.getTime() + 40 * 60_000));
        await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
        expect(await occasionBookingByPid(t, pid)).toMatchObject({ status: 'CONFIRMED', paidPence: 18000 });
        expect(stripe.refunds).toHaveLength(0);
      });

      it('is refunded once, and the organiser told, when the sitting has filled', async () => {
        const { pid, sessionId } = await startCheckout({
          slug: SUPPER_CLUB,
          date: '2027-01-22',
          sittingId: 'supper',
          adults: 4,
        });
        t.setNow(new Date(BEFORE_PARTY_NIGHTS.getTime() + 40 * 60_000));
        for (let index = 0; index < 4; index++) {
          const other = await startCheckout(
            {
              slug: SUPPER_CLUB,
              date: '2027-01-22',
              sittingId: 'supper',
              adults: 6,
              email: `table${index}@example.com`,
            },
            `203.0.113.${50 + index}`,
          );
          expect(other.pid).not.toBe(pid);
        }
        const paid = stripe.complete(sessionId);
        await deliverStripeEvent(t, stripe.event('checkout.session.completed', paid));
        await deliverStripeEvent(t, stripe.event('checkout.session.completed', paid));
        const booking = await occasionBookingByPid(t, pid);
        expect(booking).toMatchObject({
          status: 'EXPIRED',
          cancelReason: 'unseatable',
          paidPence: 18000,
          refundPence: 18000,
        });
        expect(stripe.refunds).toEqual([
          expect.objectContaining({ payment_intent: paid.payment_intent, amount: 18000 }),
        ]);
        expect(booking.refundId).toBe(stripe.refunds[0]?.id);
        const refundMail = await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.kind, 'occasion-refund'));
        expect(refundMail).toHaveLength(1);
        const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
        expect(state).toEqual({ status: 'EXPIRED', organiserUrl: null });
      });
    });

    it('refunds a cancellation before the cut-off exactly once, however many cancels race', async () => {
      const { pid, sessionId } = await startCheckout();
      await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
      const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
      const cancelUrl = `/api/occasions/organiser/${state.organiserUrl.split('/').at(-1)}/cancel`;
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => t.app.inject({ method: 'POST', url: cancelUrl })),
      );
      // Each is answered as cancelled (a later one may find the refund still being made) or already cancelled.
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
      expect(stripe.refunds).toHaveLength(1);
      expect(stripe.refunds[0]).toMatchObject({ amount: 12000 });
      const refundRequests = stripe.requests.filter(
        (request) =>
          request.path === '/v1/refunds' &&
          request.body.payment_intent === stripe.sessions.get(sessionId)?.payment_intent,
      );
      expect(new Set(refundRequests.map((request) => request.idempotencyKey))).toEqual(
        new Set([`occasion-cancel-${(await occasionBookingByPid(t, pid)).id}`]),
      );
      expect(await occasionBookingByPid(t, pid)).toMatchObject({
        status: 'CANCELLED',
        refundPence: 12000,
        refundId: stripe.refunds[0]?.id,
      });
    });

    it('leaves a refund Stripe refused owed, and makes it when the organiser tries again', async () => {
      const { pid, sessionId } = await startCheckout();
      await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
      const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
      const cancelUrl = `/api/occasions/organiser/${state.organiserUrl.split('/').at(-1)}/cancel`;
      stripe.failNext(10);
      const first = await t.app.inject({ method: 'POST', url: cancelUrl });
      expect(first.json()).toEqual({
        status: 'CANCELLED',
        refundPence: 12000,
        message:
          'Your booking is cancelled. Your refund could not be made just now; we will make it shortly, or call us on 0118 496 0000.',
      });
      expect(stripe.refunds).toHaveLength(0);
      stripe.failNext(0);
      const again = await t.app.inject({ method: 'POST', url: cancelUrl });
      expect(again.json()).toMatchObject({ status: 'CANCELLED', refundPence: 12000 });
      expect(stripe.refunds).toHaveLength(1);
      expect((await t.app.inject({ method: 'POST', url: cancelUrl })).statusCode).toBe(409);
      expect(stripe.refunds).toHaveLength(1);
    });
  },
);
