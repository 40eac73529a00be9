import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../../../tests/helpers/mime.ts';
import { databaseTargets, startTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { bookings } from '../../db/schema.ts';
import { venue } from '../../shared/content/venue.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
// Mail does not depend on the database: PGlite is enough here.
const pglite = databaseTargets[0] as (typeof databaseTargets)[number];

interface Received {
  recipients: string[];
  raw: string;
}

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

async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('booking e-mails over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(pglite, NOW, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUB_NOTIFY_EMAIL: 'landlord@roseandcrown.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends the guest a confirmation and the pub a notification, escaping the guest’s words', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ name: '<script>alert(1)</script>', allergies: 'Peanuts & sesame' }),
    });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    await t.app.mail.idle();
    expect(smtp.received).toHaveLength(2);

    const guestRaw = smtp.received.find((message) => message.recipients.includes('margaret@example.com'));
    const pubRaw = smtp.received.find((message) =>
      message.recipients.includes('landlord@roseandcrown.example'),
    );
    expect(guestRaw?.recipients).toEqual(['margaret@example.com']);
    expect(pubRaw?.recipients).toEqual(['landlord@roseandcrown.example']);

    const guest = parseMail(guestRaw?.raw ?? '');
    expect(guest.subject).toBe('Your table at The Rose & Crown — Saturday 5 December 2026, 7:30 PM');
    expect(guest.headers.get('from')).toContain(`<${venue.email}>`);
    expect(guest.headers.get('reply-to')).toContain(venue.email);
    for (const part of [guest.text, guest.html]) {
      expect(part).toContain(reference);
      expect(part).toContain('Saturday 5 December 2026');
      expect(part).toContain('7:30 PM');
      expect(part).toContain('2 adults and 1 child');
      expect(part).toContain(venue.phone);
      expect(part).toContain(venue.address.postcode);
    }
    expect(guest.text).toContain(
      `Call us on ${venue.phone} or reply to this e-mail, quoting your reference ${reference}.`,
    );
    expect(guest.text).toContain('Peanuts & sesame');
    expect(guest.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(guest.html).toContain('Peanuts &amp; sesame');
    expect(guest.html).not.toContain('<script>');

    const pub = parseMail(pubRaw?.raw ?? '');
    expect(pub.subject).toBe(
      `New booking ${reference}: Saturday 5 December 2026, 7:30 PM, 3 guests — <script>alert(1)</script>`,
    );
    expect(pub.headers.get('reply-to')).toContain('margaret@example.com');
    expect(pub.text).toContain('07700 900123');
    expect(pub.text).toContain('Peanuts & sesame');
    expect(pub.html).toContain(reference);
    expect(pub.html).not.toContain('<script>');
  });
});

describe('booking e-mails without SMTP', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const t = await startTestApp(pglite, NOW);
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
      expect(response.statusCode).toBe(201);
      await t.app.mail.idle();
      const outbox = join(t.dataDir, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(2);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const subjects = await Promise.all(
        files.map(async (file) => parseMail(await readFile(join(outbox, file), 'utf8')).subject),
      );
      expect(subjects).toContain('Your table at The Rose & Crown — Saturday 5 December 2026, 7:30 PM');
    } finally {
      await t.close();
    }
  });

  it('keeps the booking and the 201 when the SMTP server cannot be reached', async () => {
    const t = await startTestApp(pglite, NOW, {
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingBody() });
      expect(response.statusCode).toBe(201);
      await t.app.mail.idle();
      const [stored] = await t.database.db.select({ value: count() }).from(bookings);
      expect(stored?.value).toBe(1);
    } finally {
      await t.close();
    }
  });
});
