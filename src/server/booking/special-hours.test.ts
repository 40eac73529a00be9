import { beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import { BOOKING_MESSAGES, STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { availableSlots } from '#tests/helpers/availability.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { SYSTEM } from '../audit/trail.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
/** Seeded: Christmas Eve, Thursday, open 12:00–18:00. */
const CHRISTMAS_EVE = '2026-12-24';
/** Saved by the test: New Year’s Eve, Thursday, open 12:00–17:00. */
const NEW_YEARS_EVE = '2026-12-31';
const LUNCH_TIMES = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
const DINNER_TIMES = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];

const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(CHRISTMAS_EVE, { timeSlot: '18:00', ...overrides });

const closedTimes = (slots: AvailabilitySlot[]) =>
  slots.filter((slot) => slot.closed).map((slot) => slot.time);

describe.each(databaseTargets)(
  'special opening hours trim the bookable times on $name (issue 26)',
  (target) => {
    const t = useTestApp(target, NOW, { signedIn: true });

    beforeAll(async () => {
      const { version, document } = await t.app.content.latest('venue');
      const newYearsEve = {
        date: NEW_YEARS_EVE,
        label: 'New Year’s Eve',
        closed: false,
        opens: '12:00',
        closes: '17:00',
      };
      await t.app.content.save(
        'venue',
        version,
        { ...document, specialDates: [...document.specialDates, newYearsEve] },
        { email: 'landlord@pub.test', at: NOW, actor: SYSTEM },
      );
    });

    const availability = (date: string, query = '') => availableSlots(t, `date=${date}${query}`);
    const staffAvailability = async (date: string) => {
      const url = `/api/admin/availability?date=${date}&party=2`;
      return (await t.asStaff({ method: 'GET', url })).json() as AvailabilitySlot[];
    };
    const book = (payload: object) => t.app.inject({ method: 'POST', url: '/api/bookings', payload });
    const staffBook = (payload: object) =>
      t.asStaff({
        method: 'POST',
        url: '/api/admin/bookings',
        payload: { source: 'phone', notifyGuest: false, ...payload },
      });

    it('shows dinner closed on a day that shuts at 5pm or 6pm, lunch as usual', async () => {
      for (const date of [NEW_YEARS_EVE, CHRISTMAS_EVE]) {
        const slots = await availability(date, '&party=2');
        // The trimmed times stay in the list, closed, so guests see why they cannot have them.
        expect(slots.map((slot) => slot.time)).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
        expect(closedTimes(slots)).toEqual(DINNER_TIMES);
      }
      // The week before has its usual evening.
      expect(closedTimes(await availability('2026-12-17'))).toEqual([]);
    });

    it('shows the day view’s dinner closed: the public slots it reads, and staff’s own', async () => {
      const dinner = (slots: AvailabilitySlot[]) => slots.filter((slot) => slot.service === 'dinner');
      expect(dinner(await availability(CHRISTMAS_EVE)).every((slot) => slot.closed)).toBe(true);
      expect(dinner(await staffAvailability(CHRISTMAS_EVE)).every((slot) => slot.closed)).toBe(true);
      expect(closedTimes(await staffAvailability(NEW_YEARS_EVE))).toEqual(DINNER_TIMES);
    });

    it('refuses a guest’s booking at 6pm on the shortened day, and takes one at lunch', async () => {
      const refused = await book(guestBooking());
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: BOOKING_MESSAGES.slotClosed });
      const lateOnNewYearsEve = await book(guestBooking({ date: NEW_YEARS_EVE, timeSlot: '21:30' }));
      expect(lateOnNewYearsEve.json()).toEqual({ error: BOOKING_MESSAGES.slotClosed });
      expect((await book(guestBooking({ timeSlot: '15:30' }))).statusCode).toBe(201);
    });

    it('refuses a guest moving their booking to 6pm on the shortened day', async () => {
      const booked = await book(guestBooking({ date: '2026-12-17', timeSlot: '19:00' }));
      expect(booked.statusCode).toBe(201);
      const { manageUrl, updatedAt } = booked.json() as { manageUrl: string; updatedAt: string };
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/manage/${manageUrl.split('/').at(-1)}`,
        // The guest's page sends the version of the booking it shows.
        payload: guestBooking({ allergies: '', specialNotes: '', version: updatedAt }),
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toEqual({ error: BOOKING_MESSAGES.slotClosed });
    });

    it('lets staff book the closed evening only with “Book anyway”', async () => {
      const refused = await staffBook(guestBooking({ timeSlot: '19:00' }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: STAFF_BOOKING_MESSAGES.closed(formatTime('19:00')) });
      const anyway = await staffBook(guestBooking({ timeSlot: '19:00', overCapacity: true }));
      expect(anyway.statusCode).toBe(201);
      expect(anyway.json()).toMatchObject({ date: CHRISTMAS_EVE, timeSlot: '19:00', service: 'dinner' });
      // Moving it later that evening needs staff's say-so again.
      const { _id } = anyway.json() as { _id: string };
      const change = (payload: object) =>
        t.asStaff({ method: 'PATCH', url: `/api/bookings/${_id}`, payload });
      expect((await change({ timeSlot: '20:00' })).statusCode).toBe(409);
      expect((await change({ timeSlot: '20:00', overCapacity: true })).statusCode).toBe(200);
    });
  },
);
