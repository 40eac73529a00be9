import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureCurrentBuild,
  type Running,
  startServer,
  waitForHealth,
} from '#tests/helpers/server-process.ts';
import { type SmtpSink, startSmtpSink } from '#tests/helpers/smtp-sink.ts';
import { postgres } from '#tests/helpers/test-app.ts';

/** Tuesday 1 December 2026, 10:00 in London, for both servers. */
const CLOCK = '2026-12-01T10:00:00Z';
const TUESDAY = '2026-12-08';
const SLOT = '19:00';
/** The seeded 24 covers a slot, taken by tables of two: all but two tables' worth are booked already. */
const TABLES_PER_SLOT = 12;
const PLACES_LEFT = 2;
const STAFF = { email: 'landlord@pub.test', password: 'a long enough password' };
const SIGN_IN_LIMIT = 4;

function bookingBody(guest: number) {
  return {
    name: `Guest ${guest}`,
    phone: '07700 900123',
    email: `guest${guest}@example.com`,
    date: TUESDAY,
    timeSlot: SLOT,
    partyAdults: 2,
  };
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

// Sessions, holds, idempotency keys, rate-limit counters and the e-mail outbox all live in the database, so
// servers behind one load balancer behave as one.
describe.skipIf(!postgres)('two server processes on one PostgreSQL database', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://unused/';
  const databaseName = `servers_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
  const basePort = 4900 + Math.floor(Math.random() * 400);
  const urls = [`http://127.0.0.1:${basePort}`, `http://127.0.0.1:${basePort + 1}`] as const;
  let sink: SmtpSink;
  let servers: Running[] = [];

  async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    ensureCurrentBuild();
    sink = await startSmtpSink();
    await admin((client) => client.query(`CREATE DATABASE ${databaseName}`));
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      TEST_CLOCK: CLOCK,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      BOOKING_RATE_LIMIT_PER_15_MIN: '1000',
      LOGIN_RATE_LIMIT_PER_15_MIN: String(SIGN_IN_LIMIT),
    };
    // The first one migrates; the second starts on the migrated database, as a second instance would.
    servers = [startServer(basePort, { ...env, PUBLIC_URL: urls[0] })];
    await waitForHealth(basePort, 20_000);
    servers.push(startServer(basePort + 1, { ...env, PUBLIC_URL: urls[1] }));
    await waitForHealth(basePort + 1, 20_000);
    // The slot has all but two of its places taken.
    await admin(async (client) => {
      for (let guest = 0; guest < TABLES_PER_SLOT - PLACES_LEFT; guest++) {
        await client.query(
          `insert into bookings (reference, date, service, time_slot, name, email, phone, party_adults,
             party_children, status)
           values ($1, $2, 'dinner', $3, 'Regular', 'regular@example.com', '07700 900000', 2, 0, 'CONFIRMED')`,
          [`RC-TAKEN${guest}`, TUESDAY, SLOT],
        );
      }
    }, databaseUrl);
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    await sink?.close();
  });

  it('books exactly the places left when guests race for them through both servers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guest) =>
        fetch(`${urls[guest % 2]}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bookingBody(guest)),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PLACES_LEFT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - PLACES_LEFT);
    const stored = await admin(
      (client) =>
        client.query('select count(*)::int as count from bookings where date = $1 and time_slot = $2', [
          TUESDAY,
          SLOT,
        ]),
      databaseUrl,
    );
    expect(stored.rows[0]?.count).toBe(TABLES_PER_SLOT);
  });

  it('sends each confirmation once, though both servers deliver e-mail', async () => {
    const guestLetters = () => sink.received.filter((mail) => mail.subject.startsWith('Your table at'));
    await waitUntil(() => guestLetters().length >= PLACES_LEFT, 20_000);
    // Long enough for the other server's sender to have delivered a copy, were it going to.
    await new Promise((wait) => setTimeout(wait, 3_000));
    expect(guestLetters()).toHaveLength(PLACES_LEFT);
    expect(new Set(guestLetters().map((mail) => mail.recipients.join()))).toHaveProperty('size', PLACES_LEFT);
    expect(sink.received.filter((mail) => mail.subject.startsWith('New booking'))).toHaveLength(PLACES_LEFT);
  });

  it('keeps a staff member signed in whichever server answers', async () => {
    const signIn = await fetch(`${urls[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = await fetch(`${urls[1]}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: STAFF.email, role: 'owner' });
    expect((await fetch(`${urls[1]}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(
      204,
    );
    expect((await fetch(`${urls[0]}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  it('shows a booking made through one server in the other’s availability within a second', async () => {
    const OTHER_SLOT = '12:30';
    const remainingOn = async (url: string) => {
      const slots = (await (await fetch(`${url}/api/availability?date=${TUESDAY}`)).json()) as {
        time: string;
        remaining: number;
      }[];
      return slots.find((slot) => slot.time === OTHER_SLOT)?.remaining;
    };
    // The second server has answered for the date, so it holds the date's bookings in memory.
    const before = await remainingOn(urls[1]);
    expect(await remainingOn(urls[1])).toBe(before);
    const booked = await fetch(`${urls[0]}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...bookingBody(100), timeSlot: OTHER_SLOT }),
    });
    expect(booked.status).toBe(201);
    const started = Date.now();
    while ((await remainingOn(urls[1])) === before && Date.now() - started < 1_000) {
      await new Promise((wait) => setTimeout(wait, 10));
    }
    expect(await remainingOn(urls[1])).toBe((before ?? 0) - 2);
    expect(Date.now() - started).toBeLessThan(1_000);

    // A change made outside either server (here straight in SQL) reaches both as well.
    await admin(
      (client) =>
        client.query(`insert into closures (date, service, reason) values ($1, 'dinner', 'Private party')`, [
          TUESDAY,
        ]),
      databaseUrl,
    );
    const closedOn = async (url: string) => {
      const slots = (await (await fetch(`${url}/api/availability?date=${TUESDAY}`)).json()) as {
        service: string;
        closed: boolean;
      }[];
      const dinner = slots.filter((slot) => slot.service === 'dinner');
      return dinner.length > 0 && dinner.every((slot) => slot.closed);
    };
    const closing = Date.now();
    while (!((await closedOn(urls[0])) && (await closedOn(urls[1]))) && Date.now() - closing < 1_000) {
      await new Promise((wait) => setTimeout(wait, 10));
    }
    expect([await closedOn(urls[0]), await closedOn(urls[1])]).toEqual([true, true]);
  });

  it('shows a content document saved on one server on the other’s within a second', async () => {
    const signIn = await fetch(`${urls[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const venueOn = async (url: string) => (await fetch(`${url}/api/content/venue`)).json();
    // The second server has read the venue, and finished its contact page, so it holds both in memory.
    const before = (await venueOn(urls[1])) as { phone: string };
    expect(await (await fetch(`${urls[1]}/contact`)).text()).toContain(before.phone);
    const latest = (await (
      await fetch(`${urls[0]}/api/admin/content/venue`, { headers: { cookie } })
    ).json()) as { version: number; document: { phone: string } };
    const saved = await fetch(`${urls[0]}/api/admin/content/venue`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        baseVersion: latest.version,
        document: { ...latest.document, phone: '0118 496 0999' },
      }),
    });
    expect(saved.status).toBe(200);
    expect(before.phone).not.toBe('0118 496 0999');
    const started = Date.now();
    while (((await venueOn(urls[1])) as { phone: string }).phone !== '0118 496 0999') {
      if (Date.now() - started > 1_000) break;
      await new Promise((wait) => setTimeout(wait, 10));
    }
    expect(await venueOn(urls[1])).toMatchObject({ phone: '0118 496 0999' });
    expect(await (await fetch(`${urls[1]}/contact`)).text()).toContain('0118 496 0999');
  });

  it('shows an event added outside either server on the other’s pages kept in memory within a second', async () => {
    const homeOn = async (url: string) =>
      (await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } })).text();
    const first = await fetch(`${urls[1]}/`);
    const etag = first.headers.get('etag') ?? '';
    expect(await first.text()).not.toContain('Harvest Barn Dance');
    // Kept: asked again, the page is the same answer, and a revalidation is a 304.
    expect((await fetch(`${urls[1]}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await admin(
      (client) =>
        client.query(
          `insert into events (title, slug, date, time, summary) values ('Harvest Barn Dance', 'barn-dance', '2026-12-09', '19:30', 'A caller and a band.')`,
        ),
      databaseUrl,
    );
    const started = Date.now();
    while (!(await homeOn(urls[1])).includes('Harvest Barn Dance') && Date.now() - started < 1_000) {
      await new Promise((wait) => setTimeout(wait, 10));
    }
    expect(await homeOn(urls[1])).toContain('Harvest Barn Dance');
    expect(Date.now() - started).toBeLessThan(1_000);
    const revalidated = await fetch(`${urls[1]}/`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
  });

  it('counts a client’s failed sign-ins against one limit across both servers', async () => {
    const attempt = (url: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@pub.test', password: 'not the password' }),
      });
    // The successful sign-ins of the previous tests are not counted.
    const statuses: number[] = [];
    for (let tries = 0; tries < SIGN_IN_LIMIT; tries++) {
      statuses.push((await attempt(tries % 2 === 0 ? urls[0] : urls[1])).status);
    }
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect((await attempt(urls[0])).status).toBe(429);
    expect((await attempt(urls[1])).status).toBe(429);
  });
});
