import { describe, expect, it } from 'vitest';
import { recoveryCodes } from '#db/schema.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import {
  STAFF_PASSWORD as PASSWORD,
  TWO_STEP_START as START,
  STEP_MS,
  useTwoStepApp,
} from '#tests/helpers/two-step.ts';

describe.each(databaseTargets)('two-step sign-in on $name', (target) => {
  const {
    t,
    now,
    at,
    cookieOf,
    codeAt,
    newAccount,
    login,
    signedIn,
    secondStep,
    challengeFor,
    accountWithTwoStep,
    auditOf,
    call,
    accountsMade,
  } = useTwoStepApp(target);

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
      payload: { code: codeAt(secret, new Date(now().getTime() + 5 * STEP_MS)) },
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
      payload: { code: codeAt(secret, new Date(now().getTime() - STEP_MS)) },
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

    const wrong = await secondStep(challenge, codeAt(secret, new Date(now().getTime() + 10 * STEP_MS)));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'That code is not right. Check your authenticator app and try again.',
    });
    expect(cookieOf(wrong, 'rc_admin')).toBeUndefined();

    const right = await secondStep(challenge, codeAt(secret, now()));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email, role: 'owner', twoStepOn: true, twoStepRequired: false });
    const session = cookieOf(right, 'rc_admin');
    expect(
      (await call({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } })).statusCode,
    ).toBe(200);

    // The pass is used up.
    const reused = await secondStep(challenge, codeAt(secret, new Date(now().getTime() + STEP_MS)));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      error: 'Your sign-in has timed out. Please enter your e-mail and password again.',
    });
  });

  it('refuses a code used once already, while it is still in its window', async () => {
    at(20 * 60_000);
    const { email, secret } = await accountWithTwoStep();
    const code = codeAt(secret, now());
    expect((await secondStep(await challengeFor(email), code)).statusCode).toBe(200);
    const replayed = await secondStep(await challengeFor(email), code);
    expect(replayed.statusCode).toBe(401);
    // A right code, just used: staff are told to wait for the next one, not that they typed it wrong.
    expect(replayed.json()).toEqual({
      error: 'That code has just been used. Please wait for your app to show the next one, then enter it.',
    });
    at(now().getTime() - START.getTime() + STEP_MS);
    expect((await secondStep(await challengeFor(email), code)).statusCode).toBe(401);
    expect((await secondStep(await challengeFor(email), codeAt(secret, now()))).statusCode).toBe(200);
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
    at(now().getTime() - START.getTime() + 5 * 60_000);
    const late = await secondStep(challenge, codeAt(secret, now()));
    expect(late.statusCode).toBe(401);
    expect((await secondStep(undefined, codeAt(secret, now()))).statusCode).toBe(401);
  });

  it('records sign-ins and failed sign-ins, naming only staff accounts', async () => {
    at(50 * 60_000);
    const email = await newAccount('staff');
    await signedIn(email);
    expect((await login(email, 'not the password')).statusCode).toBe(401);
    expect((await login('stranger@elsewhere.test', PASSWORD)).statusCode).toBe(401);

    const signIns = (await auditOf('auth.signed-in')).filter((entry) => entry.summary.startsWith(email));
    expect(signIns).toMatchObject([
      {
        actorKind: 'staff',
        actorName: `Person ${accountsMade()}`,
        summary: `${email} signed in with a password`,
      },
    ]);
    const failures = (await auditOf('auth.sign-in-failed')).filter(
      (entry) => entry.at.getTime() === now().getTime(),
    );
    expect(failures).toMatchObject([
      { actorKind: 'system', summary: `Failed sign-in as ${email}: wrong password or account disabled` },
      { actorKind: 'system', summary: 'Failed sign-in with an e-mail address that is no staff account' },
    ]);
    expect(JSON.stringify(failures)).not.toContain('stranger');

    at(55 * 60_000);
    const { email: withTwoStep, secret } = await accountWithTwoStep();
    await secondStep(
      await challengeFor(withTwoStep),
      codeAt(secret, new Date(now().getTime() + 9 * STEP_MS)),
    );
    await secondStep(await challengeFor(withTwoStep), codeAt(secret, now()));
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
});
