import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { CHRISTMAS_MANAGE_MESSAGES, CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { paidToStaffNotRefundedOnline } from '#shared/money/taken-by-staff.ts';
import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import {
  christmasBookingFor,
  clearChristmas,
  emptyOutboxFolder,
  startChristmasCheckout,
} from '#tests/helpers/christmas-app.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { deliverStripeEvent, fakeStripeEnv } from '#tests/helpers/stripe-webhooks.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { selectChristmasBooking, updateChristmasBooking } from './store.ts';

/** After the default refundableUntil (the end of 18 December), before the online cut-off. */
const AFTER_REFUNDS = new Date('2026-12-20T10:00:00Z');

describe.each(databaseTargets)(
  'Christmas cancellations refund deposits through Stripe on $name',
  (target) => {
    let stripe: FakeStripe;
    let t: TestApp;
    let cookie: string;
    let guests = 0;

    beforeAll(async () => {
      stripe = await startFakeStripe();
      t = await startTestApp(target, BEFORE_CUTOFF, {
        env: fakeStripeEnv(stripe),
      });
      await createTestAdmin(t);
    });
    afterAll(async () => {
      await t.close();
      await stripe.close();
    });
    beforeEach(async () => {
      await emptyOutboxFolder(t);
      t.setNow(BEFORE_CUTOFF);
      stripe.refunds.length = 0;
      stripe.requests.length = 0;
      stripe.failNext(0);
      await clearChristmas(t);
      cookie = await signIn(t);
    });

    /** A paid booking for 2: the checkout, the guest paying at Stripe, Stripe's signed webhook. */
    async function paidBooking() {
      guests++;
      const email = `guest${guests}@example.com`;
      await startChristmasCheckout(t, christmasOrder({ adults: 2 }, { email }), `198.51.100.${guests}`);
      const sessionId = [...stripe.sessions.keys()].at(-1) as string;
      const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
      expect((await deliverStripeEvent(t, body)).statusCode).toBe(200);
      const row = await christmasBookingFor(t, email);
      if (!row) throw new Error('the paid checkout made no booking');
      const mail = (await mailInOutboxFolder(t)).find((message) =>
        message.headers.get('to')?.includes(email),
      );
      const token =
        mail?.text.match(/Change or cancel your booking: \S+\/christmas\/manage\/(\S+)/)?.[1] ?? '';
      return { row, email, token, paymentIntent: stripe.sessions.get(sessionId)?.payment_intent };
    }

    const guestCancels = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/christmas/manage/${token}/cancel` });
    const staff = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const staffSets = (id: string, payload: object) =>
      staff('PATCH', `/api/christmas/admin/bookings/${id}`, payload);
    const refundCalls = () => stripe.requests.filter((request) => request.path === '/v1/refunds');
    const stored = (id: string) => selectChristmasBooking(t.database.db, eq(occasionBookings.id, id));
    async function mailTo(email: string, subject: string) {
      return (await mailInOutboxFolder(t)).filter(
        (mail) => mail.headers.get('to')?.includes(email) && mail.subject.includes(subject),
      );
    }

    it('refunds the deposit once when the guest cancels by refundableUntil, however often they press', async () => {
      const { row, email, token, paymentIntent } = await paidBooking();
      for (let press = 0; press < 3; press++) expect((await guestCancels(token)).statusCode).toBe(200);
      expect(stripe.refunds).toHaveLength(1);
      expect(stripe.refunds[0]).toMatchObject({ payment_intent: paymentIntent, amount: 5000 });
      expect(refundCalls().map((call) => call.idempotencyKey)).toEqual([`christmas-cancel-${row.id}`]);
      expect(await stored(row.id)).toMatchObject({
        status: 'CANCELLED',
        refundPence: 5000,
        refundId: stripe.refunds[0]?.id,
      });
      expect(await mailTo(email, 'You have cancelled')).toHaveLength(1);
    });

    it('cancels once, refunds once and e-mails once when the guest and staff cancel at the same moment', async () => {
      const { row, email, token } = await paidBooking();
      const answers = await Promise.all([
        guestCancels(token),
        guestCancels(token),
        staffSets(row.id, { status: 'CANCELLED', deposit: 'refund' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(stripe.refunds).toHaveLength(1);
      expect((await stored(row.id))?.refundId).toBe(stripe.refunds[0]?.id);
      const told = (await mailInOutboxFolder(t)).filter(
        (mail) => mail.headers.get('to')?.includes(email) && mail.subject.includes('ancelled'),
      );
      expect(told).toHaveLength(1);
    });

    it('keeps the deposit when the guest cancels after refundableUntil: Stripe is not asked', async () => {
      const { row, email, token } = await paidBooking();
      t.setNow(AFTER_REFUNDS);
      const cancelled = await guestCancels(token);
      expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', refundPence: null } });
      expect(refundCalls()).toHaveLength(0);
      expect(await stored(row.id)).toMatchObject({ refundPence: null, refundId: null });
      const [mail] = await mailTo(email, 'You have cancelled');
      expect(mail?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.keptLine(5000));
    });

    it('keeps a cancellation when Stripe fails: the refund stays pending until staff retry it, then is made once', async () => {
      const { row, email, token } = await paidBooking();
      // The SDK tries three times; every one fails.
      stripe.failNext(3);
      const cancelled = await guestCancels(token);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', refundPence: 5000 } });
      expect(stripe.refunds).toHaveLength(0);
      expect(await stored(row.id)).toMatchObject({ status: 'CANCELLED', refundPence: 5000, refundId: null });
      const [mail] = await mailTo(email, 'You have cancelled');
      expect(mail?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.refundLine(5000));

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/christmas/admin/bookings',
        headers: { cookie },
      });
      expect((list.json() as StoredChristmasBooking[])[0]?.refund).toEqual({ pence: 5000, state: 'pending' });

      stripe.failNext(3);
      const stillDown = await staff('POST', `/api/christmas/admin/bookings/${row.id}/refund`);
      expect(stillDown.statusCode).toBe(502);
      expect(stillDown.json()).toEqual({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.refundFailed });

      const retried = await staff('POST', `/api/christmas/admin/bookings/${row.id}/refund`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().refund).toEqual({ pence: 5000, state: 'refunded' });
      expect((await staff('POST', `/api/christmas/admin/bookings/${row.id}/refund`)).statusCode).toBe(200);
      expect(await guestCancels(token).then((answer) => answer.statusCode)).toBe(200);
      expect(stripe.refunds).toHaveLength(1);
      expect(new Set(refundCalls().map((call) => call.idempotencyKey))).toEqual(
        new Set([`christmas-cancel-${row.id}`]),
      );
    });

    it('lets staff cancel with the deposit refunded: the guest is told, and it cannot be confirmed again', async () => {
      const { row, email, paymentIntent } = await paidBooking();
      const unchosen = await staffSets(row.id, { status: 'CANCELLED' });
      expect(unchosen.statusCode).toBe(400);
      expect(unchosen.json()).toEqual({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice });
      const odd = await staffSets(row.id, { status: 'CANCELLED', deposit: 'half' });
      expect(odd.json()).toMatchObject({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice });
      expect((await stored(row.id))?.status).toBe('CONFIRMED');

      const cancelled = await staffSets(row.id, { status: 'CANCELLED', deposit: 'refund' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 'CANCELLED',
        cancelledBy: 'staff',
        refund: { pence: 5000, state: 'refunded' },
      });
      expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: paymentIntent })]);
      const [mail] = await mailTo(email, 'is cancelled');
      expect(mail?.subject).toBe(
        `Your Christmas Day booking at The Rose & Crown is cancelled — ${row.reference}`,
      );
      expect(mail?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.refundLine(5000));

      const again = await staffSets(row.id, { status: 'CONFIRMED' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.refundedCannotConfirm });
    });

    it('lets staff cancel keeping the deposit: no refund, the guest told so; it may be confirmed again', async () => {
      const { row, email } = await paidBooking();
      const cancelled = await staffSets(row.id, { status: 'CANCELLED', deposit: 'keep' });
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: 'staff', refund: null });
      expect(refundCalls()).toHaveLength(0);
      const [mail] = await mailTo(email, 'is cancelled');
      expect(mail?.text).toContain(CHRISTMAS_MANAGE_MESSAGES.keptLine(5000));
      const confirmed = await staffSets(row.id, { status: 'CONFIRMED' });
      expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED', cancelledBy: null, refund: null });
    });

    it('settles a deposit staff took in cash at the till: no refund owed online, none asked of Stripe', async () => {
      const taken = await staff(
        'POST',
        '/api/christmas/admin/bookings',
        phoneBooking({}, { depositMethod: 'cash' }),
      );
      expect(taken.statusCode).toBe(201);
      const booking = taken.json() as StoredChristmasBooking;
      expect(booking.depositPaidPence).toBe(5000);

      const refused = await staffSets(booking._id, { status: 'CANCELLED', deposit: 'refund' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: paidToStaffNotRefundedOnline(5000) });
      expect((await stored(booking._id))?.status).toBe('CONFIRMED');

      const cancelled = await staffSets(booking._id, { status: 'CANCELLED' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: 'staff', refund: null });
      expect(refundCalls()).toHaveLength(0);
      expect(await stored(booking._id)).toMatchObject({ refundPence: null, depositMethod: 'cash' });
    });

    it('refuses to retry an old refund left owed on a deposit staff took: it is settled at the till', async () => {
      const taken = await staff(
        'POST',
        '/api/christmas/admin/bookings',
        phoneBooking({}, { depositMethod: 'card-by-phone' }),
      );
      const booking = taken.json() as StoredChristmasBooking;
      await updateChristmasBooking(t.database.db, booking._id, {
        status: 'CANCELLED',
        cancelledBy: 'staff',
        refundPence: 5000,
      });

      const retried = await staff('POST', `/api/christmas/admin/bookings/${booking._id}/refund`);
      expect(retried.statusCode).toBe(409);
      expect(retried.json()).toEqual({ error: paidToStaffNotRefundedOnline(5000) });
      expect(refundCalls()).toHaveLength(0);
      expect(await stored(booking._id)).toMatchObject({ refundPence: 5000, refundId: null });
    });
  },
);
