import { describe, expect, it } from 'vitest';
import { closures } from '#db/schema.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { availableSlots } from '#tests/helpers/availability.ts';
import { GUESTS, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
/** A Sunday: lunch only, so 7pm is outside the usual services. */
const SUNDAY = '2026-12-13';
/** A Monday: no service at all. */
const MONDAY = '2026-12-14';

function supperClub(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Winter Supper Club',
    slug: 'winter-supper-club',
    date: SUNDAY,
    time: '19:00',
    takesBookings: true,
    bookingCovers: 10,
    ...overrides,
  };
}

const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(SUNDAY, {
    ...GUESTS.edith,
    partyAdults: 4,
    eventSlug: 'winter-supper-club',
    ...overrides,
  });

describe.each(databaseTargets)('events that take bookings, on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });

  async function addEvent(overrides: Record<string, unknown> = {}) {
    const response = await t.asStaff({ method: 'POST', url: '/api/events', payload: supperClub(overrides) });
    expect(response.statusCode).toBe(201);
    return response.json() as { takesBookings: boolean; bookingCovers: number; howToCome: string };
  }
  const slots = (query: string) => availableSlots(t, query);
  const book = (overrides: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/bookings', payload: guestBooking(overrides) });

  it('offers the event’s own time, outside the services, with its own covers', async () => {
    expect(await addEvent()).toMatchObject({ takesBookings: true, bookingCovers: 10 });
    const plain = await slots(`date=${SUNDAY}&party=2`);
    expect(plain.some((slot) => slot.time === '19:00')).toBe(false);
    const withEvent = await slots(`date=${SUNDAY}&party=2&event=winter-supper-club`);
    expect(withEvent.at(-1)).toEqual({
      service: 'dinner',
      time: '19:00',
      closed: false,
      remaining: 10,
      event: 'winter-supper-club',
    });
    // The Sunday roast's slots are all still there.
    expect(withEvent.filter((slot) => slot.service === 'lunch')).toEqual(
      plain.filter((slot) => slot.service === 'lunch'),
    );
  });

  it('books the event at its time until its covers are gone, leaving the regular covers alone', async () => {
    await addEvent();
    const first = await book();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ timeSlot: '19:00', eventSlug: 'winter-supper-club' });
    expect((await book({ partyAdults: 6, name: 'Second party' })).statusCode).toBe(201);
    const full = await book({ partyAdults: 1, name: 'One too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: BOOKING_MESSAGES.slotFull });
    const [eventSlot] = (await slots(`date=${SUNDAY}&event=winter-supper-club`)).filter((slot) => slot.event);
    expect(eventSlot?.remaining).toBe(0);
    // Without the event, 7pm is no time at all on a Sunday.
    const regular = await book({ eventSlug: null, name: 'No event' });
    expect(regular.json()).toEqual({ error: BOOKING_MESSAGES.timeUnavailable });
  });

  it('replaces a regular slot at the same time and books a day without services', async () => {
    await addEvent({ slug: 'burns-night', date: MONDAY, time: '19:30', bookingCovers: 20 });
    await addEvent({ slug: 'tuesday-tasting', date: '2026-12-15', time: '19:00', bookingCovers: 12 });
    const monday = await slots(`date=${MONDAY}&party=2&event=burns-night`);
    expect(monday).toEqual([
      { service: 'dinner', time: '19:30', closed: false, remaining: 20, event: 'burns-night' },
    ]);
    expect(
      (await book({ date: MONDAY, timeSlot: '19:30', eventSlug: 'burns-night', partyAdults: 8 })).statusCode,
    ).toBe(201);
    const tuesday = await slots('date=2026-12-15&party=2&event=tuesday-tasting');
    expect(tuesday.filter((slot) => slot.time === '19:00')).toEqual([
      { service: 'dinner', time: '19:00', closed: false, remaining: 12, event: 'tuesday-tasting' },
    ]);
    await book({ date: '2026-12-15', eventSlug: 'tuesday-tasting', partyAdults: 8 });
    // Eight at the tasting take none of the dinner service's 24 covers at 7pm.
    const dinner = await slots('date=2026-12-15');
    expect(dinner.find((slot) => slot.time === '19:00')?.remaining).toBe(24);
  });

  it('closes with the service its time falls in, and is no slot for an event without bookings', async () => {
    await addEvent();
    await addEvent({ slug: 'carols', time: '18:00', takesBookings: false, howToCome: 'Just turn up.' });
    expect((await slots(`date=${SUNDAY}&event=carols`)).some((slot) => slot.time === '18:00')).toBe(false);
    expect((await slots(`date=${SUNDAY}&event=winter-supper-club`)).find((slot) => slot.event)?.closed).toBe(
      false,
    );
    await t.database.db.insert(closures).values({ date: SUNDAY, service: 'dinner', reason: 'Kitchen' });
    // Written past the server, as another process would: its announcement is heard a moment after.
    await t.app.tableChanges.caughtUp();
    const afterClosure = await slots(`date=${SUNDAY}&event=winter-supper-club`);
    expect(afterClosure.find((slot) => slot.event)?.closed).toBe(true);
    // Within the hour's notice, as a regular slot would be.
    await addEvent({ slug: 'jazz-lunch', date: '2026-11-22', time: '12:30' });
    const today = await slots('date=2026-11-22&event=jazz-lunch');
    expect(today.find((slot) => slot.event)).toMatchObject({ time: '12:30', closed: true });
  });

  it('refuses a malformed event slug in the query', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/availability?date=${SUNDAY}&event=${encodeURIComponent('<script>')}`,
    });
    expect(response.statusCode).toBe(400);
  });
});
