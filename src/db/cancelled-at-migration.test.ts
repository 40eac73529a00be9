import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAtRelease } from '#tests/helpers/previous-release.ts';
import type { DatabaseHandle } from './client.ts';

/** How PostgreSQL would find `table`'s rows of one e-mail, whatever their case, were it never to scan it whole. */
async function planOf(database: DatabaseHandle, table: string): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(
      sql`explain select * from ${sql.identifier(table)} where lower(email) = ${'ada@example.com'}`,
    );
    return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
}

/** Migration 0026 on a database the previous release made and filled. */
describe('migration 0026: when a table booking was cancelled, and the e-mail indexes', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  const cancelledAtOf = async (reference: string) => {
    const result = await database.db.execute(
      sql`select cancelled_at from bookings where reference = ${reference}`,
    );
    const value = (result as unknown as { rows: { cancelled_at: Date | string | null }[] }).rows[0]
      ?.cancelled_at;
    return value === null || value === undefined ? null : new Date(value).toISOString();
  };

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0025_occasion_visit_reminder'));
    await database.db.execute(sql`
      insert into bookings (id, reference, date, service, time_slot, name, email, phone, party_adults,
        party_children, status, cancelled_by, created_at, updated_at)
      values
        ('00000000-0000-4000-8000-000000000001', 'RC-OLD001', '2026-11-20', 'dinner', '19:00', 'Ada Byron',
          'ada@example.com', '0118 496 0001', 2, 0, 'CANCELLED', 'guest', '2026-11-01T10:00:00Z',
          '2026-11-27T03:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'RC-OLD002', '2026-11-21', 'dinner', '19:00', 'Ben Ames',
          'ben@example.com', '0118 496 0002', 2, 0, 'CANCELLED', 'staff', '2026-11-01T10:00:00Z',
          '2026-11-15T12:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'RC-OLD003', '2026-11-22', 'dinner', '19:00', 'Cai Wen',
          'cai@example.com', '0118 496 0003', 2, 0, 'CONFIRMED', null, '2026-11-01T10:00:00Z',
          '2026-11-16T12:00:00Z')`);
    await database.db.execute(sql`
      insert into audit_events (at, actor_kind, actor_name, type, subject_type, subject_id, summary)
      values ('2026-11-20T09:00:00Z', 'guest', 'Guest', 'booking.cancelled', 'booking',
        '00000000-0000-4000-8000-000000000001', 'RC-OLD001: cancelled')`);
    await database.migrate();
  });
  afterAll(() => close());

  it('dates a cancellation from its trail, else from the booking’s last change, and leaves standing bookings alone', async () => {
    expect(await cancelledAtOf('RC-OLD001')).toBe('2026-11-20T09:00:00.000Z');
    expect(await cancelledAtOf('RC-OLD002')).toBe('2026-11-15T12:00:00.000Z');
    expect(await cancelledAtOf('RC-OLD003')).toBeNull();
  });

  it.each(['bookings', 'occasion_bookings', 'standby_entries'])(
    'finds %s by lower(email) through an index',
    async (table) => {
      expect(await planOf(database, table)).toContain(`${table}_email_idx`);
    },
  );
});

/**
 * The two Christmas tables had theirs too, until migration 0028 moved their rows onto the occasions (whose
 * index is above): on a database as the release of 0026 left it.
 */
describe('migration 0026: the Christmas tables’ e-mail indexes', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await databaseAtRelease('0026_cancelled_at_and_email_indexes'));
  });
  afterAll(() => close());

  it.each(['christmas_bookings', 'christmas_reservations'])(
    'finds %s by lower(email) through an index',
    async (table) => {
      expect(await planOf(database, table)).toContain(`${table}_email_idx`);
    },
  );
});
