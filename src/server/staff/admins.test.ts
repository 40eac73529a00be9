import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { admins } from '#db/schema.ts';
import { databaseTargets, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';
import {
  AdminInputError,
  createOrResetAdmin,
  DEMO_ADMIN,
  DEMO_PASSWORD_HASH,
  ensureStartupAdmin,
} from './admins.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe.each(databaseTargets)('staff accounts on $name', (target: TestDatabaseTarget) => {
  let database: DatabaseHandle & { dispose(): Promise<void> };

  beforeEach(async () => {
    database = await target.open();
    await database.migrate();
  });
  afterEach(() => database.dispose());

  const emails = async () => (await database.db.select().from(admins)).map((admin) => admin.email);

  it('creates an admin, lower-casing the e-mail, then resets its password', async () => {
    const first = await createOrResetAdmin(database.db, {
      email: ' Kate@Pub.Example ',
      password: 'first password',
    });
    expect(first).toMatchObject({ created: true, admin: { email: 'kate@pub.example' } });
    const again = await createOrResetAdmin(database.db, {
      email: 'kate@pub.example',
      password: 'second password',
    });
    expect(again).toMatchObject({ created: false, admin: { id: first.admin.id } });
    expect(await emails()).toEqual(['kate@pub.example']);
  });

  it('refuses a short password and a bad e-mail', async () => {
    await expect(
      createOrResetAdmin(database.db, { email: 'kate@pub.example', password: 'short' }),
    ).rejects.toThrow(new AdminInputError('The password must be at least 10 characters long.'));
    await expect(
      createOrResetAdmin(database.db, { email: 'kate', password: 'long enough now' }),
    ).rejects.toThrow(AdminInputError);
    expect(await emails()).toEqual([]);
  });

  it('creates the ADMIN_EMAIL admin at start when there is none, and only then', async () => {
    const initialAdmin = { email: 'owner@pub.example', password: 'owner password' };
    const notice = await ensureStartupAdmin(database.db, {
      isProduction: true,
      seedDemo: false,
      initialAdmin,
    });
    expect(notice).toEqual({ level: 'info', message: expect.stringContaining('owner@pub.example') });
    const later = await ensureStartupAdmin(database.db, {
      isProduction: true,
      seedDemo: false,
      initialAdmin: { email: 'someone@pub.example', password: 'another password' },
    });
    expect(later).toBeNull();
    expect(await emails()).toEqual(['owner@pub.example']);
  });

  it('seeds the demo admin outside production and prints its credentials at each start', async () => {
    const options = { isProduction: false, seedDemo: true };
    const first = await ensureStartupAdmin(database.db, options);
    expect(first?.message).toContain(`${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    expect(await ensureStartupAdmin(database.db, options)).toEqual(first);
    await createOrResetAdmin(database.db, { email: DEMO_ADMIN.email, password: 'changed by the landlord' });
    expect(await ensureStartupAdmin(database.db, options)).toBeNull();
  });

  it('seeds the demo password as its precomputed hash, and moves a demo admin hashed otherwise to it', async () => {
    expect(await verifyPassword(DEMO_ADMIN.password, DEMO_PASSWORD_HASH)).toBe(true);
    const options = { isProduction: false, seedDemo: true };
    await ensureStartupAdmin(database.db, options);
    const [seeded] = await database.db.select().from(admins);
    expect(seeded?.passwordHash).toBe(DEMO_PASSWORD_HASH);
    // As seeded before the hash was precomputed: the same password under a salt of its own.
    await database.db.update(admins).set({ passwordHash: await hashPassword(DEMO_ADMIN.password) });
    expect((await ensureStartupAdmin(database.db, options))?.message).toContain(DEMO_ADMIN.password);
    const [upgraded] = await database.db.select().from(admins);
    expect(upgraded?.passwordHash).toBe(DEMO_PASSWORD_HASH);
  });

  it('never creates a default admin in production', async () => {
    const notice = await ensureStartupAdmin(database.db, { isProduction: true, seedDemo: true });
    expect(notice).toEqual({ level: 'warn', message: expect.stringContaining('npm run admin:create') });
    expect(await emails()).toEqual([]);
  });
});
