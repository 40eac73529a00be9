import { count, eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GUEST,
  makeGuestRecords,
  makeOtherGuestBooking,
  NOTES,
  staffCookie,
} from '../../../tests/helpers/guest-records.ts';
import { deliverQueuedMail } from '../../../tests/helpers/outbox.ts';
import { databaseTargets, startTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import {
  auditEvents,
  bookings,
  christmasBookings,
  christmasReservations,
  enquiries,
  marketingConsents,
  schema,
} from '../../db/schema.ts';
import { ANONYMISED_NAME, GUEST_DATA_MESSAGES } from '../../shared/privacy/guest-query.ts';
import type { GuestData } from '../../shared/privacy/guests.ts';

const NOW = new Date('2026-12-01T10:00:00Z');

/** Every value of every row of every table, as text: what a search of the whole database would see. */
async function everyStoredValue(t: TestApp): Promise<{ where: string; text: string }[]> {
  const found: { where: string; text: string }[] = [];
  for (const table of Object.values(schema) as PgTable[]) {
    const { name } = getTableConfig(table);
    const rows = (await t.database.db.select().from(table)) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        found.push({ where: `${name}.${column}`, text });
      }
    }
  }
  return found;
}

/** Where the guest's name, e-mail address or phone number (by its digits) is still stored. */
async function whereTheGuestIsStored(t: TestApp): Promise<string[]> {
  const values = await everyStoredValue(t);
  return values
    .filter(({ text }) => {
      const lower = text.toLowerCase();
      return (
        lower.includes(GUEST.email.toLowerCase()) ||
        lower.includes(GUEST.name.toLowerCase()) ||
        text.replace(/\D/g, '').includes(GUEST.digits) ||
        lower.includes(NOTES.allergies.toLowerCase())
      );
    })
    .map(({ where }) => where);
}

async function counts(t: TestApp) {
  const { db } = t.database;
  const totalOf = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    bookings: await totalOf(bookings),
    christmasBookings: await totalOf(christmasBookings),
    christmasReservations: await totalOf(christmasReservations),
    enquiries: await totalOf(enquiries),
    guests: (
      await db
        .select({ guests: sql<number>`sum(${bookings.partyAdults} + ${bookings.partyChildren})::int` })
        .from(bookings)
    )[0]?.guests,
  };
}

const auditOf = (t: TestApp) => t.database.db.select().from(auditEvents).orderBy(auditEvents.id);

