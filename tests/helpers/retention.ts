import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditEvents,
  bookings,
  enquiries,
  idempotencyKeys,
  manageLinks,
  marketingConsents,
  occasionBookings,
  outboxMessages,
} from '../../src/db/schema.ts';
import { selectChristmasBookings, selectReservations } from '../../src/server/christmas/store.ts';
import { GUEST } from './guest-records.ts';
import type { TestApp } from './test-app.ts';

/** 1 December 2026, 10:00 in London: the guest books her table (8 December) and Christmas Day. */
export const BOOKED_AT = new Date('2026-12-01T10:00:00Z');
export const noonOn = (date: string) => new Date(`${date}T12:00:00Z`);

export async function rowsOf(t: TestApp) {
  const { db } = t.database;
  return {
    table: (await db.select().from(bookings)).filter((row) => row.timeSlot === '19:00'),
    other: (await db.select().from(bookings)).filter((row) => row.timeSlot === '19:30'),
    christmas: await selectChristmasBookings(db),
    // The checkouts: a booking taken by phone never was one.
    reservations: await selectReservations(db, eq(occasionBookings.source, 'online')),
    enquiries: await db.select().from(enquiries),
    links: await db.select().from(manageLinks),
    mail: await db.select().from(outboxMessages),
    answers: await db.select().from(idempotencyKeys),
    consents: await db.select().from(marketingConsents),
    retentionAudit: await db.select().from(auditEvents).where(eq(auditEvents.type, 'retention.run')),
  };
}

/** Staff erase the guest (by her e-mail address) with their choice for her upcoming bookings. */
export async function eraseGuest(t: TestApp, cookie: string, upcoming: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/admin/guests/erase',
    headers: { cookie },
    payload: { q: GUEST.email, upcoming },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** The text of every .eml file in the app's outbox folder, in lower case. */
export async function outboxFiles(t: TestApp): Promise<string[]> {
  const folder = join(t.dataDir, 'outbox');
  const names = await readdir(folder).catch(() => []);
  return Promise.all(names.map(async (name) => (await readFile(join(folder, name), 'latin1')).toLowerCase()));
}

/** Moves to noon of `date` and runs that day's retention. */
export async function retentionOn(t: TestApp, date: string) {
  t.setNow(noonOn(date));
  return t.app.retention.runDue();
}
