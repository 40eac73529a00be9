import { sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { createOrResetAdmin } from '../../src/server/staff/admins.ts';
import type { StaffRole } from '../../src/shared/staff/roles.ts';
import type { TestApp } from './test-app.ts';

const PASSWORD = 'a long enough password';

/** Stores an account of `role` (email `<role>@pub.test`), signs it in, and answers its id and Cookie header. */
export async function signedInAccount(t: TestApp, role: StaffRole, name = `A ${role}`) {
  const email = `${role}@pub.test`;
  await createOrResetAdmin(t.database.db, { email, password: PASSWORD, name, role });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
  if (!session) throw new Error(`${role} could not sign in: ${response.statusCode}`);
  const [row] = await t.database.db
    .execute<{ id: string }>(sql`select id from admins where email = ${email}`)
    .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
  return { id: row?.id ?? '', cookie: `rc_admin=${session.value}` };
}

/** The Cookie header of the staff session a response started. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
  if (!session) throw new Error('No session cookie');
  return `rc_admin=${session.value}`;
}

/** An account of `role` signed in before the describe block's tests run: `cookie` then carries its session. */
export function useSignedInAccount(t: TestApp, role: StaffRole) {
  const account = { id: '', cookie: '' };
  beforeAll(async () => {
    Object.assign(account, await signedInAccount(t, role));
  });
  return account;
}
