import { count, eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { auditEvents, bookings, enquiries, occasionBookings, schema } from '../../src/db/schema.ts';
import { selectChristmasBookings, selectReservations } from '../../src/server/christmas/store.ts';
import { GUEST, NOTES } from './guest-records.ts';
import type { TestApp } from './test-app.ts';

/** Every value of every row of every table, as text: what a search of the whole database would see. */
export async function everyStoredValue(t: TestApp): Promise<{ where: string; text: string }[]> {
  const found: { where: string; text: string }[] = [];
  for (const table of Object.values(schema) as PgTable[]) {
    const { name } = getTableConfig(table);
    const rows = (await t.database.db.select().from(table)) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        found.push({ where: `${name}.${column}`, text });
      }
    }
  }
  return found;
}

/** Where the guest's name, e-mail address or phone number (by its digits) is still stored. */
export async function whereTheGuestIsStored(t: TestApp): Promise<string[]> {
  const values = await everyStoredValue(t);
  return values
    .filter(({ text }) => {
      const lower = text.toLowerCase();
      return (
        lower.includes(GUEST.email.toLowerCase()) ||
        lower.includes(GUEST.name.toLowerCase()) ||
        text.replace(/\D/g, '').includes(GUEST.digits) ||
        lower.includes(NOTES.allergies.toLowerCase())
      );
    })
    .map(({ where }) => where);
}

/** How many bookings, Christmas bookings, holds and enquiries there are, and guests booked: what erasure keeps. */
export async function counts(t: TestApp) {
  const { db } = t.database;
  const totalOf = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    bookings: await totalOf(bookings),
    christmasBookings: (await selectChristmasBookings(db)).length,
    christmasReservations: (await selectReservations(db, eq(occasionBookings.source, 'online'))).length,
    enquiries: await totalOf(enquiries),
    guests: (
      await db
        .select({ guests: sql<number>`sum(${bookings.partyAdults} + ${bookings.partyChildren})::int` })
        .from(bookings)
    )[0]?.guests,
  };
}

/** Every entry of the audit trail, oldest first. */
export const auditOf = (t: TestApp) => t.database.db.select().from(auditEvents).orderBy(auditEvents.id);
