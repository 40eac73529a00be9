import { and, arrayOverlaps, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, guestProfiles, occasionBookings, standbyEntries } from '#db/schema.ts';
import type { AuditChange } from '#shared/audit/types.ts';
import type {
  GuestProfile,
  ProfileLookupQuery,
  ProfileNote,
  ProfileNotesAnswer,
  ProfileUpdate,
} from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import { phoneKey, profileKey } from '#shared/profiles/rules.ts';
import { type Actor, actorName, changedFields, recordAudit } from '../audit/trail.ts';
import { conflictingField, invalidFields, notFound } from '../lib/errors.ts';
import { digitsOf } from '../privacy/guests.ts';
import {
  buildProfile,
  findProfileRecords,
  hasRecords,
  isProfileOccasionRow,
  type ProfileRecords,
  profileOf,
} from './build.ts';

/** Staff's side of guest profiles (issue 32): the lookup, the tags and note, a phone confirmed, a day's notes. */

/** The e-mail address of the newest record under a phone number that has one. */
async function emailOfPhone(db: Database, key: string): Promise<string | null> {
  const [confirmed] = await db
    .select({ email: guestProfiles.email })
    .from(guestProfiles)
    .where(sql`${key} = any(${guestProfiles.confirmedPhones})`)
    .orderBy(desc(guestProfiles.updatedAt))
    .limit(1);
  if (confirmed) return confirmed.email;
  const newest = await Promise.all(
    (
      [
        [bookings, undefined],
        [occasionBookings, isProfileOccasionRow],
        [standbyEntries, undefined],
      ] as const
    ).map(([table, records]) =>
      db
        .select({ email: table.email, createdAt: table.createdAt })
        .from(table)
        .where(and(records, ne(table.email, ''), eq(digitsOf(table.phone), key)))
        .orderBy(desc(table.createdAt))
        .limit(1),
    ),
  );
  const [found] = newest.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return found ? profileKey(found.email) : null;
}

/** The profile found by e-mail, or by a phone number on the guest's records; null when none is held. */
export async function lookupProfile(
  db: Database,
  query: ProfileLookupQuery,
  now: Date,
): Promise<GuestProfile | null> {
  const email = query.email?.trim();
  if (email) return buildProfile(db, profileKey(email), now);
  const key = phoneKey(query.phone ?? '');
  if (!key) return null;
  const found = await emailOfPhone(db, key);
  return found ? buildProfile(db, found, now) : null;
}

/** The records under `email`, refused as not found when there is no booking of any kind under it. */
async function recordsWithBookings(tx: Database, email: string): Promise<ProfileRecords> {
  const records = await findProfileRecords(tx, email);
  if (!hasRecords({ ...records, row: undefined })) throw notFound(PROFILE_MESSAGES.notFound);
  return records;
}

