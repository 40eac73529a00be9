import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, closures } from '#db/schema.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { newReference } from '../lib/references.ts';

/** Monday 1 June 2026, 10:00 in London. */
const NOW = new Date('2026-06-01T09:00:00Z');

function storedBooking(date: string, timeSlot: string, status: 'PENDING' | 'CONFIRMED' | 'CANCELLED') {
  return {
    reference: newReference('RC'),
    date,
    service: timeSlot < '17:00' ? ('lunch' as const) : ('dinner' as const),
    timeSlot,
    name: 'Guest',
    email: 'guest@example.com',
    phone: '07700 900000',
    partyAdults: 2,
    partyChildren: 0,
    status,
  };
}

describe.each(databaseTargets)('GET /api/availability on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
  });
  afterAll(() => t.close());

  async function slotsOf(date: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/availability?date=${date}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { service: string; time: string; closed: boolean; remaining: number }[];
  }

  it('answers 304 to a revalidation until a booking changes the slots', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/availability?date=2026-06-10' });
    const etag = String(first.headers.etag);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/availability?date=2026-06-10',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    await t.database.db
      .insert(closures)
      .values({ date: '2026-06-10', service: 'dinner', reason: 'Staff party' });
    // Written past the server, as another process would: its announcement is heard a moment after.
    await t.app.tableChanges.caughtUp();
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/availability?date=2026-06-10',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('lists a Tuesday’s lunch and dinner slots in the spec’s shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/availability?date=2026-06-09' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const slots = response.json();
    expect(slots).toHaveLength(16);
    expect(slots[0]).toEqual({ service: 'lunch', time: '12:00', closed: false, remaining: 24 });
    expect(slots[15]).toEqual({ service: 'dinner', time: '21:30', closed: false, remaining: 24 });
  });

  it('lists Sunday lunch only and nothing on a Monday', async () => {
    const sunday = await slotsOf('2026-06-07');
    expect(sunday.map((slot) => slot.service)).toEqual(Array(8).fill('lunch'));
    expect(await slotsOf('2026-06-08')).toEqual([]);
  });

  it.each(['', 'date=', 'date=tomorrow', 'date=2026-02-30', 'date=2026-6-9', 'date=2026-06-09T19:00'])(
    'answers 400 JSON for ?%s',
    async (query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe('string');
    },
  );

  it('offers nothing before today or past 180 days ahead (London)', async () => {
    expect(await slotsOf('2026-05-30')).toEqual([]);
    expect(await slotsOf('2026-12-01')).toEqual([]);
    expect(await slotsOf('2026-11-28')).toHaveLength(16);
  });

  it('closes the slots of a service with a closure row, and only those', async () => {
    await t.database.db
      .insert(closures)
      .values({ date: '2026-06-10', service: 'dinner', reason: 'Staff party' });
    // Written past the server, as another process would: its announcement is heard a moment after.
    await t.app.tableChanges.caughtUp();
    const slots = await slotsOf('2026-06-10');
    expect(slots.filter((slot) => slot.closed).map((slot) => slot.time)).toEqual([
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
    ]);
    expect(slots.filter((slot) => slot.service === 'lunch').every((slot) => !slot.closed)).toBe(true);
  });

  it('counts pending and confirmed bookings of that date and slot, not cancelled ones', async () => {
    await t.database.db
      .insert(bookings)
      .values([
        storedBooking('2026-06-11', '19:00', 'CONFIRMED'),
        storedBooking('2026-06-11', '19:00', 'PENDING'),
        storedBooking('2026-06-11', '19:00', 'CANCELLED'),
        storedBooking('2026-06-11', '12:30', 'CONFIRMED'),
        storedBooking('2026-06-12', '19:00', 'CONFIRMED'),
      ]);
    const slots = await slotsOf('2026-06-11');
    const remaining = Object.fromEntries(slots.map((slot) => [slot.time, slot.remaining]));
    // Covers: two tables of two at 19:00 keep them for 90 minutes, into the 19:30 and 20:00 slots.
    expect(remaining['19:00']).toBe(20);
    expect(remaining['19:30']).toBe(20);
    expect(remaining['12:30']).toBe(22);
    expect(remaining['20:30']).toBe(24);
  });

  it('answers GET /api/ping without the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
