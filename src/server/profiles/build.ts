import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { bookings, guestProfiles, occasionBookings, standbyEntries } from '#db/schema.ts';
import type { CancelledBy } from '#shared/booking/cancelled-by.ts';
import { partySize } from '#shared/booking/party.ts';
import { BOOKING_STATUS_LABELS, holdsItsPlace } from '#shared/booking/status.ts';
import type { OccasionBookingStatus } from '#shared/occasions/api.ts';
import type { GuestProfile, ProfileCounts, ProfileVisit } from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import { LATE_CANCELLATION_HOURS, mentionsHealth, phoneKey } from '#shared/profiles/rules.ts';
import { STANDBY_STATUS_LABELS } from '#shared/standby/status.ts';
import { londonInstant, londonToday } from '#shared/time/london-time.ts';
import { isChristmasBooking, selectChristmasBookings } from '../christmas/store.ts';
import { isOccasionRow } from '../occasions/rows.ts';
import { digitsOf } from '../privacy/guests.ts';
import { christmasVisitDate } from '../privacy/visit-dates.ts';

/**
 * A guest's profile (issue 32), built from every record under their e-mail address (table, Christmas and
 * occasion bookings, standby entries) and the table bookings made without one under a phone number staff
 * confirmed as theirs, with the row of tags and note staff keep, if any.
 */

export type ProfileRow = typeof guestProfiles.$inferSelect;
type TableRow = typeof bookings.$inferSelect;

const HISTORY_LENGTH = 50;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The occasion rows that are a profile's records: every occasion booking, and Christmas Day's bookings, which
 * share the table (decision 049), but not its checkouts that never became one.
 */
export const isProfileOccasionRow = or(isOccasionRow, isChristmasBooking) as SQL;

