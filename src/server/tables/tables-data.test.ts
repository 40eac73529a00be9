import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { bookings, bookingTables } from '#db/schema.ts';
import type { GuestDataExport } from '#shared/privacy/guests.ts';
import { TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { type AppOnDatabase, startAppOn } from '#tests/helpers/app-on-database.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { olderContent } from '#tests/helpers/older-content.ts';
import { databaseAtRelease } from '#tests/helpers/previous-release.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { bookTable, GUESTS, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { saveTables, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const TUESDAY = '2026-12-08';

/**
 * An install of the last release (c373ca9, whose backup is tests/fixtures/previous-release.backup.gz): its
 * schema (last migration 0012), its content documents in their shapes then (no `tables` document) and a booking
 * taken, migrated and started by this version.
 */
describe('an install upgraded from the last release', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  let site: AppOnDatabase;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0012_table_change_notices'));
    const { tables, ...releasedDocuments } = olderContent();
    for (const [key, document] of Object.entries(releasedDocuments)) {
      await database.db.execute(sql`
        insert into content_versions (key, version, document) values (${key}, 1, ${JSON.stringify(document)}::jsonb)`);
    }
    await database.db.execute(sql`
      insert into bookings (reference, date, service, time_slot, name, email, phone, party_adults, party_children)
      values ('RC-OLD001', ${TUESDAY}, 'dinner', '19:00', 'Arthur Pennington', 'arthur@example.com',
        '0118 496 0555', 3, 1)`);
    await database.migrate();
    site = await startAppOn(database, () => NOW);
  });
  afterAll(async () => {
    await site?.close();
    await close?.();
  });

  it('gets the tables document as seeded: covers mode', async () => {
    const { version, document } = await site.app.content.latest('tables');
    expect(version).toBe(1);
    expect(document).toEqual(seedContent.tables);
    expect(document.mode).toBe('covers');
  });

  it('keeps its bookings as they were, with no arrivals and no tables', async () => {
    const [old] = await database.db.select().from(bookings).where(eq(bookings.reference, 'RC-OLD001'));
    expect(old).toMatchObject({ status: 'CONFIRMED', partyAdults: 3, partyChildren: 1 });
    expect(old).toMatchObject({ arrivedAt: null, seatedAt: null, leftAt: null, noShowAt: null });
    expect(await database.db.select().from(bookingTables)).toEqual([]);
  });

  it('answers availability counting the old booking, and takes a booking by covers', async () => {
    const t = { app: site.app, database } as Parameters<typeof coversLeft>[0];
    expect(await coversLeft(t, TUESDAY, '19:00')).toBe(24 - 4);
    const booking = await bookTable(t, tableBookingRequest(TUESDAY, { partyAdults: 2 }));
    expect(booking.reference).toMatch(/^RC-/);
    expect(await coversLeft(t, TUESDAY, '19:00')).toBe(24 - 6);
    const [stored] = await database.db.select({ tables: count() }).from(bookingTables);
    expect(stored?.tables).toBe(0);
  });
});

describe.each(databaseTargets)('a guest’s data and the night of their visit on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });

  it('exports when the guest arrived, sat down and left, and at which tables; a booking not yet visited has none', async () => {
    await saveTables(t, { tables: [table('a', 1, 4), table('b', 1, 4)] });
    const visited = await bookTable(t, tableBookingRequest(TUESDAY, GUESTS.edith));
    const upcoming = await bookTable(t, tableBookingRequest(TUESDAY, { ...GUESTS.edith, timeSlot: '20:00' }));
    const evening = {
      arrivedAt: new Date('2026-12-08T18:58:00Z'),
      seatedAt: new Date('2026-12-08T19:02:00Z'),
      leftAt: new Date('2026-12-08T20:25:00Z'),
    };
    // Marked as staff mark the night (the arrival routes write these columns).
    await t.database.db.update(bookings).set(evening).where(eq(bookings.id, visited._id));
    const file = await t.asStaff({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUESTS.edith.email)}`,
    });
    expect(file.statusCode, file.body).toBe(200);
    const exported = (file.json() as GuestDataExport).bookings;
    expect(exported.find((booking) => booking.id === visited._id)).toMatchObject({
      tables: ['Table A'],
      arrivedAt: evening.arrivedAt.toISOString(),
      seatedAt: evening.seatedAt.toISOString(),
      leftAt: evening.leftAt.toISOString(),
      noShowAt: null,
    });
    expect(exported.find((booking) => booking.id === upcoming._id)).toMatchObject({
      tables: ['Table B'],
      arrivedAt: null,
      seatedAt: null,
      leftAt: null,
      noShowAt: null,
    });
    // A table staff have since removed is named by its id; the search shows what the export does.
    await saveTables(t, { tables: [table('b', 1, 4)] });
    const search = await t.asStaff({
      method: 'GET',
      url: `/api/admin/guests?q=${encodeURIComponent(GUESTS.edith.email)}`,
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = (search.json() as GuestDataExport).bookings;
    expect(found.find((booking) => booking.id === visited._id)?.tables).toEqual(['a']);
  });

  it('refuses a layout without a table that bookings still to come are at, and saves it once they are moved', async () => {
    await saveTables(t, { tables: [table('c', 1, 4), table('d', 1, 4)] });
    const booked = await bookTable(t, tableBookingRequest(TUESDAY, GUESTS.edith));
    expect(await storedTablesOf(t, booked._id)).toEqual(['c']);
    const withoutC = async () => {
      const { version, document } = await t.app.content.latest('tables');
      return t.asStaff({
        method: 'PUT',
        url: '/api/admin/content/tables',
        payload: {
          baseVersion: version,
          document: { ...document, tables: document.tables.filter((each) => each.id !== 'c') },
        },
      });
    };
    const refused = await withoutC();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(TABLES_MESSAGES.tableStillBooked(['Table C'], [booked.reference]));
    expect((await t.app.content.latest('tables')).document.tables.map((each) => each.id)).toEqual(['c', 'd']);

    await t.database.db
      .update(bookingTables)
      .set({ tableId: 'd' })
      .where(eq(bookingTables.bookingId, booked._id));
    const saved = await withoutC();
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.content.latest('tables')).document.tables.map((each) => each.id)).toEqual(['d']);
  });
});
