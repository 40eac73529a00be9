import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditEvents, recoveryCodes } from '#db/schema.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from './admins.ts';

const START = new Date('2026-06-02T08:00:00Z');
const PASSWORD = 'a long enough password';
const STEP_MS = 30_000;

describe.each(databaseTargets)('two-step sign-in on $name', (target) => {
  let t: TestApp;
  let now: Date;
  let accounts = 0;

  function at(offsetMs: number) {
    now = new Date(START.getTime() + offsetMs);
    t.setNow(now);
  }
  const call = (options: InjectOptions) => t.app.inject(options);
  function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
    const cookie = response.cookies.find((each) => each.name === name && each.value !== '');
    return cookie ? `${name}=${cookie.value}` : undefined;
  }
  function codeAt(secret: string, instant: Date): string {
    return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate(
      {
        timestamp: instant.getTime(),
      },
    );
  }

  async function newAccount(role: StaffRole = 'owner') {
    accounts += 1;
    const email = `person${accounts}@pub.test`;
    await createOrResetAdmin(t.database.db, { email, password: PASSWORD, name: `Person ${accounts}`, role });
    return email;
  }
  const login = (email: string, password = PASSWORD) =>
    call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  async function signedIn(email: string): Promise<string> {
    const response = await login(email);
    const session = cookieOf(response, 'rc_admin');
    if (!session) throw new Error(`No session: ${response.body}`);
    return session;
  }
  const secondStep = (challenge: string | undefined, code: string) =>
    call({
      method: 'POST',
      url: '/api/auth/login/two-step',
      payload: { code },
      headers: challenge ? { cookie: challenge } : {},
    });
  async function challengeFor(email: string): Promise<string> {
    const response = await login(email);
    expect(response.json()).toEqual({ twoStep: true });
    const challenge = cookieOf(response, 'rc_two_step');
    if (!challenge) throw new Error('No two-step cookie');
    return challenge;
  }
  /** Turns two-step sign-in on for a new account; answers its secret and recovery codes. */
  async function accountWithTwoStep(role: StaffRole = 'owner') {
    const email = await newAccount(role);
    const cookie = await signedIn(email);
    const setup = await call({ method: 'POST', url: '/api/auth/two-step/setup', headers: { cookie } });
    const { secret } = setup.json() as { secret: string };
    const enabled = await call({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers: { cookie },
      payload: { code: codeAt(secret, now) },
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes: codes } = enabled.json() as { recoveryCodes: string[] };
    // The next code must come from a later step: the one just used is spent.
    at(now.getTime() - START.getTime() + STEP_MS);
    return { email, secret, codes, cookie };
  }
  async function auditOf(type: string) {
    return t.database.db.select().from(auditEvents).where(eq(auditEvents.type, type));
  }

  beforeAll(async () => {
    t = await startTestApp(target, START, { env: { LOGIN_RATE_LIMIT_PER_15_MIN: '1000' } });
  });
  afterAll(() => t.close());

  it('sets up with an otpauth URI, the secret and a QR code, and turns on only with a right code', async () => {
    at(0);
    const email = await newAccount('staff');
    const cookie = await signedIn(email);
    const status = await call({ method: 'GET', url: '/api/auth/two-step', headers: { cookie } });
    expect(status.json()).toEqual({ on: false, required: false, recoveryCodesLeft: 0 });

    const setup = await call({ method: 'POST', url: '/api/auth/two-step/setup', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const { uri, secret, qr } = setup.json() as {
      uri: string;
      secret: string;
      qr: { size: number; path: string };
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/The%20Rose%20and%20Crown:${encodeURIComponent(email)}?issuer=The%20Rose%20and%20Crown&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr.size).toBeGreaterThan(21);
    expect(qr.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);

    const wrong = await call({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers: { cookie },
      payload: { code: codeAt(secret, new Date(now.getTime() + 5 * STEP_MS)) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'That code is not right. Check your authenticator app and try again.',
    });

    // A phone a step behind the server is still accepted.
    const enabled = await call({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers: { cookie },
      payload: { code: codeAt(secret, new Date(now.getTime() - STEP_MS)) },
    });
    expect(enabled.statusCode).toBe(200);
    const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(stored.map((row) => row.codeHash)).not.toEqual(expect.arrayContaining([codes[0]]));
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));

    const after = await call({ method: 'GET', url: '/api/auth/two-step', headers: { cookie } });
    expect(after.json()).toEqual({ on: true, required: false, recoveryCodesLeft: 10 });
    const again = await call({ method: 'POST', url: '/api/auth/two-step/setup', headers: { cookie } });
    expect(again.statusCode).toBe(409);

    const turnedOn = (await auditOf('staff.two-step')).filter((entry) => entry.summary.includes(email));
    expect(turnedOn).toMatchObject([
      { actorKind: 'staff', summary: `Two-step sign-in turned on for ${email}`, subjectType: 'staff' },
    ]);
  });

  it('asks for the code after the password, and signs in only with a right one', async () => {
    at(10 * 60_000);
    const { email, secret } = await accountWithTwoStep();
    const first = await login(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoStep: true });
    expect(cookieOf(first, 'rc_admin')).toBeUndefined();
    const header = String(first.headers['set-cookie']);
    expect(header).toMatch(/rc_two_step=[\w-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Max-Age=300');
    const challenge = cookieOf(first, 'rc_two_step');
    // The pass alone is no session.
    const me = await call({ method: 'GET', url: '/api/auth/me', headers: { cookie: challenge } });
    expect(me.statusCode).toBe(401);

    const wrong = await secondStep(challenge, codeAt(secret, new Date(now.getTime() + 10 * STEP_MS)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'That code is not right. Check your authenticator app and try again.',
    });
    expect(cookieOf(wrong, 'rc_admin')).toBeUndefined();

    const right = await secondStep(challenge, codeAt(secret, now));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email, role: 'owner', twoStepOn: true, twoStepRequired: false });
    const session = cookieOf(right, 'rc_admin');
    expect(
      (await call({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } })).statusCode,
    ).toBe(200);

    // The pass is used up.
    const reused = await secondStep(challenge, codeAt(secret, new Date(now.getTime() + STEP_MS)));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      error: 'Your sign-in has timed out. Please enter your e-mail and password again.',
    });
  });

  it('refuses a code used once already, while it is still in its window', async () => {
    at(20 * 60_000);
    const { email, secret } = await accountWithTwoStep();
    const code = codeAt(secret, now);
    expect((await secondStep(await challengeFor(email), code)).statusCode).toBe(200);
    const replayed = await secondStep(await challengeFor(email), code);
    expect(replayed.statusCode).toBe(401);
    // A right code, just used: staff are told to wait for the next one, not that they typed it wrong.
    expect(replayed.json()).toEqual({
      error: 'That code has just been used. Please wait for your app to show the next one, then enter it.',
    });
    at(now.getTime() - START.getTime() + STEP_MS);
    expect((await secondStep(await challengeFor(email), code)).statusCode).toBe(401);
    expect((await secondStep(await challengeFor(email), codeAt(secret, now))).statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case', async () => {
    at(30 * 60_000);
    const { email, codes } = await accountWithTwoStep();
    const code = codes[3] as string;
    const used = await secondStep(await challengeFor(email), ` ${code.toUpperCase()} `);
    expect(used.statusCode).toBe(200);
    const again = await secondStep(await challengeFor(email), code);
    expect(again.statusCode).toBe(401);
    const other = await secondStep(await challengeFor(email), (codes[4] as string).replace('-', ''));
    expect(other.statusCode).toBe(200);

    const session = cookieOf(other, 'rc_admin');
    const status = await call({ method: 'GET', url: '/api/auth/two-step', headers: { cookie: session } });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
    const recoveryEntries = (await auditOf('staff.two-step')).filter((entry) =>
      entry.summary.startsWith(`Recovery code used to sign in as ${email}`),
    );
    expect(recoveryEntries.map((entry) => entry.summary)).toEqual([
      `Recovery code used to sign in as ${email} (9 left)`,
      `Recovery code used to sign in as ${email} (8 left)`,
    ]);
  });

  it('lets the pass lapse after 5 minutes', async () => {
    at(40 * 60_000);
    const { email, secret } = await accountWithTwoStep();
    const challenge = await challengeFor(email);
    at(now.getTime() - START.getTime() + 5 * 60_000);
    const late = await secondStep(challenge, codeAt(secret, now));
    expect(late.statusCode).toBe(401);
    expect((await secondStep(undefined, codeAt(secret, now))).statusCode).toBe(401);
  });

  it('records sign-ins and failed sign-ins, naming only staff accounts', async () => {
    at(50 * 60_000);
    const email = await newAccount('staff');
    await signedIn(email);
    expect((await login(email, 'not the password')).statusCode).toBe(401);
    expect((await login('stranger@elsewhere.test', PASSWORD)).statusCode).toBe(401);

    const signIns = (await auditOf('auth.signed-in')).filter((entry) => entry.summary.startsWith(email));
    expect(signIns).toMatchObject([
      { actorKind: 'staff', actorName: `Person ${accounts}`, summary: `${email} signed in with a password` },
    ]);
    const failures = (await auditOf('auth.sign-in-failed')).filter(
      (entry) => entry.at.getTime() === now.getTime(),
    );
    expect(failures).toMatchObject([
      { actorKind: 'system', summary: `Failed sign-in as ${email}: wrong password or account disabled` },
      { actorKind: 'system', summary: 'Failed sign-in with an e-mail address that is no staff account' },
    ]);
    expect(JSON.stringify(failures)).not.toContain('stranger');

    at(55 * 60_000);
    const { email: withTwoStep, secret } = await accountWithTwoStep();
    await secondStep(await challengeFor(withTwoStep), codeAt(secret, new Date(now.getTime() + 9 * STEP_MS)));
    await secondStep(await challengeFor(withTwoStep), codeAt(secret, now));
    const codeFailures = await auditOf('auth.sign-in-failed');
    expect(codeFailures.map((entry) => entry.summary)).toContain(
      `Failed sign-in as ${withTwoStep}: wrong two-step code`,
    );
    const codeSignIns = await auditOf('auth.signed-in');
    expect(codeSignIns.map((entry) => entry.summary)).toContain(
      `${withTwoStep} signed in with two-step sign-in`,
    );
  });

  it('turns off with the password, and then signs in with the password alone', async () => {
    at(60 * 60_000);
    const { email, cookie } = await accountWithTwoStep();
    const disable = (password: string) =>
      call({ method: 'POST', url: '/api/auth/two-step/disable', headers: { cookie }, payload: { password } });
    const wrong = await disable('not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'That password is not right.' });
    expect((await disable(PASSWORD)).statusCode).toBe(204);
    expect((await login(email)).json()).toMatchObject({ email, twoStepOn: false });
    expect((await disable(PASSWORD)).statusCode).toBe(409);
  });

  it('lets the owner require it of managers and owners, who can then do nothing else until it is on', async () => {
    at(70 * 60_000);
    const settings = (cookie: string, requireTwoStep?: boolean) =>
      call({
        method: requireTwoStep === undefined ? 'GET' : 'PUT',
        url: '/api/admin/staff/settings',
        headers: { cookie },
        ...(requireTwoStep === undefined ? {} : { payload: { requireTwoStep } }),
      });
    const ownerWithout = await signedIn(await newAccount('owner'));
    expect((await settings(ownerWithout)).json()).toEqual({ requireTwoStep: false });
    const refused = await settings(ownerWithout, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Turn on two-step sign-in for your own account first.' });

    const owner = await accountWithTwoStep('owner');
    const managerEmail = await newAccount('manager');
    const staffEmail = await newAccount('staff');
    const required = await settings(owner.cookie, true);
    expect(required.statusCode).toBe(200);
    expect(required.json()).toEqual({ requireTwoStep: true });
    expect(await auditOf('staff.settings')).toMatchObject([
      {
        actorName: expect.stringMatching(/^Person/),
        summary: 'Two-step sign-in required for managers and owners',
        changes: { requireTwoStep: { before: false, after: true } },
      },
    ]);

    const manager = await signedIn(managerEmail);
    const blocked = await call({
      method: 'GET',
      url: '/api/closures?date=2026-06-09',
      headers: { cookie: manager },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: 'Turn on two-step sign-in to continue.' });
    const me = await call({ method: 'GET', url: '/api/auth/me', headers: { cookie: manager } });
    expect(me.json()).toMatchObject({ role: 'manager', twoStepOn: false, twoStepRequired: true });
    expect((await settings(ownerWithout)).statusCode).toBe(403);

    const staff = await signedIn(staffEmail);
    expect(
      (await call({ method: 'GET', url: '/api/closures?date=2026-06-09', headers: { cookie: staff } }))
        .statusCode,
    ).toBe(200);

    const setup = await call({
      method: 'POST',
      url: '/api/auth/two-step/setup',
      headers: { cookie: manager },
    });
    const { secret } = setup.json() as { secret: string };
    const enabled = await call({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers: { cookie: manager },
      payload: { code: codeAt(secret, now) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/closures?date=2026-06-09', headers: { cookie: manager } }))
        .statusCode,
    ).toBe(200);
    const meAfter = await call({ method: 'GET', url: '/api/auth/me', headers: { cookie: manager } });
    expect(meAfter.json()).toMatchObject({ twoStepOn: true, twoStepRequired: true });

    const disable = await call({
      method: 'POST',
      url: '/api/auth/two-step/disable',
      headers: { cookie: manager },
      payload: { password: PASSWORD },
    });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toEqual({
      error: 'The owner requires two-step sign-in for managers and owners, so it cannot be turned off.',
    });

    expect((await settings(owner.cookie, false)).statusCode).toBe(200);
    expect(
      (await call({ method: 'GET', url: '/api/closures?date=2026-06-09', headers: { cookie: ownerWithout } }))
        .statusCode,
    ).toBe(200);
  });

  it('lets the owner turn off a person’s two-step sign-in when they have lost their phone', async () => {
    at(0);
    const owner = await newAccount('owner');
    const ownerCookie = await signedIn(owner);
    const manager = await accountWithTwoStep('manager');
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, manager.email));
    const id = row?.id ?? '';
    const turnOff = (cookie: string, accountId: string) =>
      call({
        method: 'PATCH',
        url: `/api/admin/staff/${accountId}`,
        headers: { cookie },
        payload: { twoStep: false },
      });

    const byManager = await turnOff(manager.cookie, id);
    expect(byManager.statusCode).toBe(403);
    const ownerRow = (await t.database.db.select().from(admins).where(eq(admins.email, owner)))[0];
    const ownOwn = await turnOff(ownerCookie, ownerRow?.id ?? '');
    expect(ownOwn.statusCode).toBe(409);

    const answer = await turnOff(ownerCookie, id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: manager.email, twoStepOn: false });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, id))).toEqual([]);
    const signIn = await login(manager.email);
    expect(cookieOf(signIn, 'rc_admin')).toBeDefined();
    const [entry] = (await auditOf('staff.changed')).filter((each) => each.subjectId === id);
    expect(entry?.changes).toEqual({ twoStep: { before: 'on', after: 'off' } });
  });

  it('turns two-step sign-in off when the owner’s password is reset from the command line', async () => {
    at(0);
    const owner = await accountWithTwoStep('owner');
    await createOrResetAdmin(t.database.db, { email: owner.email, password: 'another long password' });
    const signIn = await login(owner.email, 'another long password');
    expect(cookieOf(signIn, 'rc_admin')).toBeDefined();
  });
});

describe.each(databaseTargets)('two-step sign-in rate limit on $name', (target) => {
  const LIMIT = 3;
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, START, { env: { LOGIN_RATE_LIMIT_PER_15_MIN: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('limits the codes tried for one account, whatever the address', async () => {
    await createOrResetAdmin(t.database.db, { email: 'guarded@pub.test', password: PASSWORD });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'guarded@pub.test', password: PASSWORD },
    });
    const cookie = signIn.cookies.find((each) => each.name === 'rc_admin');
    const session = `rc_admin=${cookie?.value}`;
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers: { cookie: session } })
    ).json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-step/enable',
      headers: { cookie: session },
      payload: { code: totp.generate({ timestamp: START.getTime() }) },
    });
    t.setNow(new Date(START.getTime() + STEP_MS));

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'guarded@pub.test', password: PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    const challenge = first.cookies.find((each) => each.name === 'rc_two_step');
    const attempt = (code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/two-step',
        payload: { code },
        headers: { cookie: `rc_two_step=${challenge?.value}` },
        remoteAddress,
      });
    for (let tried = 1; tried <= LIMIT; tried++) {
      expect((await attempt('000000', `10.9.1.${tried}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(totp.generate({ timestamp: START.getTime() + STEP_MS }), '10.9.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
