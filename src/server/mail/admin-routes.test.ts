import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages } from '#db/schema.ts';
import { OUTBOX_LIST_LIMIT, OUTBOX_MESSAGES, type OutboxStatus } from '#shared/mail/outbox.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { closedPort, deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const EARLIER = new Date('2026-11-21T18:30:00Z');
const UNKNOWN_ID = '5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1';

const GUEST_CONFIRMATION = {
  kind: 'table-booking',
  reference: 'RC-ABC234',
  message: {
    to: { name: 'Margaret Ellis', address: 'Margaret.Ellis@Example.com' },
    subject: 'Your table at The Rose & Crown — Saturday 5 December 2026, 7:30pm',
    text: 'Dear Margaret,\n\nWe look forward to seeing you.\n\nThe Rose & Crown',
    html: '<p>Dear Margaret,</p><script>alert(1)</script>',
  },
} as const;

const PUB_NOTICE = {
  kind: 'table-booking',
  reference: 'RC-ABC234',
  message: { to: 'landlord@roseandcrown.example', subject: 'New booking RC-ABC234', text: 'A table for 2.' },
} as const;

const ENQUIRY_ACK = {
  kind: 'enquiry-ack',
  reference: null,
  message: { to: 'arthur@example.com', subject: 'We have your enquiry: 50%_off parties', text: 'Thanks.' },
} as const;

const CHRISTMAS = {
  kind: 'christmas-booking',
  reference: 'XMAS-7KQ2',
  message: { to: { address: 'edith@example.com' }, subject: 'Your Christmas Day table', text: 'Merry.' },
} as const;

type StoredMail = { kind: string; reference: string | null; message: object };

