import { describe, expect, it } from 'vitest';
import type { TablesDayAnswer } from '#shared/tables/day.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { saveTables, staffTableBooking, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { claimTokenIn, mailOf, offersMade, standbyRequest } from './standby-test-kit.ts';

/** Friday 4 December 2026 (London on GMT): dinner, in tables mode. */
const FRIDAY = '2026-12-04';
const at = (time: string) => new Date(`${FRIDAY}T${time}:00Z`);

const CRAWLEYS = { name: 'Robert Crawley', email: 'robert@example.com', partyAdults: 8 };
const SYBIL = { name: 'Sybil Branson', email: 'sybil@example.com', partyAdults: 2 };
const MARY = { name: 'Mary Talbot', email: 'mary@example.com', partyAdults: 2 };

describe.each(databaseTargets)('the standby list in tables mode on $name', (target) => {
  const t = useTestApp(target, at('12:00'), { per: 'test', signedIn: true });

  async function booked(overrides: Record<string, unknown>): Promise<string> {
    const response = await staffTableBooking(t, FRIDAY, overrides);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { _id: string })._id;
  }

  async function arrival(bookingId: string, step: 'seated' | 'left') {
    const response = await t.asStaff({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/arrival`,
      payload: { step },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function joinAt(time: string, guest: Record<string, unknown>) {
    t.setNow(at(time));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/standby',
      payload: standbyRequest({ ...guest, date: FRIDAY, windowStart: '19:00', windowEnd: '19:30' }),
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it('offers a table freed by a party leaving early to the first waiting party it seats, and the claim books that table', async () => {
    // A table for two, one for two to six, one for seven or eight: all taken at 7pm and 7:30pm.
    await saveTables(t, { tables: [table('small', 1, 2), table('big', 2, 6), table('long', 7, 8)] });
    const early = await booked({ name: 'Grantham', timeSlot: '18:00', partyAdults: 5, placeId: 'big' });
    await booked({ name: 'Carson', timeSlot: '19:00', partyAdults: 2, placeId: 'small' });
    await booked({ name: 'Levinson', timeSlot: '19:00', partyAdults: 8, placeId: 'long' });
    // The eight of them first, then two, then two more, each minding 7pm to 7:30pm.
    await joinAt('12:01', CRAWLEYS);
    await joinAt('12:02', SYBIL);
    await joinAt('12:03', MARY);
    await t.app.standby.runDue();
    expect(await offersMade(t)).toEqual([]);

    // The Granthams, five and so at the big table until 8pm, are gone by 6:25pm: 7:30pm is an hour away.
    t.setNow(at('18:00'));
    await arrival(early, 'seated');
    t.setNow(at('18:25'));
    await arrival(early, 'left');
    await t.app.standby.runDue();

    // The big table seats no party of eight, and one party of two takes it: Sybil, who joined before Mary.
    expect(await offersMade(t)).toEqual([
      { email: SYBIL.email, timeSlot: '19:30', state: 'OPEN', offeredBy: null },
    ]);
    const offers = await mailOf(t, 'standby-offer');
    expect(offers.map((mail) => mail.to)).toEqual([SYBIL.email]);

    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/standby/offers/${claimTokenIn(offers[0]?.text ?? '')}/claim`,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const booking = claimed.json() as { _id: string };
    expect(booking).toMatchObject({ source: 'standby', timeSlot: '19:30', email: SYBIL.email });
    expect(await storedTablesOf(t, booking._id)).toEqual(['big']);
    const day = await t.asStaff({ method: 'GET', url: `/api/admin/tables/day?date=${FRIDAY}` });
    expect(day.statusCode, day.body).toBe(200);
    const seated = (day.json() as TablesDayAnswer).bookings.find((each) => each.id === booking._id);
    expect(seated).toMatchObject({ name: SYBIL.name, tables: ['big'], timeSlot: '19:30' });
  });
});
