import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** Tuesday 1 December 2026, 10:00 in London; the Tuesday after has dinner. */
const NOW = new Date('2026-12-01T10:00:00Z');
const TUESDAY = '2026-12-08';
const SLOT = '19:00';

let bookingNumber = 0;

/** A booking written straight into the table, as another process (or a person at psql) would. */
async function insertBooking({ database }: TestApp, guests: number) {
  bookingNumber += 1;
  await database.db.execute(sql`
    insert into bookings (reference, date, service, time_slot, name, email, phone, party_adults, party_children, status)
    values (${`RC-CACHE${bookingNumber}`}, ${TUESDAY}, 'dinner', ${SLOT}, 'Regular', 'regular@example.com',
      '07700 900000', ${guests}, 0, 'CONFIRMED')`);
}

async function remaining({ app }: TestApp): Promise<number | undefined> {
  const answer = await app.inject({ method: 'GET', url: `/api/availability?date=${TUESDAY}` });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { time: string; remaining: number }[]).find((slot) => slot.time === SLOT)
    ?.remaining;
}

async function within(milliseconds: number, check: () => Promise<boolean>): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < milliseconds) {
    if (await check()) return true;
    await new Promise((wait) => setTimeout(wait, 10));
  }
  return check();
}

for (const target of databaseTargets) {
  describe(`public reads from memory on ${target.name}`, () => {
    let running: TestApp;

    beforeEach(async () => {
      running = await startTestApp(target, NOW);
      await within(5_000, async () => running.app.tableChanges.live);
    });

    afterEach(async () => {
      await running.close();
    });

    it('answers a date from memory, and again from the database within a second of any change to it', async () => {
      const before = await remaining(running);
      expect(before).toBeGreaterThan(0);
      // Without its announcement a change stays unseen: the answer comes from memory.
      await running.database.db.execute(sql`alter table bookings disable trigger bookings_changed`);
      await insertBooking(running, 2);
      expect(await remaining(running)).toBe(before);
      await running.database.db.execute(sql`alter table bookings enable trigger bookings_changed`);

      await insertBooking(running, 3);
      expect(await within(1_000, async () => (await remaining(running)) === (before ?? 0) - 5)).toBe(true);
    });

    it('shows a new event on the events list within a second', async () => {
      const titles = async () =>
        (
          (await running.app.inject({ method: 'GET', url: '/api/events/upcoming' })).json() as {
            title: string;
          }[]
        ).map((event) => event.title);
      expect(await titles()).not.toContain('Cache quiz');
      await running.database.db.execute(sql`
        insert into events (title, slug, date, time, summary, cover)
        values ('Cache quiz', 'cache-quiz', ${TUESDAY}, '20:00', 'A quiz.', '/images/quiz.jpg')`);
      expect(await within(1_000, async () => (await titles()).includes('Cache quiz'))).toBe(true);
    });
  });
}

const postgres = databaseTargets.find((target) => target.name === 'postgres');

describe.skipIf(!postgres)('public reads when the listening connection drops', () => {
  let running: TestApp;

  beforeEach(async () => {
    running = await startTestApp(postgres as (typeof databaseTargets)[number], NOW);
    await within(5_000, async () => running.app.tableChanges.live);
  });

  afterEach(async () => {
    await running.close();
  });

  it('forgets what it held and listens again, so a change made meanwhile is not missed', async () => {
    const before = await remaining(running);
    await running.database.db.execute(sql`alter table bookings disable trigger bookings_changed`);
    await running.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`);
    expect(await within(2_000, async () => !running.app.tableChanges.live)).toBe(true);
    // Not announced, and made while nobody listened.
    await insertBooking(running, 2);
    expect(await within(5_000, async () => running.app.tableChanges.live)).toBe(true);
    expect(await remaining(running)).toBe((before ?? 0) - 2);
  });
});
