import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/audit/types.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { ARRIVAL_MESSAGES } from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { saveTables, staffTableBooking, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Tuesday 8 December 2026 (GMT), 6:10pm: the bar is filling up. */
const TUESDAY = '2026-12-08';
const NOW = new Date(`${TUESDAY}T18:10:00Z`);

describe.each(databaseTargets)('staff seat walk-ins on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });

  const walkIn = (payload: object) =>
    t.asStaff({ method: 'POST', url: '/api/admin/tables/walk-ins', payload });

  async function tablesMode() {
    await saveTables(t, { tables: [table('t1', 1, 6), table('bar', 1, 4, 'walk-in')] });
  }

  it('seats a party on the table staff chose, as a walk-in booking made by them, arrived and seated now', async () => {
    await tablesMode();
    const response = await walkIn({ partyAdults: 2, partyChildren: 1, placeId: 'bar' });
    expect(response.statusCode, response.body).toBe(201);
    const seated = response.json() as TablesDayBooking;
    expect(seated).toMatchObject({
      name: ARRIVAL_MESSAGES.walkInDefaultName,
      timeSlot: '18:10',
      guests: 3,
      status: 'CONFIRMED',
      source: 'walk-in',
      tables: ['bar'],
      start: 18 * 60 + 10,
      arrivedAt: NOW.toISOString(),
      seatedAt: NOW.toISOString(),
    });
    expect(await storedTablesOf(t, seated.id)).toEqual(['bar']);

    const listed = (await t.asStaff({ method: 'GET', url: `/api/bookings?date=${TUESDAY}` })).json();
    expect(listed as StoredBooking[]).toEqual([
      expect.objectContaining({
        _id: seated.id,
        service: 'dinner',
        email: '',
        phone: '',
        madeBy: 'landlord',
        partyAdults: 2,
        partyChildren: 1,
      }),
    ]);
    const history = await t.asStaff({ method: 'GET', url: `/api/admin/bookings/${seated.id}/history` });
    expect(history.json() as AuditEntry[]).toEqual([
      expect.objectContaining({ type: 'booking.created', actorName: 'landlord', at: NOW.toISOString() }),
    ]);
  });

  it('takes the name staff give', async () => {
    await tablesMode();
    const response = await walkIn({ partyAdults: 2, partyChildren: 0, placeId: 't1', name: ' Okafor ' });
    expect(response.json()).toMatchObject({ name: 'Okafor', tables: ['t1'] });
  });

  it('refuses a table taken before the party’s table time is over, with the reason, and seats nothing', async () => {
    await tablesMode();
    t.setNow(new Date(`${TUESDAY}T12:00:00Z`));
    const booked = await staffTableBooking(t, TUESDAY, { placeId: 't1' });
    expect(booked.statusCode, booked.body).toBe(201);
    t.setNow(NOW);
    // Two sit 90 minutes: from 6:10pm that runs past Patel's 7pm.
    const refused = await walkIn({ partyAdults: 2, partyChildren: 0, placeId: 't1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: TABLES_MESSAGES.placeRefused('Table T1', 'Taken from 7pm by Patel'),
    });
    const day = await t.asStaff({ method: 'GET', url: `/api/admin/tables/day?date=${TUESDAY}` });
    expect((day.json() as { bookings: TablesDayBooking[] }).bookings).toHaveLength(1);

    expect((await walkIn({ partyAdults: 2, partyChildren: 0, placeId: 'bar' })).statusCode).toBe(201);
    const taken = await walkIn({ partyAdults: 1, partyChildren: 0, placeId: 'bar' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: TABLES_MESSAGES.placeRefused('Table BAR', 'Taken from 6:10pm by Walk-in'),
    });
  });

  it('refuses a table too small, an unknown table and an empty party', async () => {
    await tablesMode();
    const tooMany = await walkIn({ partyAdults: 5, partyChildren: 0, placeId: 'bar' });
    expect(tooMany.json()).toEqual({
      error: TABLES_MESSAGES.placeRefused('Table BAR', 'Too small: seats 4 at most'),
    });
    const unknown = await walkIn({ partyAdults: 2, partyChildren: 0, placeId: 'patio' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: TABLES_MESSAGES.unknownPlace });
    const nobody = await walkIn({ partyAdults: 0, partyChildren: 0, placeId: 'bar' });
    expect(nobody.statusCode).toBe(400);
  });

  it('works only in tables mode, and only for signed-in staff', async () => {
    const covers = await walkIn({ partyAdults: 2, partyChildren: 0, placeId: 'table-1' });
    expect(covers.statusCode).toBe(409);
    expect(covers.json()).toEqual({ error: ARRIVAL_MESSAGES.walkInCoversMode });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tables/walk-ins',
      payload: { partyAdults: 2, partyChildren: 0, placeId: 'bar' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
