import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** Migration 0025 on a database the previous release made and filled. */
describe('migration 0025: an occasion booking’s visit reminder and "Yes, we’re coming"', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0024_occasion_payment_method'));
    await database.db.execute(sql`
      insert into occasion_bookings (reference, occasion_slug, occasion_name, date, sitting_id, sitting_label,
        status, pid, name, email, phone, party_adults, party_children, party_size, total_pence, payment_kind,
        amount_due_pence, paid_pence, source, diner_token, reminded_at)
      values ('OCC-OLD2', 'party-nights', 'Christmas party nights', '2026-12-11', 'dinner', 'Dinner',
        'CONFIRMED', 'pid-old2', 'Arthur Pennington', 'arthur@example.com', '0118 496 0555', 8, 0, 8, 30400,
        'deposit', 8000, 8000, 'online', 'diner-old2', '2026-11-28T10:00:00Z')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('leaves the bookings made before it due their visit reminder, unconfirmed, their pre-order reminder kept', async () => {
    const [old] = await database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.reference, 'OCC-OLD2'));
    expect(old).toMatchObject({
      visitRemindedAt: null,
      comingConfirmedAt: null,
      remindedAt: new Date('2026-11-28T10:00:00Z'),
      paidPence: 8000,
    });
  });
});
