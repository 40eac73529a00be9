import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease, selectChristmasBookings } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** The season as the previous release kept it: labels typed by staff, and the late sitting moved to 3pm. */
const typedSeason = {
  year: 2026,
  date: '2026-12-25',
  sittings: [
    {
      id: 'xmas-early',
      label: '12:00 – 2:00 PM',
      promoLabel: '12–2pm',
      start: '12:00',
      end: '14:00',
      capacity: 30,
    },
    {
      id: 'xmas-late',
      label: 'Three till half five',
      promoLabel: '3–5:30',
      start: '15:00',
      end: '17:30',
      capacity: 32,
    },
  ],
};

/** Issue 27's migration on a database the previous release made and filled. */
describe('migration 0016: the bookings say their sitting by its times', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0015_christmas_deposit_method'));
    await database.db.execute(sql`
      insert into content_versions (key, version, document)
      values ('christmas-season', 1, ${JSON.stringify({ ...typedSeason, sittings: [] })}::jsonb),
        ('christmas-season', 2, ${JSON.stringify(typedSeason)}::jsonb)`);
    await database.db.execute(sql`
      insert into christmas_bookings (reference, sitting_id, sitting_label, name, email, phone, party_adults,
        party_children, party_size, selections, total_pence, source)
      values
        ('XMAS-OLD1', 'xmas-early', '12:00 – 2:00 PM', 'Arthur Pennington', 'arthur@example.com',
          '0118 496 0555', 2, 0, 2, '{"starters":[],"mains":[],"desserts":[]}', 19000, 'phone'),
        ('XMAS-OLD2', 'xmas-late', 'Three till half five', 'Edith Crawley', 'edith@example.com',
          '0118 496 0556', 2, 1, 3, '{"starters":[],"mains":[],"desserts":[]}', 24000, 'online')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('writes each booking’s sitting from the newest season’s times, as the shared formatter does', async () => {
    const rows = await selectChristmasBookings(database.db, undefined, {
      orderBy: [asc(occasionBookings.reference)],
    });
    expect(rows.map(({ reference, sittingLabel }) => ({ reference, sittingLabel }))).toEqual([
      { reference: 'XMAS-OLD1', sittingLabel: '12pm–2pm' },
      { reference: 'XMAS-OLD2', sittingLabel: '3pm–5:30pm' },
    ]);
  });
});
