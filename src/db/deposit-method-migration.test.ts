import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseAtRelease,
  selectChristmasBooking,
  updateChristmasBookings,
} from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** Issue 27's migration on a database the previous release made and filled. */
describe('migration 0015: how a phone booking’s deposit was taken', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0014_guest_erasure_requests'));
    await database.db.execute(sql`
      insert into christmas_bookings (reference, sitting_id, sitting_label, name, email, phone, party_adults,
        party_children, party_size, selections, total_pence, source)
      values ('XMAS-OLD1', 'xmas-early', '12:00 – 2:00 PM', 'Arthur Pennington', 'arthur@example.com',
        '0118 496 0555', 2, 0, 2, '{"starters":[],"mains":[],"desserts":[]}', 19000, 'phone')`);
    await database.migrate();
  });
  afterAll(() => close());

  const isOld = eq(occasionBookings.reference, 'XMAS-OLD1');

  it('leaves the bookings made before it with no method recorded', async () => {
    expect(await selectChristmasBooking(database.db, isOld)).toMatchObject({
      depositMethod: null,
      depositPaidPence: 0,
      source: 'phone',
    });
  });

  // Since migration 0028 a Christmas booking's deposit method is its occasion booking's payment method.
  it('keeps the column to the three methods', async () => {
    expect(await updateChristmasBookings(database.db, isOld, { depositMethod: 'cash' })).toMatchObject([
      { depositMethod: 'cash' },
    ]);
    await expect(
      database.db.execute(
        sql`update occasion_bookings set payment_method = 'cheque' where reference = 'XMAS-OLD1'`,
      ),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('payment_method_check') }),
    });
  });
});
