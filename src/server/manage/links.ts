import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { manageLinks } from '#db/schema.ts';
import { addDays, londonToday } from '#shared/time/london-time.ts';

/** 256 random bits, URL-safe: a guest's key to their own booking. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ManageTarget = { bookingId: string } | { christmasBookingId: string };

/** A new personal link to a booking; only its hash is stored, so the database never holds a working link. */
export async function issueManageToken(db: Database, target: ManageTarget, now: Date): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.insert(manageLinks).values({ tokenHash: hashOf(token), ...target, createdAt: now });
  return token;
}

/** The booking a token opens, or null: a token of the wrong shape is simply no booking. */
export async function findManageTarget(
  db: Database,
  token: string,
): Promise<{ bookingId: string | null; christmasBookingId: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ bookingId: manageLinks.bookingId, christmasBookingId: manageLinks.christmasBookingId })
    .from(manageLinks)
    .where(eq(manageLinks.tokenHash, hashOf(token)))
    .limit(1);
  return row ?? null;
}

/** A link works until the end of the day after the visit (London). */
export function manageLinkWorks(visitDate: string, now: Date): boolean {
  return londonToday(now) <= addDays(visitDate, 1);
}

export function tableManageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/bookings/manage/${token}`;
}

/** A new personal link to a table booking's page, for the e-mail about it. */
export async function newTableManageUrl(
  db: Database,
  bookingId: string,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<string> {
  return tableManageUrl(publicUrl, await issueManageToken(db, { bookingId }, now));
}

export function christmasManageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/christmas/manage/${token}`;
}
