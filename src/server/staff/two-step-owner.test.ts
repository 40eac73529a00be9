import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, recoveryCodes } from '#db/schema.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  STAFF_PASSWORD as PASSWORD,
  TWO_STEP_START as START,
  STEP_MS,
  useTwoStepApp,
} from '#tests/helpers/two-step.ts';
import { createOrResetAdmin } from './admins.ts';

describe.each(databaseTargets)('two-step sign-in the owner requires or turns off on $name', (target) => {
  const { t, now, at, cookieOf, codeAt, newAccount, login, signedIn, accountWithTwoStep, auditOf, call } =
    useTwoStepApp(target);

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
      payload: { code: codeAt(secret, now()) },
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
