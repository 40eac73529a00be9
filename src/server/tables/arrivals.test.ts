import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/audit/types.ts';
import { ARRIVAL_MESSAGES } from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { bookTable, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { saveTables, staffTableBooking, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Tuesday 8 December 2026, midday in London (GMT): the night's bookings are taken. */
const TUESDAY = '2026-12-08';
const MIDDAY = new Date(`${TUESDAY}T12:00:00Z`);
const at = (time: string) => new Date(`${TUESDAY}T${time}:00Z`);

describe.each(databaseTargets)('staff mark arrivals on $name', (target) => {
  const t = useTestApp(target, MIDDAY, { per: 'test', signedIn: true });

  /** One online table for six, and a bar table kept for walk-ins. */
  async function tablesMode() {
    await saveTables(t, { tables: [table('t1', 1, 6), table('bar', 1, 4, 'walk-in')] });
  }

  async function phoneBooking(overrides: Record<string, unknown> = {}) {
    const response = await staffTableBooking(t, TUESDAY, {
      timeSlot: '18:00',
      partyAdults: 5,
      placeId: 't1',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { _id: string })._id;
  }

  const mark = (id: string, payload: object) =>
    t.asStaff({ method: 'POST', url: `/api/admin/bookings/${id}/arrival`, payload });

  async function marked(id: string, payload: object, now: Date): Promise<TablesDayBooking> {
    t.setNow(now);
    const response = await mark(id, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TablesDayBooking;
  }

  async function refused(id: string, payload: object, now: Date) {
    t.setNow(now);
    const response = await mark(id, payload);
    expect(response.statusCode).toBe(409);
    return (response.json() as { error: string }).error;
  }

  it('marks arrived, seated and left with the clock’s times, each in the booking’s history', async () => {
    await tablesMode();
    const id = await phoneBooking();
    expect(await marked(id, { step: 'arrived' }, at('18:02'))).toMatchObject({
      id,
      tables: ['t1'],
      arrivedAt: at('18:02').toISOString(),
      seatedAt: null,
    });
    expect(await marked(id, { step: 'seated' }, at('18:06'))).toMatchObject({
      arrivedAt: at('18:02').toISOString(),
      seatedAt: at('18:06').toISOString(),
    });
    const left = await marked(id, { step: 'left' }, at('19:15'));
    expect(left).toMatchObject({ leftAt: at('19:15').toISOString(), start: 18 * 60, end: 19 * 60 + 15 });

    const history = (await t.asStaff({ method: 'GET', url: `/api/admin/bookings/${id}/history` })).json();
    const arrivals = (history as AuditEntry[]).filter((entry) => entry.type === 'booking.arrival');
    expect(arrivals.map((entry) => [entry.actorName, entry.at, entry.summary])).toEqual(
      expect.arrayContaining([
        ['landlord', at('18:02').toISOString(), expect.stringMatching(/arrived, 6:02pm$/)],
        ['landlord', at('18:06').toISOString(), expect.stringMatching(/seated, 6:06pm$/)],
        ['landlord', at('19:15').toISOString(), expect.stringMatching(/left, 7:15pm$/)],
      ]),
    );
    expect(arrivals).toHaveLength(3);
  });

  it('seats a party that was not marked arrived: seating is arriving too', async () => {
    await tablesMode();
    const id = await phoneBooking();
    const seated = await marked(id, { step: 'seated' }, at('18:04'));
    expect(seated).toMatchObject({
      arrivedAt: at('18:04').toISOString(),
      seatedAt: at('18:04').toISOString(),
    });
    expect(await refused(id, { step: 'arrived' }, at('18:05'))).toBe(
      ARRIVAL_MESSAGES.alreadyMarked('arrived', formatTime('18:04')),
    );
  });

  it('refuses what makes no sense, in words', async () => {
    await tablesMode();
    const id = await phoneBooking();
    expect(await refused(id, { step: 'left' }, at('18:30'))).toBe(ARRIVAL_MESSAGES.leftBeforeArrived);
    expect(await refused(id, { step: 'no-show' }, at('18:14'))).toBe(
      ARRIVAL_MESSAGES.noShowEarly(formatTime('18:15')),
    );
    expect(await refused(id, { step: 'arrived', undo: true }, at('18:14'))).toBe(
      ARRIVAL_MESSAGES.undoNotLast('arrived'),
    );
    expect((await mark(id, { step: 'gone' })).statusCode).toBe(400);
    expect((await mark('not-a-booking', { step: 'arrived' })).statusCode).toBe(404);

    const tomorrow = await phoneBooking({ date: '2026-12-09', timeSlot: '19:00', partyAdults: 2 });
    expect(await refused(tomorrow, { step: 'arrived' }, at('18:30'))).toBe(ARRIVAL_MESSAGES.futureDay);

    const cancel = await t.asStaff({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      payload: { status: 'CANCELLED', notifyGuest: false },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await refused(id, { step: 'arrived' }, at('18:30'))).toBe(ARRIVAL_MESSAGES.cancelled);
  });

  it('offers a no-show only after the grace time, and takes one back when the party comes after all', async () => {
    await tablesMode();
    const id = await phoneBooking();
    const noShow = await marked(id, { step: 'no-show' }, at('18:15'));
    expect(noShow.noShowAt).toBe(at('18:15').toISOString());
    expect(await refused(id, { step: 'arrived' }, at('18:20'))).toBe(ARRIVAL_MESSAGES.noShowMarked);
    const undone = await marked(id, { step: 'no-show', undo: true }, at('18:21'));
    expect(undone).toMatchObject({ noShowAt: null, tables: ['t1'] });
    expect((await marked(id, { step: 'arrived' }, at('18:22'))).arrivedAt).toBe(at('18:22').toISOString());
    expect(await refused(id, { step: 'no-show' }, at('18:23'))).toBe(ARRIVAL_MESSAGES.noShowArrived);
  });

  it('frees the table when the party leaves: a guest online then gets it for its time', async () => {
    await tablesMode();
    // Five keep Table 1 from 6pm to 8pm: a couple's 7:30pm table time (to 9pm) overlaps it.
    const patel = await phoneBooking();
    await marked(patel, { step: 'seated' }, at('18:05'));
    t.setNow(at('18:20'));
    expect(await coversLeft(t, TUESDAY, '19:30', 2)).toBe(0);

    await marked(patel, { step: 'left' }, at('18:25'));
    expect(await coversLeft(t, TUESDAY, '19:30', 2)).toBeGreaterThanOrEqual(2);
    const guest = await bookTable(t, tableBookingRequest(TUESDAY, { timeSlot: '19:30' }));
    expect(await storedTablesOf(t, guest._id)).toEqual(['t1']);
  });

  it('refuses to take back a departure once the table went to someone else', async () => {
    await tablesMode();
    const patel = await phoneBooking();
    await marked(patel, { step: 'seated' }, at('18:05'));
    await marked(patel, { step: 'left' }, at('18:40'));
    const walkIn = await t.asStaff({
      method: 'POST',
      url: '/api/admin/tables/walk-ins',
      payload: { partyAdults: 2, partyChildren: 0, placeId: 't1', name: 'Okafor' },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(await refused(patel, { step: 'left', undo: true }, at('18:45'))).toBe(
      ARRIVAL_MESSAGES.undoClash('Okafor'),
    );
    const day = await t.asStaff({ method: 'GET', url: `/api/admin/tables/day?date=${TUESDAY}` });
    const stored = (day.json() as { bookings: TablesDayBooking[] }).bookings.find(
      (each) => each.id === patel,
    );
    expect(stored?.leftAt).toBe(at('18:40').toISOString());
  });
});
