import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '#db/schema.ts';
import { parseMail } from '#tests/helpers/mime.ts';
import { deliverQueuedMail, mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { type SmtpSink, startSmtpSink } from '#tests/helpers/smtp-sink.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createDelivery } from './delivery.ts';
import { claimDueMail } from './outbox.ts';

const { venue } = seedContent;

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
// What a message looks like does not depend on the database: PGlite is enough here.

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Margaret Ellis',
    phone: '07700 900123',
    email: 'margaret@example.com',
    date: '2026-12-05',
    timeSlot: '19:30',
    partyAdults: 2,
    partyChildren: 1,
    ...overrides,
  };
}

describe('booking e-mails over SMTP', () => {
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp(pglite, NOW, {
      env: { SMTP_URL: smtp.url, PUB_NOTIFY_EMAIL: 'landlord@roseandcrown.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the guest a confirmation and the pub a notification, escaping the guest’s words', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ name: '<script>alert(1)</script>', allergies: 'Peanuts & sesame' }),
    });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    await deliverQueuedMail(t.app);
    expect(smtp.received).toHaveLength(2);

    const [guest] = smtp.to('margaret@example.com');
    const [pub] = smtp.to('landlord@roseandcrown.example');
    expect(guest?.recipients).toEqual(['margaret@example.com']);
    expect(pub?.recipients).toEqual(['landlord@roseandcrown.example']);
    if (!guest || !pub) throw new Error('both messages are expected');

    expect(guest.subject).toBe('Your table at The Rose & Crown — Saturday 5 December 2026, 7:30pm');
    expect(guest.headers.get('from')).toContain(`<${venue.email}>`);
    expect(guest.headers.get('reply-to')).toContain(venue.email);
    for (const part of [guest.text, guest.html]) {
      expect(part).toContain(reference);
      expect(part).toContain('Saturday 5 December 2026');
      expect(part).toContain('7:30pm');
      expect(part).toContain('2 adults and 1 child');
      expect(part).toContain(venue.phone);
      expect(part).toContain(venue.address.postcode);
    }
    expect(guest.text).toMatch(
      /Change or cancel your booking: https:\/\/pub\.test\/bookings\/manage\/\S{43}\r?\n/,
    );
    expect(guest.text).toContain(
      `Or call us on ${venue.phone} or reply to this e-mail, quoting your reference ${reference}.`,
    );
    expect(guest.text).toContain('Peanuts & sesame');
    expect(guest.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(guest.html).toContain('Peanuts &amp; sesame');
    expect(guest.html).not.toContain('<script>');

    expect(pub.subject).toBe(
      `New booking ${reference}: Saturday 5 December 2026, 7:30pm, 3 guests — <script>alert(1)</script>`,
    );
    expect(pub.headers.get('reply-to')).toContain('margaret@example.com');
    expect(pub.text).toContain('07700 900123');
    expect(pub.text).toContain('Peanuts & sesame');
    expect(pub.html).toContain(reference);
    expect(pub.html).not.toContain('<script>');
  });

  it('gives each message a Message-ID made from its outbox row, on the public address’s host', async () => {
    const rows = await t.database.db.select({ id: outboxMessages.id }).from(outboxMessages);
    expect(smtp.received.map((mail) => mail.headers.get('message-id')).sort()).toEqual(
      rows.map((row) => `<${row.id}@pub.test>`).sort(),
    );
  });
});

describe('booking e-mails without SMTP', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const t = await startTestApp(pglite, NOW);
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
      expect(response.statusCode).toBe(201);
      const mails = await mailInOutboxFolder(t);
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining(['Your table at The Rose & Crown — Saturday 5 December 2026, 7:30pm']),
      );
      expect(mails).toHaveLength(2);
      expect((await readdir(join(t.dataDir, 'outbox'))).every((file) => file.endsWith('.eml'))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('writes a message delivered twice to the same file, with the same Message-ID', async () => {
    const t = await startTestApp(pglite, NOW);
    // Without SMTP there is no server to wait for: the time limit plays no part.
    const delivery = createDelivery(t.app.config, t.app.log, 1_000);
    try {
      const mail = {
        id: '5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1',
        createdAt: NOW,
        message: { to: 'guest@example.com', subject: 'Twice', text: 'Hello' },
      };
      await delivery.send(mail);
      await delivery.send(mail);
      const folder = join(t.dataDir, 'outbox');
      const files = await readdir(folder);
      expect(files).toEqual([`2026-11-22T12-00-00-000Z-${mail.id}.eml`]);
      const written = parseMail(await readFile(join(folder, files[0] as string), 'utf8'));
      expect(written.headers.get('message-id')).toBe(`<${mail.id}@pub.test>`);
    } finally {
      delivery.close();
      await t.close();
    }
  });
});

describe('booking e-mails to a slow SMTP server', () => {
  /** How long the server takes to answer the end of each message: longer than the 10 s clients often allow. */
  const REPLY_DELAY_MS = 12_000;
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('waits for its answer to the end of each message, so each arrives once and is marked sent', async () => {
    const slow = await startSmtpSink(0, { replyDelayMs: REPLY_DELAY_MS });
    const t = await startTestApp(pglite, NOW, { env: { SMTP_URL: slow.url } });
    try {
      const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
      expect(booked.statusCode).toBe(201);
      const delivering = deliverQueuedMail(t.app);
      await vi.waitFor(() => expect(slow.received).toHaveLength(2), { timeout: REPLY_DELAY_MS });
      // While the sender waits for the answers, its lease keeps any other sender off both messages.
      expect(await claimDueMail(t.database.db, { now: NOW, leaseEnd: NOW, limit: 10 })).toEqual([]);
      await delivering;

      const rows = await t.database.db.select().from(outboxMessages);
      expect(rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual([
        { status: 'SENT', attempts: 1 },
        { status: 'SENT', attempts: 1 },
      ]);
      t.setNow(new Date(NOW.getTime() + DAY_MS));
      await deliverQueuedMail(t.app);
      expect(slow.received).toHaveLength(2);
    } finally {
      await t.close();
      await slow.close();
    }
  }, 60_000);
});
