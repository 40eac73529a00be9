import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { admins, sessions } from '../../db/schema.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

export interface Admin {
  id: string;
  email: string;
}

export const DEMO_ADMIN = { email: 'admin@roseandcrown.example', password: 'rose-and-crown-demo' } as const;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AdminInputError extends Error {}

/** Creates the admin, or gives an existing one the new password and signs it out everywhere. */
export async function createOrResetAdmin(
  db: Database,
  input: { email: string; password: string },
): Promise<{ admin: Admin; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AdminInputError('Please give a valid e-mail address.');
  const problem = passwordProblem(input.password);
  if (problem) throw new AdminInputError(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(admins).where(eq(admins.email, email)).limit(1);
    if (existing) {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
      return { admin: { id: existing.id, email }, created: false };
    }
    const [row] = await tx.insert(admins).values({ email, passwordHash }).returning();
    if (!row) throw new Error('The admin was not stored');
    return { admin: { id: row.id, email }, created: true };
  });
}

/** The admin for a correct e-mail and password; null otherwise, after the same amount of work either way. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
  now: Date,
): Promise<Admin | null> {
  const [row] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, normaliseEmail(email)))
    .limit(1);
  if (!row) {
    await verifyAgainstDecoy(password);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  await db.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, row.id));
  return { id: row.id, email: row.email };
}

async function adminCount(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(admins);
  return row?.value ?? 0;
}

export interface StartupAdminOptions {
  isProduction: boolean;
  seedDemo: boolean;
  initialAdmin?: { email: string; password: string };
}

export interface StartupNotice {
  level: 'info' | 'warn';
  message: string;
}

const demoNotice: StartupNotice = {
  level: 'info',
  message: `Demo staff sign-in at /admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
};

/**
 * With no admin yet: the one from ADMIN_EMAIL/ADMIN_PASSWORD, else (demo seed, never in production) the
 * demo admin, whose credentials are printed at every start while they still work.
 */
export async function ensureStartupAdmin(
  db: Database,
  options: StartupAdminOptions,
): Promise<StartupNotice | null> {
  const demoAllowed = options.seedDemo && !options.isProduction;
  if ((await adminCount(db)) > 0) {
    if (!demoAllowed) return null;
    const [demo] = await db.select().from(admins).where(eq(admins.email, DEMO_ADMIN.email)).limit(1);
    return demo && (await verifyPassword(DEMO_ADMIN.password, demo.passwordHash)) ? demoNotice : null;
  }
  if (options.initialAdmin) {
    const { admin } = await createOrResetAdmin(db, options.initialAdmin);
    return { level: 'info', message: `Created the admin ${admin.email} from ADMIN_EMAIL and ADMIN_PASSWORD` };
  }
  if (demoAllowed) {
    await createOrResetAdmin(db, DEMO_ADMIN);
    return demoNotice;
  }
  return {
    level: 'warn',
    message: 'No staff admin exists yet: create one with `npm run admin:create -- --email … --password …`',
  };
}
