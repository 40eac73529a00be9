import { arrayContains, inArray, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { guestProfiles } from '#db/schema.ts';
import type { GuestQuery } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestErasure } from '#shared/privacy/guests.ts';
import { phoneKey, profileKey } from '#shared/profiles/rules.ts';

/**
 * The profile staff keep on a guest (issue 32: tags, a note, the phone numbers they confirmed as the guest's),
 * for their data's search, export (guests.ts) and erasure (guest-erasure.ts): found by any of the person's
 * e-mail addresses, or by the number searched for where staff confirmed it as theirs. An erasure deletes it:
 * nothing of it is kept.
 */

export type ProfileRows = (typeof guestProfiles.$inferSelect)[];

/**
 * The profiles of the person's addresses, and, when the search is by phone, those on which staff confirmed that
 * number: never another address's profile found through a number of the person's (a family sharing one phone).
 */
export async function findProfileRows(
  db: Database,
  query: GuestQuery,
  emails: ReadonlySet<string>,
): Promise<ProfileRows> {
  const keys = [...new Set([...emails].map(profileKey))];
  const confirmed = query.kind === 'phone' ? phoneKey(query.digits) : '';
  if (keys.length === 0 && !confirmed) return [];
  return db
    .select()
    .from(guestProfiles)
    .where(
      or(
        keys.length > 0 ? inArray(guestProfiles.email, keys) : undefined,
        confirmed ? arrayContains(guestProfiles.confirmedPhones, [confirmed]) : undefined,
      ),
    )
    .orderBy(guestProfiles.email);
}

const isoOrNull = (instant: Date | null) => instant?.toISOString() ?? null;

/** The rows as the guests' data shows them. */
export function profilesOf(rows: ProfileRows): Pick<GuestData, 'guestProfiles'> {
  return {
    guestProfiles: rows.map((row) => ({
      email: row.email,
      confirmedPhones: row.confirmedPhones,
      tags: row.tags,
      note: row.note,
      noteBy: row.noteBy,
      noteAt: isoOrNull(row.noteAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Deletes the rows on `tx` (an erasure): answers how many went. */
export async function deleteProfileRows(
  tx: Database,
  rows: ProfileRows,
): Promise<Pick<GuestErasure, 'profilesDeleted'>> {
  const emails = rows.map((row) => row.email);
  if (emails.length > 0) await tx.delete(guestProfiles).where(inArray(guestProfiles.email, emails));
  return { profilesDeleted: emails.length };
}
