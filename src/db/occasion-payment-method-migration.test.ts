import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** Migration 0024 on a database the previous release made and filled. */
describe('migration 0024: how an occasion phone booking’s payment was taken', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0023_occasion_closures_announced'));
    await database.db.execute(sql`
      insert into occasion_bookings (reference, occasion_slug, occasion_name, date, sitting_id, sitting_label,
        status, pid, name, email, phone, party_adults, party_children, party_size, total_pence, payment_kind,
        amount_due_pence, paid_pence, source, diner_token)
      values ('OCC-OLD1', 'party-nights', 'Christmas party nights', '2026-12-11', 'dinner', 'Dinner',
        'CONFIRMED', 'pid-old', 'Arthur Pennington', '', '0118 496 0555', 8, 0, 8, 30400, 'deposit', 8000,
        5000, 'phone', 'diner-old')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('leaves the bookings made before it with what they paid and no method recorded', async () => {
    const [old] = await database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.reference, 'OCC-OLD1'));
    expect(old).toMatchObject({ paymentMethod: null, paidPence: 5000, source: 'phone' });
  });

  it('keeps the column to the three methods', async () => {
    await database.db
      .update(occasionBookings)
      .set({ paymentMethod: 'card-by-phone' })
      .where(eq(occasionBookings.reference, 'OCC-OLD1'));
    await expect(
      database.db.execute(sql`update occasion_bookings set payment_method = 'cheque'`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('payment_method_check') }),
    });
  });
});