describe.each(databaseTargets)('the outbox for staff on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // The SMTP server is down: a message queued again stays waiting, as staff left it.
    t = await startTestApp(target, NOW, { env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(outboxMessages);
  });

  async function store(
    mail: StoredMail,
    status: OutboxStatus,
    extra: Partial<typeof outboxMessages.$inferInsert> = {},
  ): Promise<string> {
    const [row] = await t.database.db
      .insert(outboxMessages)
      .values({
        ...mail,
        status,
        attempts: status === 'PENDING' ? 0 : 1,
        createdAt: EARLIER,
        // A waiting message is due later: the sender leaves it as the test stored it.
        nextAttemptAt: status === 'PENDING' ? new Date(NOW.getTime() + 3_600_000) : EARLIER,
        sentAt: status === 'SENT' ? EARLIER : null,
        lastError: status === 'FAILED' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
        ...extra,
      })
      .returning({ id: outboxMessages.id });
    return row?.id as string;
  }

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const resend = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/resend`, headers: { cookie } });
  const subjectsFound = async (query: string) => {
    const response = await get(`/api/admin/mail?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { subject: string }[]).map((entry) => entry.subject).sort();
  };
  const rowsOf = () =>
    t.database.db
      .select()
      .from(outboxMessages)
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  /** The trail keeps every entry (no DELETE): each test reads those about its own messages. */
  const auditOf = async () => {
    const ids = (await rowsOf()).map((row) => row.id);
    return t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'mail.resent'), inArray(auditEvents.subjectId, ids)));
  };

  describe('search', () => {
    beforeEach(async () => {
      await store(GUEST_CONFIRMATION, 'SENT');
      await store(PUB_NOTICE, 'SENT');
      await store(ENQUIRY_ACK, 'FAILED');
      await store(CHRISTMAS, 'PENDING');
    });

    it('finds part of the address, the subject or the reference, in any case, across every status', async () => {
      expect(await subjectsFound('q=margaret.ellis%40EXAMPLE')).toEqual([GUEST_CONFIRMATION.message.subject]);
      expect(await subjectsFound('q=rc-abc')).toEqual([
        PUB_NOTICE.message.subject,
        GUEST_CONFIRMATION.message.subject,
      ]);
      expect(await subjectsFound('q=YOUR%20ENQUIRY')).toEqual([ENQUIRY_ACK.message.subject]);
      expect(await subjectsFound('q=xmas-7kq2')).toEqual([CHRISTMAS.message.subject]);
      expect(await subjectsFound('q=nobody%40example.com')).toEqual([]);
    });

    it('searches within a status when given one', async () => {
      expect(await subjectsFound('q=RC-ABC234&status=SENT')).toHaveLength(2);
      expect(await subjectsFound('q=RC-ABC234&status=FAILED')).toEqual([]);
      expect(await subjectsFound('status=FAILED&q=example.com')).toEqual([ENQUIRY_ACK.message.subject]);
    });

    it('reads % and _ as the letters typed, not as wildcards', async () => {
      expect(await subjectsFound('q=50%25_off')).toEqual([ENQUIRY_ACK.message.subject]);
      expect(await subjectsFound('q=%25')).toEqual([ENQUIRY_ACK.message.subject]);
      expect(await subjectsFound('q=_')).toEqual([ENQUIRY_ACK.message.subject]);
      expect(await subjectsFound('q=5_')).toEqual([]);
    });

    it('lists at most the usual number, the newest first', async () => {
      for (let index = 0; index < OUTBOX_LIST_LIMIT + 5; index++) {
        await store(
          { ...CHRISTMAS, message: { ...CHRISTMAS.message, subject: `Christmas ${index}` } },
          'SENT',
          { createdAt: new Date(NOW.getTime() + index * 1000) },
        );
      }
      const found = (await get('/api/admin/mail?q=christmas')).json() as { subject: string }[];
      expect(found).toHaveLength(OUTBOX_LIST_LIMIT);
      expect(found[0]?.subject).toBe(`Christmas ${OUTBOX_LIST_LIMIT + 4}`);
    });

    it('answers bad input 400 in words', async () => {
      const cases: [string, string][] = [
        ['q=', OUTBOX_MESSAGES.searchEmpty],
        ['q=%20%20', OUTBOX_MESSAGES.searchEmpty],
        [`q=${'a'.repeat(101)}`, 'Search is too long (100 characters at most).'],
        ['q=a%0Ab', 'Search must be on one line.'],
        ['q=a%00b', 'Search contains characters we cannot accept.'],
        ['', OUTBOX_MESSAGES.statusOrSearch],
        ['status=LOST&q=margaret', 'status must be PENDING, SENT or FAILED.'],
      ];
      for (const [query, error] of cases) {
        const response = await get(`/api/admin/mail?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({ error });
      }
      expect(await subjectsFound(`q=${'a'.repeat(100)}`)).toEqual([]);
    });
  });

  describe('opening a message', () => {
    it('shows who it went to, when, how it went, and its plain text, never its HTML', async () => {
      const id = await store(GUEST_CONFIRMATION, 'SENT');
      const response = await get(`/api/admin/mail/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id,
        kind: 'table-booking',
        to: 'Margaret Ellis <Margaret.Ellis@Example.com>',
        subject: GUEST_CONFIRMATION.message.subject,
        reference: 'RC-ABC234',
        status: 'SENT',
        attempts: 1,
        lastError: null,
        createdAt: EARLIER.toISOString(),
        sentAt: EARLIER.toISOString(),
        text: GUEST_CONFIRMATION.message.text,
      });
      expect(response.body).not.toContain('<p>');
      expect(response.body).not.toContain('script');
    });

    it('says when a message has no plain text, and answers an unknown one 404', async () => {
      const id = await store(
        { ...PUB_NOTICE, message: { to: 'landlord@roseandcrown.example', subject: 'Hi' } },
        'FAILED',
      );
      expect((await get(`/api/admin/mail/${id}`)).json()).toMatchObject({ text: null, status: 'FAILED' });
      for (const unknown of [UNKNOWN_ID, 'not-an-id']) {
        const response = await get(`/api/admin/mail/${unknown}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: OUTBOX_MESSAGES.notFound });
      }
    });
  });

  describe('resending', () => {
    it('queues a copy of a sent message, keeps the sent one, and records who did it', async () => {
      const sentId = await store(GUEST_CONFIRMATION, 'SENT');
      const response = await resend(sentId);
      expect(response.statusCode, response.body).toBe(200);
      const copy = response.json() as { id: string };
      expect(copy).toMatchObject({
        kind: 'table-booking',
        reference: 'RC-ABC234',
        to: 'Margaret Ellis <Margaret.Ellis@Example.com>',
        status: 'PENDING',
        attempts: 0,
        createdAt: NOW.toISOString(),
        sentAt: null,
      });
      expect(copy.id).not.toBe(sentId);

      // Due at once: the sender tries it now (and the SMTP server is down).
      await deliverQueuedMail(t.app);
      const [original, queued] = await rowsOf();
      expect(original).toMatchObject({ id: sentId, status: 'SENT', attempts: 1, sentAt: EARLIER });
      expect(queued).toMatchObject({
        id: copy.id,
        kind: 'table-booking',
        reference: 'RC-ABC234',
        message: GUEST_CONFIRMATION.message,
        status: 'PENDING',
        attempts: 1,
        eraseWhenSent: false,
      });

      const [entry] = await auditOf();
      expect(entry).toMatchObject({
        actorKind: 'staff',
        actorName: 'landlord',
        subjectType: 'e-mail',
        subjectId: copy.id,
        summary: 'Table booking e-mail RC-ABC234 sent again (sent Saturday 21 November 2026, 6:30pm)',
        at: NOW,
      });
      expect(entry?.summary).not.toContain('Margaret');
    });

    it('refuses a second copy while the first waits, and the waiting copy itself', async () => {
      const sentId = await store(GUEST_CONFIRMATION, 'SENT');
      const copy = (await resend(sentId)).json() as { id: string };

      const again = await resend(sentId);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: OUTBOX_MESSAGES.copyWaiting });
      const waiting = await resend(copy.id);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json()).toEqual({ error: OUTBOX_MESSAGES.alreadyWaiting });
      expect(await rowsOf()).toHaveLength(2);
      expect(await auditOf()).toHaveLength(1);

      // Once the copy has gone, the message may be sent once more.
      await t.database.db
        .update(outboxMessages)
        .set({ status: 'SENT', sentAt: NOW })
        .where(eq(outboxMessages.id, copy.id));
      expect((await resend(sentId)).statusCode).toBe(200);
      expect(await rowsOf()).toHaveLength(3);
    });

    it('puts a failed message back in the queue with fresh attempts, once', async () => {
      const failedId = await store(ENQUIRY_ACK, 'FAILED', { attempts: 30 });
      const response = await resend(failedId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: failedId, status: 'PENDING', attempts: 0 });
      await deliverQueuedMail(t.app);
      expect(await rowsOf()).toEqual([
        expect.objectContaining({ id: failedId, status: 'PENDING', attempts: 1 }),
      ]);
      expect(await auditOf()).toEqual([
        expect.objectContaining({
          subjectId: failedId,
          summary: 'Enquiry acknowledgement e-mail sent again (it had failed)',
        }),
      ]);

      const again = await resend(failedId);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: OUTBOX_MESSAGES.alreadyWaiting });
    });

    it('leaves a waiting message as it is', async () => {
      const pendingId = await store(CHRISTMAS, 'PENDING', { attempts: 2 });
      const response = await resend(pendingId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: OUTBOX_MESSAGES.alreadyWaiting });
      expect(await rowsOf()).toEqual([expect.objectContaining({ status: 'PENDING', attempts: 2 })]);
      expect(await auditOf()).toEqual([]);
    });

    it('never copies a message queued for a guest whose data is erased', async () => {
      const erasedId = await store(GUEST_CONFIRMATION, 'SENT', { eraseWhenSent: true });
      const response = await resend(erasedId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: OUTBOX_MESSAGES.erased });
      expect(await rowsOf()).toHaveLength(1);
      expect(await auditOf()).toEqual([]);
    });

    it('answers an unknown message 404', async () => {
      for (const unknown of [UNKNOWN_ID, 'not-an-id']) {
        const response = await resend(unknown);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: OUTBOX_MESSAGES.notFound });
      }
    });
  });

  it('opens and searches the outbox for managers and the owner, not for staff', async () => {
    const id = await store(GUEST_CONFIRMATION, 'SENT');
    const password = 'a long enough password';
    const cookieOf = async (role: 'staff' | 'manager') => {
      const email = `${role}@pub.test`;
      await createOrResetAdmin(t.database.db, { email, password, role });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      return `rc_admin=${login.cookies.find((c) => c.name === 'rc_admin')?.value}`;
    };
    for (const [role, status] of [
      ['staff', 403],
      ['manager', 200],
    ] as const) {
      const headers = { cookie: await cookieOf(role) };
      for (const url of [`/api/admin/mail/${id}`, '/api/admin/mail?q=margaret']) {
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, `${role} ${url}`).toBe(
          status,
        );
      }
    }
  });
});

describeOnPostgres('two staff resending one sent e-mail at the same moment on PostgreSQL', (postgres) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(postgres, NOW, {
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('queues one copy, whichever asks first', async () => {
    for (let round = 0; round < 5; round++) {
      await t.database.db.delete(outboxMessages);
      const [sent] = await t.database.db
        .insert(outboxMessages)
        .values({ ...GUEST_CONFIRMATION, status: 'SENT', attempts: 1, createdAt: EARLIER, sentAt: EARLIER })
        .returning({ id: outboxMessages.id });
      const presses = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({ method: 'POST', url: `/api/admin/mail/${sent?.id}/resend`, headers: { cookie } }),
        ),
      );
      expect(presses.map((press) => press.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const rows = await t.database.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt));
      expect(rows.map((row) => row.status)).toEqual(['PENDING', 'SENT']);
    }
  });
});
