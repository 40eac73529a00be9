import { createOrResetAdmin } from '../../src/server/staff/admins.ts';
import type { TestApp } from './test-app.ts';

export const TEST_ADMIN = { email: 'landlord@pub.test', password: 'a long enough password' } as const;

/** Stores the test admin (scrypt makes this take a few hundred milliseconds). */
export async function createTestAdmin(t: TestApp): Promise<void> {
  await createOrResetAdmin(t.database.db, TEST_ADMIN);
}

/** Signs the test admin in and answers the Cookie header that carries the session. */
export async function signIn(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
  if (response.statusCode !== 200 || !session) throw new Error(`Sign-in failed: ${response.statusCode}`);
  return `rc_admin=${session.value}`;
}
