import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { bookings, standbyEntries, standbyOffers, walkInQueue } from '#db/schema.ts';
import type { GuestData, GuestErasure } from '#shared/privacy/guests.ts';

/**
 * A guest's places on the standby list and in the walk-in queue (issue 31), for their data's search, export
 * (guests.ts) and erasure (guest-erasure.ts), found by any e-mail address or phone number of the person's.
 * They are not bookings: an erasure deletes them, an entry's offers with it. A booking made of one (a claimed
 * offer, a party seated from the queue) is a booking like any other, found and anonymised as such.
 */

/** The condition naming the person in a table with a guest's e-mail address and phone number. */
type NamesThePerson = (columns: { email: AnyPgColumn; phone: AnyPgColumn }) => SQL | undefined;

export async function findWaitingRows(db: Database, namesThePerson: NamesThePerson) {
  const [standbyRows, queueRows] = await Promise.all([
    db
      .select({ entry: standbyEntries, bookingReference: bookings.reference })
      .from(standbyEntries)
      .leftJoin(bookings, eq(bookings.id, standbyEntries.bookingId))
      .where(namesThePerson(standbyEntries))
      .orderBy(desc(standbyEntries.date), desc(standbyEntries.createdAt)),
    db
      .select({ party: walkInQueue, bookingReference: bookings.reference })
      .from(walkInQueue)
      .leftJoin(bookings, eq(bookings.id, walkInQueue.bookingId))
      .where(namesThePerson(walkInQueue))
      .orderBy(desc(walkInQueue.date), desc(walkInQueue.createdAt)),
  ]);
  const entryIds = standbyRows.map((row) => row.entry.id);
  const offerRows =
    entryIds.length > 0
      ? await db
          .select()
          .from(standbyOffers)
          .where(inArray(standbyOffers.entryId, entryIds))
          .orderBy(asc(standbyOffers.createdAt))
      : [];
  return { standbyRows, offerRows, queueRows };
}

export type WaitingRows = Awaited<ReturnType<typeof findWaitingRows>>;

/** The rows themselves, whose other addresses and numbers find more of the person (consents, e-mails). */
export function waitingContacts(rows: WaitingRows): { email: string; phone: string }[] {
  return [...rows.standbyRows.map((row) => row.entry), ...rows.queueRows.map((row) => row.party)];
}

/**
 * What the e-mails about them name: an entry by its reference, a queue party (which has none) by its id.
 */
export function waitingReferences(rows: WaitingRows): string[] {
  return [
    ...rows.standbyRows.map((row) => row.entry.reference),
    ...rows.queueRows.map((row) => row.party.id),
  ];
}

const iso = (instant: Date) => instant.toISOString();

/** The rows as the guests' data shows them: each entry with the places offered to it. */
export function waitingListsOf(rows: WaitingRows): Pick<GuestData, 'standbyEntries' | 'queueParties'> {
  return {
    standbyEntries: rows.standbyRows.map(({ entry, bookingReference }) => ({
      id: entry.id,
      reference: entry.reference,
      date: entry.date,
      service: entry.service,
      windowStart: entry.windowStart,
      windowEnd: entry.windowEnd,
      partyAdults: entry.partyAdults,
      partyChildren: entry.partyChildren,
      status: entry.status,
      source: entry.source,
      name: entry.name,
      email: entry.email,
      phone: entry.phone,
      bookingReference,
      offers: rows.offerRows
        .filter((offer) => offer.entryId === entry.id)
        .map((offer) => ({
          timeSlot: offer.timeSlot,
          state: offer.state,
          expiresAt: iso(offer.expiresAt),
          createdAt: iso(offer.createdAt),
        })),
      createdAt: iso(entry.createdAt),
    })),
    queueParties: rows.queueRows.map(({ party, bookingReference }) => ({
      id: party.id,
      date: party.date,
      partyAdults: party.partyAdults,
      partyChildren: party.partyChildren,
      status: party.status,
      name: party.name,
      email: party.email,
      phone: party.phone,
      notes: party.notes,
      notifiedAt: party.notifiedAt ? iso(party.notifiedAt) : null,
      bookingReference,
      createdAt: iso(party.createdAt),
    })),
  };
}

/** Deletes the rows on `tx` (an erasure): answers how many of each went. */
export async function deleteWaitingRows(
  tx: Database,
  rows: WaitingRows,
): Promise<Pick<GuestErasure, 'standbyEntriesDeleted' | 'standbyOffersDeleted' | 'queuePartiesDeleted'>> {
  const entryIds = rows.standbyRows.map((row) => row.entry.id);
  const queueIds = rows.queueRows.map((row) => row.party.id);
  // Their own cascade would take the offers too: deleted first, to be counted.
  const offers =
    entryIds.length > 0
      ? await tx
          .delete(standbyOffers)
          .where(inArray(standbyOffers.entryId, entryIds))
          .returning({ id: standbyOffers.id })
      : [];
  if (entryIds.length > 0) await tx.delete(standbyEntries).where(inArray(standbyEntries.id, entryIds));
  if (queueIds.length > 0) await tx.delete(walkInQueue).where(inArray(walkInQueue.id, queueIds));
  return {
    standbyEntriesDeleted: entryIds.length,
    standbyOffersDeleted: offers.length,
    queuePartiesDeleted: queueIds.length,
  };
}
