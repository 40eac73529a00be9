import { randomBytes, scryptSync } from 'node:crypto';
import { admins } from '../../src/db/schema.ts';
import type { TestApp } from './test-app.ts';

export const TEST_ADMIN = { email: 'landlord@pub.test', password: 'a long enough password' } as const;

/**
 * The test admin's password stored at scrypt cost 2^10, in the format `passwords.ts` writes: sign-in reads
 * the cost from the stored hash, so every test's sign-in takes a millisecond instead of a quarter second.
 * The production cost is proven by `passwords.test.ts` and by every account made through the API.
 */
const TEST_ADMIN_HASH = (() => {
  const [costLog2, blockSize, parallelism] = [10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(TEST_ADMIN.password.normalize('NFKC'), salt, 32, {
    N: 2 ** costLog2,
    r: blockSize,
    p: parallelism,
  });
  return ['scrypt', costLog2, blockSize, parallelism, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
})();

/** Stores the test admin, an owner. */
export async function createTestAdmin(t: TestApp): Promise<void> {
  await t.database.db
    .insert(admins)
    .values({ email: TEST_ADMIN.email, name: 'landlord', role: 'owner', passwordHash: TEST_ADMIN_HASH });
}

/** Signs the test admin in and answers the Cookie header that carries the session. */
export async function signIn(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: TEST_ADMIN });
  const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
  if (response.statusCode !== 200 || !session) throw new Error(`Sign-in failed: ${response.statusCode}`);
  return `rc_admin=${session.value}`;
}
