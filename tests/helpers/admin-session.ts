import { admins } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/server/staff/passwords.ts';
import type { TestApp } from './test-app.ts';

export const TEST_ADMIN = { email: 'landlord@pub.test', password: 'a long enough password' } as const;

/**
 * The test admin's password, hashed by `passwords.ts` at the suites' cost (`setup-node.ts`, 2^10): every
 * test's sign-in takes a millisecond instead of a quarter second. `passwords.test.ts` holds the production cost.
 */
let testAdminHash: Promise<string> | undefined;

/** Stores the test admin, an owner. */
export async function createTestAdmin(t: TestApp): Promise<void> {
  testAdminHash ??= hashPassword(TEST_ADMIN.password);
  await t.database.db.insert(admins).values({
    email: TEST_ADMIN.email,
    name: 'landlord',
    role: 'owner',
    passwordHash: await testAdminHash,
  });
}

/** Signs the test admin in and answers the Cookie header that carries the session. */
export async function signIn(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
  if (response.statusCode !== 200 || !session) throw new Error(`Sign-in failed: ${response.statusCode}`);
  return `rc_admin=${session.value}`;
}
