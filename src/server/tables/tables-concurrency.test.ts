import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { doubleBooked } from '#shared/tables/assignment.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { saveTables, storedSittings, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { postgres, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';

const GUESTS_RACING = 50;
/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');

describe.skipIf(!postgres)('guests and staff race for the same tables (PostgreSQL, issue 28)', () => {
  const t = useTestApp(postgres as TestDatabaseTarget, NOW, { signedIn: true });

  /** A guest's booking through the public form, from an address of its own. */
  const guestBooking = (date: string, index: number, partyAdults: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: `198.51.100.${index + 1}`,
      payload: tableBookingRequest(date, {
        name: `Guest ${index + 1}`,
        email: `guest${index + 1}@example.com`,
        partyAdults,
      }),
    });

  it(`seats ${GUESTS_RACING} guests racing for the last tables of a slot once each, and turns the rest away`, async () => {
    const date = '2026-12-08';
    const tables = Array.from({ length: 10 }, (_, index) => table(`t${index + 1}`, 1, 4));
    await saveTables(t, { tables });
    // Four tables are taken before the race: six are left for it.
    for (let index = 0; index < 4; index++) {
      expect((await guestBooking(date, 100 + index, 2)).statusCode).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: GUESTS_RACING }, (_, index) => guestBooking(date, index, 1 + (index % 4))),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(GUESTS_RACING - 6);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: BOOKING_MESSAGES.slotFull });
    }
    const sittings = await storedSittings(t, date);
    expect(sittings).toHaveLength(10);
    expect(new Set(sittings.flatMap((sitting) => sitting.tables)).size).toBe(10);
    expect(doubleBooked(sittings)).toBeNull();
  });

  it('lets one of staff moving bookings and guests booking onto the same free table have it', async () => {
    const date = '2026-12-09';
    // Guests may have table A alone; the staff-only tables hold the bookings staff try to move onto it.
    const staffTables = ['b', 'c', 'd', 'e', 'f'];
    await saveTables(t, {
      tables: [table('a', 1, 4), ...staffTables.map((id) => table(id, 1, 4, 'staff'))],
    });
    const held: StoredBooking[] = [];
    for (const placeId of staffTables) {
      const response = await t.asStaff({
        method: 'POST',
        url: '/api/admin/bookings',
        payload: { ...tableBookingRequest(date), source: 'phone', notifyGuest: false, placeId },
      });
      expect(response.statusCode, response.body).toBe(201);
      held.push(response.json() as StoredBooking);
    }
    const moves = held.map((booking) =>
      t.asStaff({ method: 'PATCH', url: `/api/bookings/${booking._id}`, payload: { placeId: 'a' } }),
    );
    const bookings = Array.from({ length: 10 }, (_, index) => guestBooking(date, index, 2));
    const [moved, booked] = await Promise.all([Promise.all(moves), Promise.all(bookings)]);

    expect(moved.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    expect(booked.every((answer) => [201, 409].includes(answer.statusCode))).toBe(true);
    const winners =
      moved.filter((answer) => answer.statusCode === 200).length +
      booked.filter((answer) => answer.statusCode === 201).length;
    expect(winners).toBe(1);
    const onA = (await storedSittings(t, date)).filter((sitting) => sitting.tables.includes('a'));
    expect(onA).toHaveLength(1);
    expect(doubleBooked(await storedSittings(t, date))).toBeNull();
    // A move that lost kept its booking where it was.
    for (const [index, answer] of moved.entries()) {
      const booking = held[index] as StoredBooking;
      const expected = answer.statusCode === 200 ? ['a'] : [staffTables[index]];
      expect(await storedTablesOf(t, booking._id)).toEqual(expected);
    }
  });
});