/** The reference of the guest's newest record: how the trail names the guest (never by their details). */
function referenceOf(records: ProfileRecords): string {
  const newest = [
    ...records.tableRows,
    ...records.christmasRows,
    ...records.occasionRows,
    ...records.standbyRows,
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return newest[0]?.reference ?? '';
}

/** Tags as staff typed them, each once (compared without case). */
function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Saves the guest's tags and note (the whole of both), recorded in the trail: the tags by name, the note only as
 * changed. A profile left with nothing staff saved loses its row.
 */
export async function updateProfile(
  db: Database,
  rawEmail: string,
  update: ProfileUpdate,
  { actor, now }: { actor: Actor; now: Date },
): Promise<GuestProfile> {
  const email = profileKey(rawEmail);
  return db.transaction(async (tx) => {
    const records = await recordsWithBookings(tx, email);
    const before = records.row;
    const tags = distinctTags(update.tags);
    const note = update.note;
    const noteChanged = note !== (before?.note ?? '');
    const kept = {
      tags,
      note,
      noteBy: noteChanged ? (note ? actorName(actor) : null) : (before?.noteBy ?? null),
      noteAt: noteChanged ? (note ? now : null) : (before?.noteAt ?? null),
      updatedAt: now,
    };
    const changes: Record<string, AuditChange> = changedFields(
      { tags: before?.tags ?? [], note: before?.note ?? '' },
      { tags, note },
      ['note'],
    );
    if (Object.keys(changes).length === 0) return profileOf(records, now);
    const confirmedPhones = before?.confirmedPhones ?? [];
    if (tags.length === 0 && !note && confirmedPhones.length === 0) {
      await tx.delete(guestProfiles).where(eq(guestProfiles.email, email));
    } else {
      await tx
        .insert(guestProfiles)
        .values({ email, ...kept, createdAt: now })
        .onConflictDoUpdate({ target: guestProfiles.email, set: kept });
    }
    const said = [
      ...(changes.tags ? [tags.length > 0 ? `tags ${tags.join(', ')}` : 'tags removed'] : []),
      ...(changes.note ? ['note changed'] : []),
    ];
    await recordAudit(
      tx,
      {
        actor,
        type: 'profile.changed',
        subject: { type: 'profile', id: referenceOf(records) || null },
        summary: `Profile of the guest of ${referenceOf(records)}: ${said.join('; ')}`,
        changes,
      },
      now,
    );
    return profileOf(await findProfileRecords(tx, email), now);
  });
}

/**
 * Confirms that the bookings made without an e-mail under `phone` are the guest's: they count on the profile
 * from now on. A number is one guest's: one already confirmed for another is refused.
 */
export async function confirmPhone(
  db: Database,
  rawEmail: string,
  phone: string,
  { actor, now }: { actor: Actor; now: Date },
): Promise<GuestProfile> {
  const email = profileKey(rawEmail);
  const key = phoneKey(phone);
  return db.transaction(async (tx) => {
    const records = await recordsWithBookings(tx, email);
    const phoneOnly = key
      ? await tx
          .select({ reference: bookings.reference })
          .from(bookings)
          .where(and(eq(bookings.email, ''), eq(digitsOf(bookings.phone), key)))
      : [];
    if (phoneOnly.length === 0) {
      throw invalidFields(PROFILE_MESSAGES.phoneNotTheirs, [
        { path: 'phone', message: PROFILE_MESSAGES.phoneNotTheirs },
      ]);
    }
    const [elsewhere] = await tx
      .select({ email: guestProfiles.email })
      .from(guestProfiles)
      .where(and(ne(guestProfiles.email, email), sql`${key} = any(${guestProfiles.confirmedPhones})`));
    if (elsewhere) throw conflictingField('phone', PROFILE_MESSAGES.phoneConfirmedElsewhere);
    const confirmed = records.row?.confirmedPhones ?? [];
    if (confirmed.includes(key)) return profileOf(records, now);
    const confirmedPhones = [...confirmed, key];
    await tx
      .insert(guestProfiles)
      .values({ email, confirmedPhones, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: guestProfiles.email, set: { confirmedPhones, updatedAt: now } });
    const references = phoneOnly.map((row) => row.reference).sort();
    await recordAudit(
      tx,
      {
        actor,
        type: 'profile.phone-confirmed',
        subject: { type: 'profile', id: referenceOf(records) || null },
        summary: `Phone ${references.length === 1 ? 'booking' : 'bookings'} ${references.join(', ')} linked to the guest of ${referenceOf(records)}`,
      },
      now,
    );
    return profileOf(await findProfileRecords(tx, email), now);
  });
}

/**
 * The notes beside the bookings of `date` (table bookings): each guest's, once, whose profile has a tag or a
 * note, the guest found by the booking's e-mail address or, for a booking without one, by a confirmed phone.
 */
export async function profileNotes(db: Database, date: string, now: Date): Promise<ProfileNotesAnswer> {
  const booked = await db
    .select({ email: bookings.email, phone: bookings.phone })
    .from(bookings)
    .where(eq(bookings.date, date));
  const emails = [...new Set(booked.map((row) => profileKey(row.email)).filter(Boolean))];
  const phoneKeys = [
    ...new Set(
      booked
        .filter((row) => row.email === '')
        .map((row) => phoneKey(row.phone))
        .filter(Boolean),
    ),
  ];
  const rows =
    emails.length > 0 || phoneKeys.length > 0
      ? await db
          .select()
          .from(guestProfiles)
          .where(
            or(
              emails.length > 0 ? inArray(guestProfiles.email, emails) : undefined,
              phoneKeys.length > 0 ? arrayOverlaps(guestProfiles.confirmedPhones, phoneKeys) : undefined,
            ),
          )
      : [];
  const notes: ProfileNote[] = [];
  for (const row of rows.filter((profile) => profile.tags.length > 0 || profile.note !== '')) {
    const profile = profileOf(await findProfileRecords(db, row.email), now);
    notes.push({
      email: row.email,
      phones: row.confirmedPhones,
      tags: profile.tags,
      note: profile.note,
      noteMentionsHealth: profile.noteMentionsHealth,
      visits: profile.counts.visits,
      noShows: profile.counts.noShows,
    });
  }
  return { date, notes: notes.sort((a, b) => a.email.localeCompare(b.email)) };
}
