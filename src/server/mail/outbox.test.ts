import { asc, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '#db/client.ts';
import { bookings, idempotencyKeys, outboxMessages } from '#db/schema.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { startAppOn } from '#tests/helpers/app-on-database.ts';
import { closedPort, deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { type SmtpSink, startSmtpSink } from '#tests/helpers/smtp-sink.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { enqueueMail, MAX_ATTEMPTS, retryDelayMs } from './outbox.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GUEST = 'margaret@example.com';
const PUB = 'landlord@roseandcrown.example';

const bookingBody = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest('2026-12-05', { timeSlot: '19:30', email: GUEST, ...overrides });

async function book(app: FastifyInstance, overrides: Record<string, unknown> = {}, headers = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers,
    payload: bookingBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { reference: string };
}

function outboxRows(t: TestApp) {
  return t.database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
}

async function bookingCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ value: count() }).from(bookings);
  return row?.value ?? 0;
}

describe('the retry schedule', () => {
  it('waits a minute, then doubles the wait up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 29].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('makes its last attempt about a day after the first', () => {
    let elapsed = 0;
    for (let failed = 1; failed < MAX_ATTEMPTS; failed++) elapsed += retryDelayMs(failed);
    expect(elapsed).toBeGreaterThanOrEqual(23 * HOUR);
    expect(elapsed).toBeLessThanOrEqual(25 * HOUR);
  });
});

