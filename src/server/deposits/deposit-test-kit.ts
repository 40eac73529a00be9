import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { auditEvents, bookingPayments, bookings, outboxMessages } from '#db/schema.ts';
import { createTestAdmin } from '#tests/helpers/admin-session.ts';
import { setDepositRules, WEEKEND_PARTIES } from '#tests/helpers/deposit-rules.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { deliverStripeEvent } from '#tests/helpers/stripe-webhooks.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import type { TestApp, TestDatabaseTarget } from '#tests/helpers/test-app.ts';
import { type StripeTestApp, startStripeTestApp } from '../payments/stripe-test-app.ts';

/** Tuesday 1 December 2026, mid-morning: the Saturday and the Tuesday below are ahead. */
export const NOW = new Date('2026-12-01T10:00:00Z');
export const SATURDAY = '2026-12-12';
export const TUESDAY = '2026-12-08';
export const eight = { partyAdults: 8, partyChildren: 0 };

/** The covers still free in the Saturday's 19:00 slot. */
export async function saturdayCoversLeft(t: TestApp): Promise<number> {
  const slots = await t.app.inject({ method: 'GET', url: `/api/availability?date=${SATURDAY}` });
  return slots.json().find((slot: { time: string }) => slot.time === '19:00').remaining as number;
}

/**
 * The deposit suites' app on `target`, with a fake Stripe, an SMTP sink and the test admin: started before the
 * describe block's tests and closed after them. Before each test the clock is back at NOW, the bookings and
 * mail are gone and only the weekend rule asks for money. Answers the running app's parts and the steps the
 * tests take with it.
 */
export function useDepositApp(target: TestDatabaseTarget) {
  let running: StripeTestApp | undefined;
  const current = (): StripeTestApp => {
    if (!running) throw new Error('The deposits app is used before its describe block started it');
    return running;
  };
  beforeAll(async () => {
    running = await startStripeTestApp(target, NOW);
    await createTestAdmin(running.t);
  });
  afterAll(() => running?.close());
  beforeEach(async () => {
    const { t, smtp, stripe } = current();
    t.setNow(NOW);
    await deliverQueuedMail(t.app);
    await t.database.db.delete(outboxMessages);
    await t.database.db.delete(bookings);
    smtp.received.length = 0;
    stripe.failNext(0);
    await setDepositRules(t, [WEEKEND_PARTIES]);
  });

  const book = (payload: Record<string, unknown>) =>
    current().t.app.inject({ method: 'POST', url: '/api/bookings', payload });

  const database = () => current().t.database.db;

  async function paymentOf(bookingId: string) {
    const [row] = await database()
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, bookingId));
    return row;
  }

  async function statusOf(bookingId: string) {
    const [row] = await database()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row?.status;
  }

  /** The booking's steps of one type in the audit trail. */
  function trailOf(bookingId: string, type: string) {
    return database()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.subjectId, bookingId)));
  }

  async function mailTo(address: string) {
    const { t, smtp } = current();
    await deliverQueuedMail(t.app);
    return smtp.received.filter((mail) => mail.recipients.includes(address));
  }

  /** The guest completes the checkout at the fake Stripe, and its checkout.session.completed event arrives. */
  function payCheckout(sessionId: string) {
    const { t, stripe } = current();
    return deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
  }

  /** A Saturday party of 8 that has paid its £80 through the fake Stripe and been confirmed by the webhook. */
  async function paidSaturdayBooking(email = 'margaret@example.com') {
    const response = await book(tableBookingRequest(SATURDAY, { ...eight, email }));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    const sessionId = (await paymentOf(made._id))?.stripeSessionId as string;
    expect((await payCheckout(sessionId)).statusCode).toBe(200);
    return { made, sessionId, token: String(made.manageUrl).split('/').at(-1) as string };
  }

  return {
    get t() {
      return current().t;
    },
    get stripe() {
      return current().stripe;
    },
    get smtp() {
      return current().smtp;
    },
    book,
    paymentOf,
    statusOf,
    trailOf,
    mailTo,
    payCheckout,
    paidSaturdayBooking,
  };
}
