import { count, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { admins, recoveryCodes, sessions } from '#db/schema.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './passwords.ts';

/** A signed-in staff account. */
export interface Admin {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** The name shown on what an account did: its name, else its e-mail. */
export function adminDisplayName(admin: { name: string; email: string }): string {
  return admin.name.trim() || admin.email;
}

export function toAdmin(row: typeof admins.$inferSelect): Admin {
  return { id: row.id, email: row.email, name: adminDisplayName(row), role: row.role };
}

export const DEMO_ADMIN = { email: 'admin@roseandcrown.example', password: 'rose-and-crown-demo' } as const;

/**
 * DEMO_ADMIN's password as stored, computed once with a fixed salt (the password is public anyway): seeding
 * the demo admin and recognising its untouched password at each start then cost no scrypt (0.3 s, 128 MB).
 */
export const DEMO_PASSWORD_HASH =
  'scrypt$17$8$1$VuXzjdhsq5QDm1uvZqu9hw==$xdo2mbbqG9JrkRSJ2jdD6GF8syYO7O7I766nR350BA8=';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class AdminInputError extends Error {}

/**
 * Creates the account (an owner unless told otherwise), or gives an existing one the new password, turns its
 * two-step sign-in off and signs it out everywhere (`npm run admin:create`: the way back in for an owner who
 * lost both the password or phone and the recovery codes).
 */
export async function createOrResetAdmin(
  db: Database,
  input: { email: string; password: string; name?: string; role?: StaffRole },
): Promise<{ admin: Admin; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AdminInputError('Please give a valid e-mail address.');
  const problem = passwordProblem(input.password);
  if (problem) throw new AdminInputError(problem);
  const passwordHash = await hashPassword(input.password);
  return storeAdmin(db, { email, passwordHash, name: input.name, role: input.role });
}

async function storeAdmin(
  db: Database,
  input: { email: string; passwordHash: string; name?: string; role?: StaffRole },
): Promise<{ admin: Admin; created: boolean }> {
  const { email, passwordHash } = input;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(admins).where(eq(admins.email, email)).limit(1);
    if (existing) {
      const [row] = await tx
        .update(admins)
        .set({
          passwordHash,
          disabledAt: null,
          totpSecret: null,
          totpEnabledAt: null,
          ...(input.role ? { role: input.role } : {}),
        })
        .where(eq(admins.id, existing.id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.adminId, existing.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, existing.id));
      if (!row) throw new Error('The admin was not stored');
      return { admin: toAdmin(row), created: false };
    }
    const [row] = await tx
      .insert(admins)
      .values({
        email,
        passwordHash,
        name: input.name?.trim() || email.split('@')[0] || email,
        role: input.role ?? 'owner',
      })
      .returning();
    if (!row) throw new Error('The admin was not stored');
    return { admin: toAdmin(row), created: true };
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
  if (!row?.passwordHash || row.disabledAt) {
    await verifyAgainstDecoy(password);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  await db.update(admins).set({ lastLoginAt: now }).where(eq(admins.id, row.id));
  return toAdmin(row);
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
    if (!demo?.passwordHash) return null;
    if (demo.passwordHash === DEMO_PASSWORD_HASH) return demoNotice;
    // Seeded before DEMO_PASSWORD_HASH existed: checked once, then stored as that hash for the next starts.
    if (!(await verifyPassword(DEMO_ADMIN.password, demo.passwordHash))) return null;
    await db.update(admins).set({ passwordHash: DEMO_PASSWORD_HASH }).where(eq(admins.id, demo.id));
    return demoNotice;
  }
  if (options.initialAdmin) {
    const { admin } = await createOrResetAdmin(db, options.initialAdmin);
    return { level: 'info', message: `Created the admin ${admin.email} from ADMIN_EMAIL and ADMIN_PASSWORD` };
  }
  if (demoAllowed) {
    await storeAdmin(db, { email: DEMO_ADMIN.email, passwordHash: DEMO_PASSWORD_HASH, name: 'Landlord' });
    return demoNotice;
  }
  return {
    level: 'warn',
    message: 'No staff admin exists yet: create one with `npm run admin:create -- --email … --password …`',
  };
}
