import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '#db/client.ts';
import { outboxMessages } from '#db/schema.ts';
import { startAppOn } from '#tests/helpers/app-on-database.ts';
import { parseMail } from '#tests/helpers/mime.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { BOOKED_AT, hoursBefore, isReminder, TUESDAY, TUESDAY_7PM } from '#tests/helpers/reminders.ts';
import { GUESTS, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, postgres, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';

const NOW = BOOKED_AT;

/** Guests book Tuesday's 7pm table (Edith Crawley unless a test says otherwise). */
const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(TUESDAY, { ...GUESTS.edith, ...overrides });

describe.each(databaseTargets)('reminders across a restart on $name', (target) => {
  it('are not sent again by the server that starts next', async () => {
    const database = await target.open();
    await database.migrate();
    let now = NOW;
    const first = await startAppOn(database, () => now);
    try {
      const booked = await first.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: guestBooking(),
      });
      expect(booked.statusCode).toBe(201);
      now = hoursBefore(TUESDAY_7PM, 40);
      expect(await first.app.reminders.runDue()).toBe(1);
    } finally {
      await first.close();
    }
    now = hoursBefore(TUESDAY_7PM, 39);
    const next = await startAppOn(database, () => now);
    try {
      expect(await next.app.reminders.runDue()).toBe(0);
      const reminders = await database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'table-booking-reminder'));
      expect(reminders).toHaveLength(1);
    } finally {
      await next.close();
      await database.dispose();
    }
  });
});

// Two server processes are two connection pools on one database: each booking's claim lets only one send.
describe.skipIf(!postgres)('reminders from two servers on one PostgreSQL database', () => {
  const BOOKINGS = 10;

  it('sends each booking exactly one reminder while both run passes at once', async () => {
    const shared = await (postgres as TestDatabaseTarget).open();
    await shared.migrate();
    const second = await openPostgres(shared.url ?? '');
    let now = NOW;
    const servers = [await startAppOn(shared, () => now), await startAppOn(second, () => now)] as const;
    try {
      for (let guest = 0; guest < BOOKINGS; guest++) {
        const booked = await (guest % 2 === 0 ? servers[0] : servers[1]).app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: guestBooking({
            email: `guest${guest}@example.com`,
            timeSlot: guest < 5 ? '19:00' : '20:00',
          }),
        });
        expect(booked.statusCode).toBe(201);
      }
      now = hoursBefore(TUESDAY_7PM, 40);
      const race = () => Promise.all(servers.map((server) => server.app.reminders.runDue()));
      const [first, second] = await race();
      expect((first ?? 0) + (second ?? 0)).toBe(BOOKINGS);
      expect(await race()).toEqual([0, 0]);

      await Promise.all(servers.map((server) => deliverQueuedMail(server.app)));
      const delivered = servers
        .flatMap((server) => {
          const folder = join(server.dataDir, 'outbox');
          return readdirSync(folder).map((file) => parseMail(readFileSync(join(folder, file), 'utf8')));
        })
        .filter(isReminder);
      expect(delivered).toHaveLength(BOOKINGS);
      expect(new Set(delivered.map((mail) => mail.headers.get('to')))).toHaveProperty('size', BOOKINGS);
    } finally {
      for (const server of servers) await server.close();
      await second.close();
      await shared.dispose();
    }
  });
});
