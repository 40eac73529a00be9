import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admins, sessions } from '#db/schema.ts';
import { createTestAdmin, signIn, TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from './admins.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const START = new Date('2026-06-02T08:00:00Z');
const LIMIT = 3;
const ADDRESS_LIMIT = LIMIT + 1;
/** For the tests of many password checks: each is a deliberately slow scrypt, and the machine may be busy. */
const PASSWORD_CHECKS_MS = 120_000;

describe.each(databaseTargets)('staff sign-in and sessions on $name', (target) => {
  let t: TestApp;
  let now: Date;
  let address = 0;
  let ip: string;

  function at(offsetMs: number) {
    now = new Date(START.getTime() + offsetMs);
    t.setNow(now);
  }
  const me = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: cookie ? { cookie } : {},
      remoteAddress: ip,
    });
  const login = (payload: object, headers: Record<string, string> = {}, remoteAddress = ip) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers, remoteAddress });

  beforeAll(async () => {
    t = await startTestApp(target, START);
    await createTestAdmin(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    at(0);
    address += 1;
    ip = `10.0.0.${address}`;
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie and answers the e-mail', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const answer = {
      email: TEST_ADMIN.email,
      name: 'landlord',
      role: 'owner',
      twoStepOn: false,
      twoStepRequired: false,
    };
    expect(response.json()).toEqual(answer);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^rc_admin=[\w-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).toContain('Max-Age=604800');
    expect(header).not.toContain('Secure');

    const cookie = header.split(';')[0] as string;
    expect((await me(cookie)).json()).toEqual(answer);
  });

  it('keeps only a hash of the token', async () => {
    const cookie = await signIn(t);
    const token = cookie.split('=')[1] as string;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === hash)).toBe(true);
  });

  it('takes the e-mail in any case, with spaces around it', async () => {
    const response = await login({ email: '  Landlord@PUB.test ', password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password alike, without a cookie', async () => {
    const wrongPassword = await login({ email: TEST_ADMIN.email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody@pub.test', password: TEST_ADMIN.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid credentials' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400 JSON for a malformed body', async () => {
    for (const payload of [{}, { email: 1, password: 'x' }, { email: 'a@b.c', password: 'x'.repeat(2000) }]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it('refuses sign-in and admin changes from another site', async () => {
    const fromElsewhere = await login(TEST_ADMIN, { origin: 'https://evil.example' });
    expect(fromElsewhere.statusCode).toBe(403);
    const crossSite = await login(TEST_ADMIN, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const fromHere = await login(TEST_ADMIN, { origin: 'https://pub.test', 'sec-fetch-site': 'same-origin' });
    expect(fromHere.statusCode).toBe(200);

    const cookie = await signIn(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { date: '2026-06-09', service: 'dinner', reason: 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: 'Forbidden' });
  });

  it('ends a session after 12 hours without activity', async () => {
    const cookie = await signIn(t);
    at(11 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    at(22 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    at(34 * HOUR + 60_000);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Unauthorized' });
    expect(String(expired.headers['set-cookie'])).toMatch(/^rc_admin=;/);
    at(34 * HOUR + 120_000);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session 7 days after sign-in, however active', async () => {
    const cookie = await signIn(t);
    for (let hours = 10; hours < 7 * 24; hours += 10) {
      at(hours * HOUR);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    at(7 * 24 * HOUR);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out for real: the session is gone from the server, not just the browser', async () => {
    const cookie = await signIn(t);
    const before = await t.database.db.select().from(sessions);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/^rc_admin=;.*Expires=Thu, 01 Jan 1970/);
    const after = await t.database.db.select().from(sessions);
    expect(after).toHaveLength(before.length - 1);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out without a session too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
  });

  it('ends every session of an admin whose password is reset', async () => {
    const cookie = await signIn(t);
    await createOrResetAdmin(t.database.db, TEST_ADMIN);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a forged or empty cookie', async () => {
    for (const cookie of ['rc_admin=forged-token', 'rc_admin=']) {
      expect((await me(cookie)).statusCode).toBe(401);
    }
  });
});

describe.each(databaseTargets)('sign-in rate limits on $name', (target) => {
  let t: TestApp;
  const login = (payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
  const wrong = (email: string) => ({ email, password: 'guess-guess' });

  beforeAll(async () => {
    t = await startTestApp(target, START, {
      env: {
        LOGIN_RATE_LIMIT_PER_15_MIN: String(LIMIT),
        LOGIN_ADDRESS_RATE_LIMIT_PER_15_MIN: String(ADDRESS_LIMIT),
      },
    });
    await createTestAdmin(t);
  });
  afterAll(() => t.close());
  afterEach(() => t.setNow(START));

  it('limits failed attempts per e-mail, whatever the address', async () => {
    const email = 'target@pub.test';
    for (let attempt = 1; attempt <= LIMIT; attempt++) {
      const response = await login(wrong(email), `10.1.0.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(wrong('TARGET@pub.test'), '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
  });

  it('limits failed attempts per address, whatever the e-mail', async () => {
    for (let attempt = 1; attempt <= ADDRESS_LIMIT; attempt++) {
      const response = await login(wrong(`guess${attempt}@pub.test`), '10.2.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(TEST_ADMIN, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it(
    'locks the account that failed, not a colleague on the same connection, and names the wait',
    async () => {
      const barman = { email: 'barman@pub.test', password: 'the barman’s password' };
      await createOrResetAdmin(t.database.db, barman);
      const pub = '10.3.0.1';
      for (let attempt = 1; attempt <= LIMIT; attempt++) {
        expect((await login(wrong(barman.email), pub)).statusCode).toBe(401);
      }
      t.setNow(new Date(START.getTime() + 3 * MINUTE));
      const locked = await login(barman, pub);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ error: 'Too many sign-in attempts. Try again in 12 minutes.' });
      expect(Number(locked.headers['retry-after'])).toBe(12 * 60);
      expect((await login(TEST_ADMIN, pub)).statusCode).toBe(200);

      t.setNow(new Date(START.getTime() + 15 * MINUTE));
      expect((await login(barman, pub)).statusCode).toBe(200);
    },
    PASSWORD_CHECKS_MS,
  );

  it('lets no more guesses through than the limit when they all arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, guess) => login(wrong('rushed@pub.test'), `10.6.0.${guess + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LIMIT);
  });

  it('counts no successful sign-in, per e-mail or per address', async () => {
    for (let attempt = 1; attempt <= ADDRESS_LIMIT + 1; attempt++) {
      expect((await login(TEST_ADMIN, '10.4.0.1')).statusCode).toBe(200);
    }
  });
});

describe.each(databaseTargets)('a pub’s staff signing in on one connection on $name', (target) => {
  const STAFF = 20;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, START);
    await createTestAdmin(t);
  });
  afterAll(() => t.close());

  it(
    'lets 20 staff signing in at once from one address all in, with the default limits',
    async () => {
      // One hash for every account: scrypt takes a few hundred milliseconds each.
      const [landlord] = await t.database.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
      const team = Array.from({ length: STAFF }, (_, member) => `member${member}@pub.test`);
      await t.database.db
        .insert(admins)
        .values(
          team.map((email) => ({ email, role: 'staff' as const, passwordHash: landlord?.passwordHash })),
        );
      const answers = await Promise.all(
        team.map((email) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: TEST_ADMIN.password },
            remoteAddress: '10.5.0.1',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(team.map(() => 200));
    },
    PASSWORD_CHECKS_MS,
  );
});
