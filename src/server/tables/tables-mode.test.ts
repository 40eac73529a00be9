import { describe, expect, it } from 'vitest';
import { toMinutes } from '#shared/booking/rules.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES, STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { doubleBooked } from '#shared/tables/assignment.ts';
import { refusalText, TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { bookAndOpenLink, GUESTS, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import {
  saveCoversMode,
  saveTables,
  storedSittings,
  storedTablesOf,
  table,
  tableJoin,
} from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London: every date below is a dinner in the booking window. */
const NOW = new Date('2026-11-22T12:00:00Z');
const FULL = { error: BOOKING_MESSAGES.slotFull };

describe.each(databaseTargets)('tables mode through the API on $name (issue 28)', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });

  const book = (date: string, overrides: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/bookings', payload: tableBookingRequest(date, overrides) });
  const staffBook = (date: string, overrides: Record<string, unknown>) =>
    t.asStaff({
      method: 'POST',
      url: '/api/admin/bookings',
      payload: { ...tableBookingRequest(date, GUESTS.edith), notifyGuest: false, ...overrides },
    });
  const staffChange = (id: string, payload: Record<string, unknown>) =>
    t.asStaff({ method: 'PATCH', url: `/api/bookings/${id}`, payload });
  const booked = async (date: string, overrides: Record<string, unknown> = {}) => {
    const response = await book(date, overrides);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as StoredBooking;
  };

  it('refuses a party of 6 across three twos nobody joined, and seats it on a join staff listed', async () => {
    const date = '2026-12-01';
    const twos = [table('a', 1, 2), table('b', 1, 2), table('c', 1, 2)];
    await saveTables(t, { tables: twos });
    expect(await coversLeft(t, date, '19:00')).toBe(6);
    expect(await coversLeft(t, date, '19:00', 6)).toBe(0);
    const refused = await book(date, { partyAdults: 6 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(FULL);

    await saveTables(t, { tables: twos, joins: [tableJoin(['a', 'b', 'c'], 5, 6)] });
    expect(await coversLeft(t, date, '19:00', 6)).toBeGreaterThanOrEqual(6);
    const party = await booked(date, { partyAdults: 6 });
    expect(await storedTablesOf(t, party._id)).toEqual(['a', 'b', 'c']);
    expect(await coversLeft(t, date, '19:00', 2)).toBe(0);
  });

  it('never offers a walk-in-only table online, nor gives one to staff but for a walk-in', async () => {
    const date = '2026-12-02';
    await saveTables(t, { tables: [table('window', 1, 4), table('bar', 1, 4, 'walk-in')] });
    const guest = await booked(date, { partyAdults: 4 });
    expect(await storedTablesOf(t, guest._id)).toEqual(['window']);
    // Only the bar table is free at 7pm: online, the slot has nothing for anyone.
    expect(await coversLeft(t, date, '19:00', 2)).toBe(0);
    expect(await coversLeft(t, date, '19:00')).toBe(0);
    expect((await book(date)).json()).toEqual(FULL);

    const byPhone = await staffBook(date, { source: 'phone' });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json()).toEqual({ error: STAFF_BOOKING_MESSAGES.coversShort(0, '7pm') });
    const anyway = await staffBook(date, { source: 'phone', overCapacity: true });
    expect(anyway.statusCode).toBe(201);
    expect(await storedTablesOf(t, anyway.json()._id)).toEqual([]);

    const walkIn = await staffBook(date, { source: 'walk-in' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(await storedTablesOf(t, walkIn.json()._id)).toEqual(['bar']);
  });

  it('refuses the 41st cover starting at 7pm online when the kitchen paces 40, with tables to spare', async () => {
    const date = '2026-12-03';
    const tables = Array.from({ length: 12 }, (_, index) => table(`t${index + 1}`, 1, 4));
    await saveTables(t, {
      tables,
      pacing: {
        intervalMinutes: 15,
        lunch: { online: null, staff: null },
        dinner: { online: 40, staff: 60 },
      },
    });
    for (let party = 0; party < 10; party++) await booked(date, { partyAdults: 4 });
    expect(await coversLeft(t, date, '19:00', 1)).toBe(0);
    const fortyFirst = await book(date, { partyAdults: 1 });
    expect(fortyFirst.statusCode).toBe(409);
    expect(fortyFirst.json()).toEqual(FULL);
    // Two tables are still free: a party starting in another interval is seated, and staff pace to 60.
    expect(
      await storedTablesOf(t, (await booked(date, { timeSlot: '19:30', partyAdults: 1 }))._id),
    ).toHaveLength(1);
    const byStaff = await staffBook(date, { source: 'phone', partyAdults: 1 });
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    expect(await storedTablesOf(t, byStaff.json()._id)).toHaveLength(1);
  });

  it('offers a party a slot exactly when a booking for it then succeeds', async () => {
    const date = '2026-12-04';
    await saveTables(t, {
      tables: [
        table('a', 1, 2),
        table('b', 1, 2),
        table('c', 2, 4),
        table('d', 4, 6, 'staff'),
        table('e', 1, 4, 'walk-in'),
      ],
      joins: [tableJoin(['a', 'b'], 3, 4)],
    });
    const probes: [string, number][] = [
      ['19:00', 2],
      ['19:00', 5],
      ['19:00', 4],
      ['19:00', 3],
      ['19:00', 2],
      ['19:00', 1],
      ['18:00', 4],
      ['18:30', 3],
      ['20:00', 2],
      ['20:30', 4],
      ['20:30', 4],
      ['21:00', 6],
      ['21:30', 2],
    ];
    const outcomes: boolean[] = [];
    for (const [timeSlot, party] of probes) {
      const offered = ((await coversLeft(t, date, timeSlot, party)) ?? 0) >= party;
      const answer = await book(date, { timeSlot, partyAdults: party });
      expect(answer.statusCode === 201, `${party} at ${timeSlot}: ${answer.body}`).toBe(offered);
      if (!offered) expect(answer.json()).toEqual(FULL);
      outcomes.push(offered);
    }
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
    expect(doubleBooked(await storedSittings(t, date))).toBeNull();
  });

  it('refuses a staff move onto a taken table with the reason, and stores a move to a free one', async () => {
    const date = '2026-12-05';
    await saveTables(t, { tables: [table('a', 1, 4), table('b', 1, 4), table('c', 1, 4)] });
    const margaret = await booked(date);
    const edith = await booked(date, GUESTS.edith);
    expect(await storedTablesOf(t, margaret._id)).toEqual(['a']);
    expect(await storedTablesOf(t, edith._id)).toEqual(['b']);

    const ontoTaken = await staffChange(edith._id, { placeId: 'a' });
    expect(ontoTaken.statusCode).toBe(409);
    const taken = { kind: 'taken', from: toMinutes('19:00'), by: GUESTS.margaret.name, table: 'a' } as const;
    expect(ontoTaken.json()).toEqual({ error: TABLES_MESSAGES.placeRefused('Table A', refusalText(taken)) });
    expect(ontoTaken.json().error).toBe(
      'Table A cannot take this booking: Taken from 7pm by Margaret Ellis.',
    );
    expect(await storedTablesOf(t, edith._id)).toEqual(['b']);

    const ontoFree = await staffChange(edith._id, { placeId: 'c' });
    expect(ontoFree.statusCode, ontoFree.body).toBe(200);
    expect(await storedTablesOf(t, edith._id)).toEqual(['c']);
    expect(await storedTablesOf(t, margaret._id)).toEqual(['a']);
    // The move is in the booking's history, from table to table.
    const history = await t.asStaff({ method: 'GET', url: `/api/admin/bookings/${edith._id}/history` });
    const [moved] = history.json();
    expect(moved.changes).toEqual({ tables: { before: 'b', after: 'c' } });
  });

  it('keeps a guest’s own table through a change it still fits, and places it again when it does not', async () => {
    const date = '2026-12-08';
    await saveTables(t, { tables: [table('a', 1, 4), table('b', 1, 2), table('c', 5, 6)] });
    const request = tableBookingRequest(date, { ...GUESTS.edith, partyAdults: 3 });
    const { id, token } = await bookAndOpenLink(t, request);
    expect(await storedTablesOf(t, id)).toEqual(['a']);
    const change = async (partyAdults: number) => {
      const opened = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      const { name, phone, email, ...fields } = { ...request, partyAdults };
      const answer = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/manage/${token}`,
        payload: { ...fields, allergies: '', specialNotes: '', version: opened.json().booking.updatedAt },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    // Two would be given the smaller table B if booked now; the change keeps the table the party has.
    await change(2);
    expect(await storedTablesOf(t, id)).toEqual(['a']);
    await change(6);
    expect(await storedTablesOf(t, id)).toEqual(['c']);
    expect(await coversLeft(t, date, '19:00', 4)).toBeGreaterThanOrEqual(4);
  });

  it('frees a cancelled booking’s table: the slot is bookable again', async () => {
    const date = '2026-12-09';
    await saveTables(t, { tables: [table('solo', 1, 4)] });
    const first = await booked(date);
    expect(await coversLeft(t, date, '19:00', 2)).toBe(0);
    expect(await coversLeft(t, date, '20:00', 2)).toBe(0);
    const cancelled = await staffChange(first._id, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await coversLeft(t, date, '19:00', 2)).toBe(4);
    const second = await booked(date, GUESTS.edith);
    expect(await storedTablesOf(t, second._id)).toEqual(['solo']);
  });

  it('leaves covers mode as it was: counted by covers, no tables stored', async () => {
    const date = '2026-12-10';
    await saveCoversMode(t);
    expect((await t.app.content.current()).tables.mode).toBe('covers');
    const guest = await booked(date, { partyAdults: 6 });
    expect(await storedTablesOf(t, guest._id)).toEqual([]);
    expect(await coversLeft(t, date, '19:00')).toBe(24 - 6);
    const byStaff = await staffBook(date, { source: 'walk-in', partyAdults: 3 });
    expect(byStaff.statusCode).toBe(201);
    expect(await storedTablesOf(t, byStaff.json()._id)).toEqual([]);
    expect(await coversLeft(t, date, '19:00')).toBe(24 - 9);
    const choice = await staffChange(guest._id, { placeId: 'solo' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().error).toBe(TABLES_MESSAGES.coversMode);
  });
});
