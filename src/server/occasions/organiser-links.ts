import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { occasionBookings, occasionOrganiserLinks } from '#db/schema.ts';
import { occasionTokenSchema } from '#shared/occasions/api.ts';
import { isOccasionRow } from './rows.ts';

/** 256 random bits, URL-safe: the organiser's key to their booking, and the diners' shared link. */
const TOKEN_BYTES = 32;

export function newOccasionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new personal link for the organiser; only its hash is stored, so the database never holds a working link. */
export async function issueOrganiserToken(db: Database, bookingId: string, now: Date): Promise<string> {
  const token = newOccasionToken();
  await db.insert(occasionOrganiserLinks).values({ tokenHash: hashOf(token), bookingId, createdAt: now });
  return token;
}

/** The booking an organiser's link opens, or undefined: a token of the wrong shape is simply no booking. */
export async function bookingByOrganiserToken(db: Database, token: string) {
  if (!occasionTokenSchema.safeParse(token).success) return undefined;
  const [row] = await db
    .select({ booking: occasionBookings })
    .from(occasionOrganiserLinks)
    .innerJoin(occasionBookings, eq(occasionBookings.id, occasionOrganiserLinks.bookingId))
    .where(and(isOccasionRow, eq(occasionOrganiserLinks.tokenHash, hashOf(token))))
    .limit(1);
  return row?.booking;
}

/** The booking a diners' link belongs to, or undefined. */
export async function bookingByDinerToken(db: Database, token: string) {
  if (!occasionTokenSchema.safeParse(token).success) return undefined;
  const [booking] = await db
    .select()
    .from(occasionBookings)
    .where(and(isOccasionRow, eq(occasionBookings.dinerToken, token)))
    .limit(1);
  return booking;
}

export type OccasionBookingRow = typeof occasionBookings.$inferSelect;
