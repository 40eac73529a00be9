import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, guestProfiles, occasionBookings, standbyEntries } from '#db/schema.ts';
import { NOTES_KEPT_DAYS_FOR_PROFILES } from '#shared/profiles/retention.ts';
import { mentionsHealth } from '#shared/profiles/rules.ts';
import { addDays, londonToday } from '#shared/time/london-time.ts';
import { christmasVisitDate } from '../privacy/visit-dates.ts';
import { findProfileRecords, isProfileOccasionRow } from './build.ts';

/**
 * Retention of guest profiles (issue 32, decision 020), on the day's retention run: a profile follows the
 * bookings it is built from. Its identity goes with theirs: once no record under its e-mail address is left
 * un-anonymised (retention and erasure blank the address), the row goes, its tags and note with it. A note
 * that mentions health goes NOTES_KEPT_DAYS_FOR_PROFILES days after the guest's last visit, as booking notes do.
 */

/** Deletes the profiles no record names any more: answers how many went. */
async function deleteOrphanedProfiles(tx: Database): Promise<number> {
  const named = (
    [
      [bookings, undefined],
      [occasionBookings, isProfileOccasionRow],
      [standbyEntries, undefined],
    ] as const
  ).map(([table, records]) =>
    notExists(
      tx
        .select({ one: sql`1` })
        .from(table)
        .where(and(records, sql`lower(${table.email}) = ${guestProfiles.email}`)),
    ),
  );
  const deleted = await tx
    .delete(guestProfiles)
    .where(and(...named))
    .returning({ email: guestProfiles.email });
  return deleted.length;
}

/** The date of the guest's last visit (any booking of theirs, to come or past); null when none. */
async function lastVisitOf(tx: Database, email: string): Promise<string | null> {
  const records = await findProfileRecords(tx, email);
  const dates = [
    ...records.tableRows.map((row) => row.date),
    ...records.christmasRows.map((row) => christmasVisitDate(row.createdAt)),
    ...records.occasionRows.map((row) => row.date),
  ].sort();
  return dates.at(-1) ?? null;
}

/** Clears the health notes of guests last visiting NOTES_KEPT_DAYS_FOR_PROFILES or more days ago: answers how many. */
async function deleteHealthNotes(tx: Database, now: Date): Promise<number> {
  const visitedBy = addDays(londonToday(now), -NOTES_KEPT_DAYS_FOR_PROFILES);
  const noted = await tx
    .select({ email: guestProfiles.email, note: guestProfiles.note })
    .from(guestProfiles)
    .where(ne(guestProfiles.note, ''));
  const due: string[] = [];
  for (const profile of noted.filter((row) => mentionsHealth(row.note))) {
    const lastVisit = await lastVisitOf(tx, profile.email);
    if (lastVisit === null || lastVisit <= visitedBy) due.push(profile.email);
  }
  if (due.length > 0) {
    await tx
      .update(guestProfiles)
      .set({ note: '', noteBy: null, noteAt: null, updatedAt: now })
      .where(inArray(guestProfiles.email, due));
  }
  return due.length;
}

/** The profiles' part of the day's retention, on its transaction, after the bookings' anonymisation. */
export async function applyProfileRetention(
  tx: Database,
  now: Date,
): Promise<{ profilesDeleted: number; profileNotesDeleted: number }> {
  const profilesDeleted = await deleteOrphanedProfiles(tx);
  const profileNotesDeleted = await deleteHealthNotes(tx, now);
  // A row left with nothing staff saved is no profile row (the bookings still make the profile).
  await tx
    .delete(guestProfiles)
    .where(
      and(
        eq(guestProfiles.note, ''),
        sql`cardinality(${guestProfiles.tags}) = 0`,
        sql`cardinality(${guestProfiles.confirmedPhones}) = 0`,
      ),
    );
  return { profilesDeleted, profileNotesDeleted };
}
