import { eq } from 'drizzle-orm';
import { bookings, standbyEntries, standbyOffers, walkInQueue } from '../../src/db/schema.ts';
import { GUEST, NOTES } from './guest-records.ts';
import type { TestApp } from './test-app.ts';

/**
 * The guest's places on the standby list and in the walk-in queue (issue 31), written straight into their
 * tables, beside Bartholomew's, for the guests' data suites. Hers name her only partly, as such places often
 * do: the standby entry by her e-mail address (no phone), the queue party by her number (no e-mail), seated
 * as her table booking `tableReference`. Each entry has had a place offered to it.
 */
export async function makeWaitingRecords(t: TestApp, { tableReference }: { tableReference: string }) {
  const { db } = t.database;
  const entry = {
    date: '2026-12-18',
    service: 'dinner' as const,
    windowStart: '19:00',
    windowEnd: '20:30',
    partyAdults: 2,
    partyChildren: 0,
  };
  const [hers, his] = await db
    .insert(standbyEntries)
    .values([
      {
        ...entry,
        reference: 'SB-HERS01',
        name: GUEST.name,
        email: GUEST.email,
        tokenHash: 'her-standby-token-hash',
      },
      {
        ...entry,
        reference: 'SB-HIS001',
        name: 'Bartholomew Quince',
        email: 'bart@example.org',
        phone: '07700 900999',
        tokenHash: 'his-standby-token-hash',
      },
    ])
    .returning();
  if (!hers || !his) throw new Error('the standby entries were not stored');
  const offer = {
    date: entry.date,
    timeSlot: '19:30',
    expiresAt: new Date('2026-12-01T10:30:00Z'),
    createdAt: new Date('2026-12-01T10:00:00Z'),
  };
  await db.insert(standbyOffers).values([
    { ...offer, entryId: hers.id, state: 'EXPIRED', tokenHash: 'her-offer-token-hash' },
    { ...offer, entryId: his.id, state: 'OPEN', tokenHash: 'his-offer-token-hash' },
  ]);
  const [table] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.reference, tableReference));
  const party = { date: '2026-12-08', partyAdults: 2, addedBy: 'Test Admin' };
  await db.insert(walkInQueue).values([
    {
      ...party,
      name: GUEST.name,
      phone: GUEST.phoneElsewhere,
      notes: NOTES.specialNotes,
      status: 'SEATED',
      notifiedAt: new Date('2026-12-08T18:40:00Z'),
      bookingId: table?.id,
    },
    { ...party, name: 'Bartholomew Quince', phone: '01632 960111', notes: 'Shellfish allergy' },
  ]);
}
