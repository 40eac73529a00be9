import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, bookings, standbyEntries, standbyOffers } from '#db/schema.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import type { AppFixture } from '#tests/helpers/app-fixture.ts';
import { depositRule, setDepositRules } from '#tests/helpers/deposit-rules.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { type StripeTestApp, startStripeTestApp } from '../payments/stripe-test-app.ts';
import { cancelBooking, claimTokenIn, fillSaturdayEvening, joined, mailOf, NOW } from './standby-test-kit.ts';

const MINUTE = 60_000;

describe.each(databaseTargets)('a standby claim whose deposit is never paid on $name', (target) => {
  let running: StripeTestApp | undefined;
  let t: AppFixture;

  beforeAll(async () => {
    running = await startStripeTestApp(target, NOW);
    const app = running.t;
    await createTestAdmin(app);
    const cookie = await signIn(app);
    t = {
      ...app,
      cookie,
      asStaff: (request) => app.app.inject({ ...request, headers: { cookie, ...request.headers } }),
    };
  });
  afterAll(() => running?.close());

  const entryOf = async (email: string) =>
    t.database.db.select().from(standbyEntries).where(eq(standbyEntries.email, email));

  it('gives the guest their place on the list back when they leave the payment page', async () => {
    const margaret = await fillSaturdayEvening(t);
    await joined(t, 1);
    // Parties of two on Saturdays now pay a deposit: Edith's claim makes a booking that waits for £20.
    await setDepositRules(t, [depositRule({ partyFrom: 2 })]);
    t.setNow(new Date(NOW.getTime() + 10 * MINUTE));
    await cancelBooking(t, margaret.bookingId);
    await t.app.standby.runDue();
    const [offer] = await mailOf(t, 'standby-offer');
    const offerUrl = `/api/standby/offers/${claimTokenIn(offer?.text ?? '')}`;
    const claim = await t.app.inject({ method: 'POST', url: `${offerUrl}/claim` });
    expect(claim.statusCode, claim.body).toBe(201);
    const {
      _id: bookingId,
      reference,
      payment,
    } = claim.json() as {
      _id: string;
      reference: string;
      payment: { pid: string; terms: { amountPence: number } };
    };
    expect(payment.terms.amountPence).toBe(2000);
    expect(await entryOf('edith@example.com')).toMatchObject([{ status: 'BOOKED', bookingId }]);

    const left = await t.app.inject({ method: 'POST', url: `/api/bookings/payments/${payment.pid}/cancel` });
    expect(left.statusCode, left.body).toBe(200);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.status).toBe('CANCELLED');
    const [entry] = await entryOf('edith@example.com');
    expect(entry).toMatchObject({ status: 'WAITING', bookingId: null, changedBy: 'System' });
    const trail = await t.database.db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'standby.reopened'), eq(auditEvents.subjectId, entry?.id ?? '')));
    expect(trail).toEqual([{ summary: expect.stringContaining(`booking ${reference}`) }]);

    // The offer let its table go: its link says so, cannot be claimed again, and the guest is told by e-mail.
    const offers = await t.database.db
      .select()
      .from(standbyOffers)
      .where(eq(standbyOffers.bookingId, bookingId));
    expect(offers).toMatchObject([{ state: 'UNPAID' }]);
    const seen = await t.app.inject({ method: 'GET', url: offerUrl });
    expect(seen.json()).toMatchObject({ state: 'UNPAID' });
    const again = await t.app.inject({ method: 'POST', url: `${offerUrl}/claim` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: STANDBY_MESSAGES.claimUnpaid });
    const told = await mailOf(t, 'standby-reopened');
    expect(told).toEqual([
      expect.objectContaining({
        to: 'edith@example.com',
        subject: expect.stringContaining('back on the standby list'),
      }),
    ]);
    expect(told[0]?.text).toContain(STANDBY_MESSAGES.claimUnpaid);
  });

  it('tells the guest too when staff booked them a table from the list whose payment link lapsed', async () => {
    // Edith waits again, the deposit rule still on: staff book her the 19:30 table, asked to choose, and send a link.
    const [waiting] = await entryOf('edith@example.com');
    expect(waiting).toMatchObject({ status: 'WAITING' });
    const url = `/api/admin/standby/${waiting?.id}/book`;
    const unchosen = await t.asStaff({ method: 'POST', url, payload: { timeSlot: '19:30' } });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json()).toMatchObject({ issues: [{ path: 'deposit' }] });
    const booked = await t.asStaff({
      method: 'POST',
      url,
      payload: { timeSlot: '19:30', deposit: { choice: 'request' } },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [entry] = await entryOf('edith@example.com');
    expect(entry).toMatchObject({ status: 'BOOKED' });
    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, entry?.bookingId ?? ''));
    expect(booking?.status).toBe('PENDING');

    t.setNow(new Date(NOW.getTime() + 10 * MINUTE + 25 * 60 * MINUTE));
    await t.app.deposits.runDue();
    expect(await entryOf('edith@example.com')).toMatchObject([{ status: 'WAITING', bookingId: null }]);
    const told = await mailOf(t, 'standby-reopened');
    expect(told).toHaveLength(2);
    expect(told[1]).toMatchObject({
      to: 'edith@example.com',
      subject: 'The table at 7:30pm was not kept — you’re back on the standby list',
    });
  });
});
