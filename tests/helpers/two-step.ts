import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { auditEvents } from '../../src/db/schema.ts';
import { createOrResetAdmin } from '../../src/server/staff/admins.ts';
import type { StaffRole } from '../../src/shared/staff/roles.ts';
import { useTestApp } from './app-fixture.ts';
import type { TestDatabaseTarget } from './test-app.ts';

export const TWO_STEP_START = new Date('2026-06-02T08:00:00Z');
export const STAFF_PASSWORD = 'a long enough password';
export const STEP_MS = 30_000;

/** The two-step suites' app, on 2 June 2026, with what they do to sign people in. */
export function useTwoStepApp(target: TestDatabaseTarget) {
  const t = useTestApp(target, TWO_STEP_START, { env: { LOGIN_RATE_LIMIT_PER_15_MIN: '1000' } });
  let accounts = 0;

  const now = () => t.app.clock();
  function at(offsetMs: number) {
    t.setNow(new Date(TWO_STEP_START.getTime() + offsetMs));
  }
  const call = (options: InjectOptions) => t.app.inject(options);
  /** The Cookie header of the response's non-empty cookie `name`, if it set one. */
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
    await createOrResetAdmin(t.database.db, {
      email,
      password: STAFF_PASSWORD,
      name: `Person ${accounts}`,
      role,
    });
    return email;
  }
  const login = (email: string, password = STAFF_PASSWORD) =>
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
      payload: { code: codeAt(secret, now()) },
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes: codes } = enabled.json() as { recoveryCodes: string[] };
    // The next code must come from a later step: the one just used is spent.
    at(now().getTime() - TWO_STEP_START.getTime() + STEP_MS);
    return { email, secret, codes, cookie };
  }
  async function auditOf(type: string) {
    return t.database.db.select().from(auditEvents).where(eq(auditEvents.type, type));
  }

  return {
    t,
    call,
    now,
    /** How many accounts `newAccount` has made: the newest is `Person <that many>`. */
    accountsMade: () => accounts,
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
  };
}