describe.each(databaseTargets)('guests’ data requests on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  beforeEach(async () => {
    t = await startTestApp(target, NOW);
    cookie = await staffCookie(t);
    await makeGuestRecords(t, cookie);
    await makeOtherGuestBooking(t);
    await t.database.db.insert(marketingConsents).values({
      email: GUEST.email.toLowerCase(),
      name: GUEST.name,
      source: 'booking',
      wording: 'Send me news of events and offers',
      givenAt: NOW,
      unsubscribeToken: 'guest-unsubscribe-token',
    });
    await deliverQueuedMail(t.app);
  });
  afterEach(() => t.close());

  const search = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/guests?q=${encodeURIComponent(q)}`, headers: { cookie } });
  const erase = (q: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/guests/erase', headers: { cookie }, payload: { q } });

  it('finds everything held about an e-mail address, in any case', async () => {
    const answer = await search(` ${GUEST.email.toUpperCase()} `);
    expect(answer.statusCode).toBe(200);
    const data = answer.json() as GuestData;
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({
      name: GUEST.name,
      phone: GUEST.phone,
      allergies: NOTES.allergies,
      accessibilityNotes: NOTES.accessibilityNotes,
    });
    expect(data.christmasBookings).toHaveLength(1);
    expect(data.christmasReservations).toHaveLength(1);
    expect(data.christmasReservations[0]?.holderIp).toBeTruthy();
    expect(data.enquiries[0]?.notes).toBe(NOTES.enquiryNotes);
    expect(data.marketingConsents).toEqual([
      expect.objectContaining({ email: GUEST.email.toLowerCase(), withdrawnAt: null }),
    ]);
    // Confirmations to her and the pub's notices about her bookings; never the other guest's.
    expect(data.emails.length).toBeGreaterThanOrEqual(4);
    expect(data.emails.some((mail) => mail.to.toLowerCase().includes(GUEST.email.toLowerCase()))).toBe(true);
    expect(JSON.stringify(data)).not.toContain('Bartholomew');
    expect(JSON.stringify(data.emails)).not.toMatch(/"(html|text)"/);
  });

  it('finds the same person by their phone number, however it is written', async () => {
    for (const phone of [GUEST.phone, GUEST.phoneElsewhere, '07700900456', '+447700 900456']) {
      const data = (await search(phone)).json() as GuestData;
      expect(data.bookings.map((row) => row.reference)).toHaveLength(1);
      expect(data.christmasBookings).toHaveLength(1);
      expect(data.christmasReservations).toHaveLength(1);
      expect(data.enquiries).toHaveLength(1);
      expect(data.marketingConsents).toHaveLength(1);
    }
    expect((await search('01632 960111')).json().bookings[0].name).toBe('Bartholomew Quince');
  });

  it('refuses a search that is neither an e-mail address nor a phone number, and changes nothing', async () => {
    const before = { audit: await auditOf(t), stored: await everyStoredValue(t) };
    for (const wrong of ['Rosalind', '12345', 'rosalind@', '', 'drop table bookings']) {
      for (const answer of [
        await search(wrong),
        await erase(wrong),
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/guests/export?q=${encodeURIComponent(wrong)}`,
          headers: { cookie },
        }),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ error: GUEST_DATA_MESSAGES.wrongQuery });
      }
    }
    expect((await erase(undefined)).statusCode).toBe(400);
    expect(await auditOf(t)).toEqual(before.audit);
    expect(await everyStoredValue(t)).toEqual(before.stored);
  });

  it('exports the same as one JSON file, recorded without the data', async () => {
    const shown = (await search(GUEST.email)).json();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="guest-data-2026-12-01.json"');
    expect(file.json()).toEqual({ ...shown, exportedAt: NOW.toISOString() });
    const [entry] = (await auditOf(t)).filter((row) => row.type === 'guest.exported');
    expect(entry).toMatchObject({ actorKind: 'staff', subjectType: 'guest', subjectId: null });
    expect(entry?.summary).toMatch(/^Guest data exported: \d+ records$/);
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('rosalind');
  });

  it('erases the person everywhere, keeps the counts, and records the erasure without the data', async () => {
    expect((await whereTheGuestIsStored(t)).length).toBeGreaterThan(5);
    const before = await counts(t);
    const auditBefore = await auditOf(t);

    const erased = await erase(GUEST.phoneElsewhere);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      bookingsAnonymised: 1,
      christmasBookingsAnonymised: 1,
      christmasReservationsAnonymised: 1,
      enquiriesAnonymised: 1,
      marketingConsentsDeleted: 1,
    });
    expect(erased.json().emailsDeleted).toBeGreaterThanOrEqual(4);
    expect(erased.json().manageLinksDeleted).toBeGreaterThanOrEqual(2);
    expect(erased.json().storedAnswersDeleted).toBe(1);

    expect(await whereTheGuestIsStored(t)).toEqual([]);
    expect(await counts(t)).toEqual(before);
    const [table] = await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, '19:00'));
    expect(table).toMatchObject({
      name: ANONYMISED_NAME,
      partyAdults: 2,
      partyChildren: 1,
      status: 'CONFIRMED',
    });
    expect(table?.anonymisedAt).toEqual(NOW);
    const [other] = await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, '19:30'));
    expect(other).toMatchObject({ name: 'Bartholomew Quince', allergies: 'Shellfish' });

    const added = (await auditOf(t)).slice(auditBefore.length);
    expect(added.map((row) => row.type)).toEqual(['guest.erased']);
    expect(added[0]).toMatchObject({ actorKind: 'staff', subjectType: 'guest', subjectId: null });
    expect(added[0]?.summary).toMatch(/^Guest data erased: 1 bookings, 1 Christmas bookings/);

    for (const q of [GUEST.email, GUEST.phone]) {
      const data = (await search(q)).json() as GuestData;
      expect([data.bookings, data.christmasBookings, data.enquiries, data.emails].flat()).toEqual([]);
    }
  });
});
