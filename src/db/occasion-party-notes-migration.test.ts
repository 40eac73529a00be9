import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';
import { occasionBookings } from './schema.ts';

/** Migration 0027 on a database the previous release made and filled. */
describe('migration 0027: an occasion party’s own notes, who changed it, why it ended and where it came from', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0026_cancelled_at_and_email_indexes'));
    await database.db.execute(sql`
      insert into occasion_bookings (reference, occasion_slug, occasion_name, date, sitting_id, sitting_label,
        status, pid, name, email, phone, party_adults, party_children, party_size, notes, total_pence,
        payment_kind, amount_due_pence, paid_pence, cancelled_by, source, made_by, diner_token)
      values ('OCC-OLD3', 'party-nights', 'Christmas party nights', '2026-12-11', 'dinner', 'Dinner',
        'CANCELLED', 'pid-old3', 'Arthur Pennington', 'arthur@example.com', '0118 496 0555', 8, 0, 8,
        'Near the fire', 30400, 'deposit', 8000, 8000, 'staff', 'phone', 'Sam', 'diner-old3')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('keeps a booking made before it, with no party notes and nothing yet of who changed it or why', async () => {
    const [old] = await database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.reference, 'OCC-OLD3'));
    expect(old).toMatchObject({
      status: 'CANCELLED',
      notes: 'Near the fire',
      madeBy: 'Sam',
      paidPence: 8000,
      allergies: '',
      occasionNotes: '',
      changedBy: null,
      cancelReason: null,
      utmSource: null,
    });
  });

  it('takes only the reasons it knows for why a checkout ended', async () => {
    await database.db
      .update(occasionBookings)
      .set({ cancelReason: 'unseatable' })
      .where(eq(occasionBookings.reference, 'OCC-OLD3'));
    await expect(
      database.db.execute(
        sql`update occasion_bookings set cancel_reason = 'bored' where reference = 'OCC-OLD3'`,
      ),
    ).rejects.toThrow();
  });
});
