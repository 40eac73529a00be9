import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { admins, sessions } from '#db/schema.ts';
import { type Admin, toAdmin } from './admins.ts';

const HOUR_MS = 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * HOUR_MS;
export const SESSION_ABSOLUTE_MS = 7 * 24 * HOUR_MS;
/** Activity is written back at most this often, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session; the token (256 random bits) goes to the cookie, only its hash to the database. */
export async function startSession(db: Database, adminId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    );
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    adminId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/**
 * The signed-in admin, or null for an unknown, idle (12 h) or expired (7 days) session, which is deleted, and
 * for a disabled account.
 */
export async function resolveSession(db: Database, token: string, now: Date): Promise<Admin | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ admin: admins, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (now >= row.expiresAt || idleFor >= SESSION_IDLE_MS || row.admin.disabledAt) {
    await endSession(db, token);
    return null;
  }
  if (idleFor >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return toAdmin(row.admin);
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of an account (disabled, or its password reset), except `keepToken`'s if given. */
export async function endSessionsOf(db: Database, adminId: string, keepToken?: string): Promise<void> {
  const ofAccount = eq(sessions.adminId, adminId);
  await db
    .delete(sessions)
    .where(keepToken ? and(ofAccount, ne(sessions.tokenHash, hashToken(keepToken))) : ofAccount);
}
