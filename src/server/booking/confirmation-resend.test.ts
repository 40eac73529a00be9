import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '#db/schema.ts';
import { CONFIRMATION_RESEND_MESSAGES, OUTBOX_MESSAGES } from '#shared/mail/outbox.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { closedPort, deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { bookTable, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const GUEST = 'margaret@example.com';
const PUB = 'landlord@roseandcrown.example';

const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest('2026-12-05', { timeSlot: '19:30', email: GUEST, ...overrides });

describe.each(databaseTargets)('resending a booking’s confirmation from its panel on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // The SMTP server is down: what is queued stays waiting, and a sent message is marked so by the test.
    t = await startTestApp(target, NOW, {
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, PUB_NOTIFY_EMAIL: PUB },
    });
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.setNow(NOW);
    await t.database.db.delete(outboxMessages);
    await t.database.db.delete(bookings);
  });

  const resendConfirmation = (id: string, headers = { cookie }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/resend-confirmation`, headers });

  async function book(overrides: Record<string, unknown> = {}): Promise<{ _id: string; reference: string }> {
    const { reference } = await bookTable(t, guestBooking(overrides));
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.reference, reference));
    return { _id: row?.id as string, reference };
  }

  async function staffBooking(overrides: Record<string, unknown>): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      headers: { cookie },
      payload: { ...guestBooking(overrides), source: 'phone' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { _id: string })._id;
  }

  /** Delivered: what the guest says never came. */
  async function markAllSent() {
    await deliverQueuedMail(t.app);
    await t.database.db.update(outboxMessages).set({ status: 'SENT', sentAt: NOW });
  }

  const mailAbout = (reference: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.reference, reference))
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));

  it('queues the guest’s confirmation again, not the pub’s notice, and says so in the booking’s history', async () => {
    const booking = await book();
    await markAllSent();
    const confirmation = (await mailAbout(booking.reference)).find(
      (row) => (row.message as { to: unknown }).to !== PUB,
    );

    t.setNow(new Date(NOW.getTime() + 60_000));
    const response = await resendConfirmation(booking._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'table-booking',
      reference: booking.reference,
      to: `Margaret Ellis <${GUEST}>`,
      status: 'PENDING',
    });
    const rows = await mailAbout(booking.reference);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      id: response.json().id,
      message: confirmation?.message,
      status: 'PENDING',
    });

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${booking._id}/history`,
      headers: { cookie },
    });
    expect(history.json()[0]).toMatchObject({
      type: 'mail.resent',
      actorName: 'landlord',
      summary: `Table booking e-mail ${booking.reference} sent again (sent Sunday 22 November 2026, 12pm)`,
    });

    const again = await resendConfirmation(booking._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: OUTBOX_MESSAGES.alreadyWaiting });
    expect(await mailAbout(booking.reference)).toHaveLength(3);
  });

  it('sends the latest: the e-mail of the booking’s change when staff told the guest of one', async () => {
    const booking = await book();
    t.setNow(new Date(NOW.getTime() + 60_000));
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking._id}`,
      headers: { cookie },
      payload: { timeSlot: '20:00', notifyGuest: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await markAllSent();

    const response = await resendConfirmation(booking._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'table-booking-change', to: `Margaret Ellis <${GUEST}>` });
    expect(response.json().subject).toContain('has changed');
  });

  it('explains a booking with nothing to resend: no e-mail, none queued, cancelled, unknown', async () => {
    const noEmail = await staffBooking({ email: '' });
    const notTold = await staffBooking({ notifyGuest: false, timeSlot: '18:00' });
    const cancelled = await book({ timeSlot: '20:30' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${cancelled._id}`,
      headers: { cookie },
      payload: { status: 'CANCELLED' },
    });
    const outboxBefore = await t.database.db.select().from(outboxMessages);

    for (const [id, error] of [
      [noEmail, CONFIRMATION_RESEND_MESSAGES.noEmail],
      [notTold, CONFIRMATION_RESEND_MESSAGES.noneQueued],
      [cancelled._id, CONFIRMATION_RESEND_MESSAGES.cancelled],
    ] as const) {
      const response = await resendConfirmation(id);
      expect(response.statusCode, error).toBe(409);
      expect(response.json()).toEqual({ error });
    }
    for (const unknown of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', 'not-an-id']) {
      const response = await resendConfirmation(unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Booking not found' });
    }
    expect(await t.database.db.select().from(outboxMessages)).toHaveLength(outboxBefore.length);
  });

  it('is for managers and the owner, like the outbox', async () => {
    const booking = await book();
    await markAllSent();
    const password = 'a long enough password';
    await createOrResetAdmin(t.database.db, { email: 'bar@pub.test', password, role: 'staff' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bar@pub.test', password },
    });
    const staffCookie = `rc_admin=${login.cookies.find((c) => c.name === 'rc_admin')?.value}`;
    expect((await resendConfirmation(booking._id, { cookie: staffCookie })).statusCode).toBe(403);
    const waiting = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.reference, booking.reference), eq(outboxMessages.status, 'PENDING')));
    expect(waiting).toEqual([]);
  });
});
