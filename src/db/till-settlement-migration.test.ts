import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease, selectChristmasBookings } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** Migration 0029 on a database the previous release made and filled. */
describe('migration 0029: what became at the till of money staff took', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0028_christmas_onto_occasions'));
    // A cancelled occasion phone booking paid in cash, and a cancelled Christmas Day one whose deposit staff took.
    await database.db.execute(sql`
      insert into occasion_bookings (reference, occasion_slug, occasion_name, date, sitting_id, sitting_label,
        status, pid, name, email, phone, party_adults, party_children, party_size, total_pence, payment_kind,
        amount_due_pence, paid_pence, payment_method, cancelled_by, source, made_by, diner_token)
      values
        ('OCC-OLD4', 'party-nights', 'Christmas party nights', '2026-12-11', 'dinner', 'Dinner', 'CANCELLED',
          'pid-old4', 'Arthur Pennington', '', '0118 496 0555', 8, 0, 8, 30400, 'deposit', 8000, 8000, 'cash',
          'staff', 'phone', 'Sam', 'diner-old4'),
        ('XMAS-OLD5', 'christmas-day', 'Christmas Day', '2026-12-25', 'xmas-early', '12pm–2pm', 'CANCELLED',
          'pid-old5', 'Cora Grantham', 'cora@example.com', '0118 496 0777', 3, 0, 3, 28500, 'deposit', 7500,
          7500, 'card-by-phone', 'staff', 'phone', 'Sam', 'diner-old5')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('leaves the bookings cancelled before it with nothing recorded at the till', async () => {
    const [occasion] = await database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.reference, 'OCC-OLD4'));
    expect(occasion).toMatchObject({ status: 'CANCELLED', paidPence: 8000, tillRefundPence: null });
    const [christmas] = await selectChristmasBookings(
      database.db,
      eq(occasionBookings.reference, 'XMAS-OLD5'),
    );
    expect(christmas).toMatchObject({ status: 'CANCELLED', depositPaidPence: 7500, tillRefundPence: null });
  });

  it('takes nothing given back (0) or an amount, never less than nothing', async () => {
    await database.db
      .update(occasionBookings)
      .set({ tillRefundPence: 0 })
      .where(eq(occasionBookings.reference, 'OCC-OLD4'));
    await expect(
      database.db.execute(
        sql`update occasion_bookings set till_refund_pence = -1 where reference = 'XMAS-OLD5'`,
      ),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('till_refund_pence_check') }),
    });
  });
});