/** The rows of a table whose e-mail address is `email` (a profile key), in any case. */
export const emailIs = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = ${email}`;

/** A table booking made without an e-mail under one of `keys` (phoneKeys), not yet anonymised. */
export function phoneOnlyUnder(keys: readonly string[]): SQL | undefined {
  return keys.length > 0
    ? and(eq(bookings.email, ''), isNull(bookings.anonymisedAt), inArray(digitsOf(bookings.phone), [...keys]))
    : undefined;
}

export async function findProfileRow(db: Database, email: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(guestProfiles).where(eq(guestProfiles.email, email));
  return row;
}

/** Everything a profile is built from; `row` is undefined while staff have saved nothing. */
export async function findProfileRecords(db: Database, email: string) {
  const row = await findProfileRow(db, email);
  const confirmed = row?.confirmedPhones ?? [];
  const [tableRows, christmasRows, occasionRows, standbyRows] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(or(emailIs(bookings.email, email), phoneOnlyUnder(confirmed)))
      .orderBy(desc(bookings.date), desc(bookings.timeSlot)),
    selectChristmasBookings(db, emailIs(occasionBookings.email, email)),
    db
      .select()
      .from(occasionBookings)
      .where(and(isOccasionRow, emailIs(occasionBookings.email, email))),
    db.select().from(standbyEntries).where(emailIs(standbyEntries.email, email)),
  ]);
  const ownKeys = [
    ...new Set(
      [...tableRows, ...christmasRows, ...occasionRows, ...standbyRows]
        .filter((record) => record.email !== '')
        .map((record) => phoneKey(record.phone))
        .filter(Boolean),
    ),
  ].filter((key) => !confirmed.includes(key));
  const unconfirmed = phoneOnlyUnder(ownKeys);
  const phoneOnlyRows = unconfirmed
    ? await db.select().from(bookings).where(unconfirmed).orderBy(desc(bookings.date))
    : [];
  return { email, row, tableRows, christmasRows, occasionRows, standbyRows, phoneOnlyRows };
}

export type ProfileRecords = Awaited<ReturnType<typeof findProfileRecords>>;

/** Whether anything at all is held under the address: a profile with nothing behind it is none. */
export function hasRecords(records: ProfileRecords): boolean {
  return (
    records.row !== undefined ||
    records.tableRows.length + records.christmasRows.length + records.occasionRows.length > 0 ||
    records.standbyRows.length > 0
  );
}

/** A record's status as staff read it, a guest's own cancellation named as such. */
function statusWords(row: { status: string; cancelledBy: CancelledBy | null }, words: string): string {
  return row.status === 'CANCELLED' && row.cancelledBy === 'guest'
    ? PROFILE_MESSAGES.cancelledByGuest
    : words;
}

function tableStatus(row: TableRow): string {
  return row.noShowAt ? PROFILE_MESSAGES.noShow : statusWords(row, BOOKING_STATUS_LABELS[row.status]);
}

/** Cancelled by the guest within LATE_CANCELLATION_HOURS of the visit's start. */
export function isLateCancellation(row: TableRow): boolean {
  if (row.status !== 'CANCELLED' || row.cancelledBy !== 'guest' || row.cancelledAt === null) return false;
  const before = londonInstant(row.date, row.timeSlot).getTime() - row.cancelledAt.getTime();
  return before >= 0 && before < LATE_CANCELLATION_HOURS * HOUR_MS;
}

function historyOf(records: ProfileRecords): ProfileVisit[] {
  const visits: ProfileVisit[] = [
    ...records.tableRows.map((row) => ({
      kind: 'table' as const,
      reference: row.reference,
      date: row.date,
      time: row.timeSlot,
      partySize: partySize(row.partyAdults, row.partyChildren),
      status: tableStatus(row),
    })),
    ...records.christmasRows.map((row) => ({
      kind: 'christmas' as const,
      reference: row.reference,
      date: christmasVisitDate(row.createdAt),
      time: null,
      partySize: row.partySize,
      status: statusWords(row, BOOKING_STATUS_LABELS[row.status]),
    })),
    ...records.occasionRows.map((row) => ({
      kind: 'occasion' as const,
      reference: row.reference,
      date: row.date,
      time: null,
      partySize: row.partySize,
      status: statusWords(row, OCCASION_STATUS_WORDS[row.status]),
    })),
    ...records.standbyRows.map((row) => ({
      kind: 'standby' as const,
      reference: row.reference,
      date: row.date,
      time: row.windowStart,
      partySize: partySize(row.partyAdults, row.partyChildren),
      status: STANDBY_STATUS_LABELS[row.status],
    })),
  ];
  return visits
    .sort((a, b) => b.date.localeCompare(a.date) || (b.time ?? '').localeCompare(a.time ?? ''))
    .slice(0, HISTORY_LENGTH);
}

/** An occasion booking's status in a table booking's words where they mean the same. */
const OCCASION_STATUS_WORDS: Record<OccasionBookingStatus, string> = {
  HELD: BOOKING_STATUS_LABELS.PENDING,
  CONFIRMED: BOOKING_STATUS_LABELS.CONFIRMED,
  CANCELLED: BOOKING_STATUS_LABELS.CANCELLED,
  EXPIRED: PROFILE_MESSAGES.unpaid,
};

/** The counts of the profile (api.ts): visits before `today` (London), no-shows, cancellations, bookings to come. */
function countsOf(records: ProfileRecords, today: string): ProfileCounts {
  const { tableRows, christmasRows, occasionRows } = records;
  const christmas = christmasRows.map((row) => ({ row, date: christmasVisitDate(row.createdAt) }));
  const cancelled =
    tableRows.filter((row) => row.status === 'CANCELLED').length +
    christmasRows.filter((row) => row.status === 'CANCELLED').length +
    occasionRows.filter((row) => row.status === 'CANCELLED').length;
  const visits =
    tableRows.filter((row) => row.date < today && holdsItsPlace(row.status) && !row.noShowAt).length +
    christmas.filter(({ row, date }) => date < today && row.status === 'CONFIRMED').length +
    occasionRows.filter((row) => row.date < today && row.status === 'CONFIRMED').length;
  const upcoming =
    tableRows.filter((row) => row.date >= today && holdsItsPlace(row.status)).length +
    christmas.filter(({ row, date }) => date >= today && row.status === 'CONFIRMED').length +
    occasionRows.filter((row) => row.date >= today && row.status !== 'CANCELLED' && row.status !== 'EXPIRED')
      .length;
  return {
    visits,
    noShows: tableRows.filter((row) => row.noShowAt !== null).length,
    lateCancellations: tableRows.filter(isLateCancellation).length,
    cancellations: cancelled,
    upcoming,
  };
}

/** The name on the guest's newest record under their address. */
function nameOf(records: ProfileRecords): string {
  const named = [
    ...records.tableRows,
    ...records.christmasRows,
    ...records.occasionRows,
    ...records.standbyRows,
  ]
    .filter((record) => record.email !== '')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return named[0]?.name ?? '';
}

/** The numbers on their records, one per phoneKey (the newest writing of each), then those only confirmed. */
function phonesOf(records: ProfileRecords): string[] {
  const numbers = [
    ...records.tableRows,
    ...records.christmasRows,
    ...records.occasionRows,
    ...records.standbyRows,
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((record) => record.phone)
    .filter(Boolean);
  const byKey = new Map<string, string>();
  for (const phone of [...numbers, ...(records.row?.confirmedPhones ?? [])]) {
    const key = phoneKey(phone);
    if (key && !byKey.has(key)) byKey.set(key, phone);
  }
  return [...byKey.values()];
}

export function profileOf(records: ProfileRecords, now: Date): GuestProfile {
  const { row } = records;
  const note = row?.note ?? '';
  return {
    email: records.email,
    name: nameOf(records),
    phones: phonesOf(records),
    tags: row?.tags ?? [],
    note,
    noteMentionsHealth: mentionsHealth(note),
    noteBy: row?.noteBy ?? null,
    noteAt: row?.noteAt?.toISOString() ?? null,
    counts: countsOf(records, londonToday(now)),
    history: historyOf(records),
    phoneOnlyMatches: records.phoneOnlyRows.map((booking) => ({
      reference: booking.reference,
      date: booking.date,
      name: booking.name,
      phone: booking.phone,
    })),
  };
}

/** The profile of `email` (a profile key), or null when nothing is held under it. */
export async function buildProfile(db: Database, email: string, now: Date): Promise<GuestProfile | null> {
  const records = await findProfileRecords(db, email);
  return hasRecords(records) ? profileOf(records, now) : null;
}