describe.each(databaseTargets)('the e-mail outbox on $name', (target) => {
  describe('with the SMTP server up', () => {
    let smtp: SmtpSink;
    let t: TestApp;

    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await startTestApp(target, NOW, { env: { SMTP_URL: smtp.url, PUB_NOTIFY_EMAIL: PUB } });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });
    beforeEach(async () => {
      t.setNow(NOW);
      await deliverQueuedMail(t.app);
      await t.database.db.delete(outboxMessages);
      await t.database.db.delete(idempotencyKeys);
      await t.database.db.delete(bookings);
      smtp.received.length = 0;
    });

    it('queues the guest’s confirmation and the pub’s notification with the booking, and delivers each once', async () => {
      const { reference } = await book(t.app, {}, { 'idempotency-key': 'form-1' });
      const queued = await outboxRows(t);
      expect(queued).toHaveLength(2);
      for (const row of queued) {
        expect(row).toMatchObject({ kind: 'table-booking', reference, createdAt: NOW });
      }

      await deliverQueuedMail(t.app);
      await deliverQueuedMail(t.app);
      expect(smtp.to(GUEST)).toHaveLength(1);
      expect(smtp.to(PUB)).toHaveLength(1);
      expect(smtp.received).toHaveLength(2);
      for (const row of await outboxRows(t)) {
        expect(row).toMatchObject({ status: 'SENT', attempts: 1, sentAt: NOW, lockedUntil: null });
      }

      // The same submission again answers the same booking and queues nothing.
      await book(t.app, {}, { 'idempotency-key': 'form-1' });
      expect(await outboxRows(t)).toHaveLength(2);
      await deliverQueuedMail(t.app);
      expect(smtp.received).toHaveLength(2);
    });

    it('queues nothing when the booking’s transaction fails after queuing', async () => {
      // The Idempotency-Key's answer is stored after the e-mails are queued: make that step fail.
      await t.database.db.execute(sql`
        create function refuse_insert() returns trigger language plpgsql as $$
        begin raise exception 'the disk is full'; end $$`);
      await t.database.db.execute(sql`
        create trigger refuse_idempotency before insert on idempotency_keys
        for each row execute function refuse_insert()`);
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { 'idempotency-key': 'form-2' },
          payload: bookingBody(),
        });
        expect(response.statusCode).toBe(500);
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_idempotency on idempotency_keys`);
        await t.database.db.execute(sql`drop function refuse_insert()`);
      }
      expect(await bookingCount(t)).toBe(0);
      expect(await outboxRows(t)).toEqual([]);
      await deliverQueuedMail(t.app);
      expect(smtp.received).toEqual([]);
    });

    it('refuses a message that would not survive being stored as JSON, storing nothing', async () => {
      const attachment = { filename: 'booking.ics', content: Buffer.from('BEGIN:VCALENDAR') };
      await expect(
        t.database.db.transaction((tx) =>
          enqueueMail(tx, { kind: 'table-booking', reference: 'RC-TEST01', now: NOW }, [
            { to: GUEST, subject: 'With a file', text: 'Hello', attachments: [attachment] },
          ]),
        ),
      ).rejects.toThrow('message.attachments[0].content is not');
      expect(await outboxRows(t)).toEqual([]);
    });

    it('takes over a message whose sender died mid-delivery once its lease ends, with the same Message-ID', async () => {
      const leaseEnd = new Date(NOW.getTime() + 5 * MINUTE);
      // Queued and claimed in one step, as if by a process that then died before marking it.
      await t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { kind: 'table-booking', reference: 'RC-TEST01', now: NOW }, [
          { to: GUEST, subject: 'Your table', text: 'See you soon' },
        ]);
        await tx.update(outboxMessages).set({ attempts: 1, lockedUntil: leaseEnd });
      });

      t.setNow(new Date(leaseEnd.getTime() - 1000));
      await deliverQueuedMail(t.app);
      expect(smtp.received).toEqual([]);

      t.setNow(new Date(leaseEnd.getTime() + 1000));
      await deliverQueuedMail(t.app);
      const [row] = await outboxRows(t);
      expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.headers.get('message-id')).toBe(`<${row?.id}@pub.test>`);
    });
  });

  it('sends a new booking’s e-mails within a second of its commit, long before the next poll', async () => {
    const smtp = await startSmtpSink();
    const t = await startTestApp(target, NOW, { env: { SMTP_URL: smtp.url } });
    try {
      await book(t.app);
      await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 1000, interval: 20 });
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  describe('with the SMTP server down', () => {
    let port: number;
    let smtp: SmtpSink | null = null;
    let t: TestApp;

    beforeAll(async () => {
      port = await closedPort();
      t = await startTestApp(target, NOW, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      await createTestAdmin(t);
    });
    afterAll(() => t.close());
    beforeEach(async () => {
      t.setNow(NOW);
      await t.database.db.delete(outboxMessages);
      await t.database.db.delete(bookings);
    });
    afterEach(async () => {
      await smtp?.close();
      smtp = null;
    });

    /** The SMTP server comes back, where the app expects it. */
    async function smtpBack(): Promise<SmtpSink> {
      smtp = await startSmtpSink(port);
      return smtp;
    }

    it('keeps the booking, retries after the backoff, and delivers once the server is back', async () => {
      await book(t.app);
      await deliverQueuedMail(t.app);
      expect(await bookingCount(t)).toBe(1);
      for (const row of await outboxRows(t)) {
        expect(row).toMatchObject({
          status: 'PENDING',
          attempts: 1,
          nextAttemptAt: new Date(NOW.getTime() + MINUTE),
          lockedUntil: null,
        });
        expect(row.lastError).toContain('ECONNREFUSED');
      }

      const sink = await smtpBack();
      t.setNow(new Date(NOW.getTime() + MINUTE - 1000));
      await deliverQueuedMail(t.app);
      expect(sink.received).toEqual([]);

      const retryAt = new Date(NOW.getTime() + MINUTE);
      t.setNow(retryAt);
      await deliverQueuedMail(t.app);
      await deliverQueuedMail(t.app);
      expect(sink.received).toHaveLength(2);
      for (const row of await outboxRows(t)) {
        expect(row).toMatchObject({ status: 'SENT', attempts: 2, sentAt: retryAt });
      }
    });

    it('gives a message up after its last attempt, lists it for staff, and sends it when resent', async () => {
      const { reference } = await book(t.app);
      let now = NOW;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        t.setNow(now);
        await deliverQueuedMail(t.app);
        const rows = await outboxRows(t);
        expect(rows.map((row) => row.attempts)).toEqual([attempt, attempt]);
        now = rows[0]?.nextAttemptAt as Date;
      }
      const rows = await outboxRows(t);
      expect(rows.map((row) => row.status)).toEqual(['FAILED', 'FAILED']);
      const triedFor = t.app.clock().getTime() - NOW.getTime();
      expect(triedFor).toBeGreaterThan(23 * HOUR);
      expect(triedFor).toBeLessThan(25 * HOUR);

      const cookie = await signIn(t);
      const list = (status: string) =>
        t.app.inject({ method: 'GET', url: `/api/admin/mail?status=${status}`, headers: { cookie } });
      const resend = (id: string) =>
        t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/resend`, headers: { cookie } });

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ status: 'ok', failedEmails: 2 });
      const failed = await list('FAILED');
      expect(failed.statusCode).toBe(200);
      const guestRow = rows.find((row) =>
        (row.message as { subject: string }).subject.startsWith('Your table'),
      );
      const entries = failed.json();
      expect(entries).toHaveLength(2);
      expect(entries).toContainEqual({
        id: guestRow?.id,
        kind: 'table-booking',
        to: `Margaret Ellis <${GUEST}>`,
        subject: 'Your table at The Rose & Crown — Saturday 5 December 2026, 7:30pm',
        reference,
        status: 'FAILED',
        attempts: MAX_ATTEMPTS,
        lastError: expect.stringContaining('ECONNREFUSED'),
        createdAt: NOW.toISOString(),
        sentAt: null,
      });
      expect((await list('PENDING')).json()).toEqual([]);

      const sink = await smtpBack();
      const resent = await resend(guestRow?.id as string);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ id: guestRow?.id, status: 'PENDING', attempts: 0 });
      await deliverQueuedMail(t.app);
      expect(sink.received).toHaveLength(1);
      expect(sink.to(GUEST)).toHaveLength(1);
      expect((await list('SENT')).json()).toEqual([
        expect.objectContaining({ id: guestRow?.id, status: 'SENT', attempts: 1, sentAt: now.toISOString() }),
      ]);
      expect((await list('FAILED')).json()).toHaveLength(1);

      // Sent, it can be sent again (issue 27): as a copy, delivered beside the one that stays in the history.
      const again = await resend(guestRow?.id as string);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'PENDING', reference, to: `Margaret Ellis <${GUEST}>` });
      expect(again.json().id).not.toBe(guestRow?.id);
      await deliverQueuedMail(t.app);
      expect(sink.to(GUEST)).toHaveLength(2);
      expect((await list('SENT')).json()).toEqual([
        expect.objectContaining({ id: again.json().id, status: 'SENT' }),
        expect.objectContaining({ id: guestRow?.id, status: 'SENT' }),
      ]);
    });

    it('refuses to resend a message still waiting, and answers an unknown one 404 and a bad status 400', async () => {
      await book(t.app);
      await deliverQueuedMail(t.app);
      const [waiting] = await outboxRows(t);
      const cookie = await signIn(t);
      const resend = (id: string) =>
        t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/resend`, headers: { cookie } });

      const pending = await resend(waiting?.id as string);
      expect(pending.statusCode).toBe(409);
      expect(pending.json()).toEqual({ error: 'This e-mail is already waiting to be sent.' });
      for (const id of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', 'not-an-id']) {
        const unknown = await resend(id);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ error: 'E-mail not found' });
      }
      for (const [query, error] of [
        ['?status=LOST', 'status must be PENDING, SENT or FAILED.'],
        ['', 'Give a status, a search, or both.'],
      ]) {
        const bad = await t.app.inject({
          method: 'GET',
          url: `/api/admin/mail${query}`,
          headers: { cookie },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ error });
      }
      const [row] = await outboxRows(t);
      expect(row).toMatchObject({ status: 'PENDING', attempts: waiting?.attempts });
    });
  });
});

describeOnPostgres('two servers sending from one PostgreSQL database', (postgres) => {
  const DATES = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];
  const SLOTS = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30'];
  let smtp: SmtpSink;
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    first = await startTestApp(postgres, NOW, { env: { SMTP_URL: smtp.url } });
    const result = await first.database.db.execute(sql`select current_database() as name`);
    const { name } = (result as unknown as { rows: [{ name: string }] }).rows[0];
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    // Its own pool of connections, as another server process would have.
    secondDatabase = await openPostgres(url.toString());
    ({ app: second } = await startAppOn(secondDatabase, () => first.app.clock(), {
      dataDir: first.dataDir,
      env: { SMTP_URL: smtp.url },
    }));
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await first.close();
    await smtp.close();
  });

  it('delivers each message exactly once while both send at the same time', async () => {
    const slots = DATES.flatMap((date) => SLOTS.map((timeSlot) => ({ date, timeSlot })));
    // Each server nudges its own sender as its bookings commit, so both claim while the others are queued.
    await Promise.all(
      slots.map((slot, index) =>
        book(index % 2 === 0 ? first.app : second, { ...slot, email: `guest${index}@example.com` }),
      ),
    );
    await Promise.all([deliverQueuedMail(first.app), deliverQueuedMail(second)]);

    const messageIds = smtp.received.map((mail) => mail.headers.get('message-id'));
    expect(messageIds).toHaveLength(slots.length * 2);
    expect(new Set(messageIds).size).toBe(slots.length * 2);
    const rows = await outboxRows(first);
    expect(rows).toHaveLength(slots.length * 2);
    expect(rows.filter((row) => row.status !== 'SENT' || row.attempts !== 1)).toEqual([]);
  });
});
