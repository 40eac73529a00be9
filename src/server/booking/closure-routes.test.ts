import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilitySlot, StoredBooking } from '#shared/booking/schemas.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Monday 1 June 2026, 10:00 in London; Tuesday and Wednesday have lunch and dinner.
const NOW = new Date('2026-06-01T09:00:00Z');
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';

/** Whether every lunch and every dinner slot of the date is closed to guests. */
async function closedServicesOn(t: TestApp, date: string) {
  const slots = (await t.app.inject({ method: 'GET', url: `/api/availability?date=${date}` })).json();
  const closed = (service: string) =>
    (slots as AvailabilitySlot[]).filter((slot) => slot.service === service).every((slot) => slot.closed);
  return { lunch: closed('lunch'), dinner: closed('dinner') };
}

describe.each(databaseTargets)('closures API on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const closedServices = () => closedServicesOn(t, TUESDAY);

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('has no closures to begin with, and both services are open', async () => {
    const response = await send('GET', `/api/closures?date=${TUESDAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(await closedServices()).toEqual({ lunch: false, dinner: false });
  });

  it('closes dinner: every dinner slot is closed for guests, lunch stays open', async () => {
    const response = await send('POST', '/api/closures', {
      date: TUESDAY,
      service: 'dinner',
      reason: ' Kitchen short-staffed ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      closure: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        date: TUESDAY,
        service: 'dinner',
        reason: 'Kitchen short-staffed',
      },
      cancelledBookings: [],
      guestsEmailed: 0,
    });
    expect(await closedServices()).toEqual({ lunch: false, dinner: true });
    const listed = await send('GET', `/api/closures?date=${TUESDAY}`);
    expect(listed.json()).toEqual([response.json().closure]);
  });

  it('closes a service once: closing it again answers the same closure', async () => {
    const [existing] = (await send('GET', `/api/closures?date=${TUESDAY}`)).json();
    const again = await send('POST', '/api/closures', { date: TUESDAY, service: 'dinner' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ closure: existing, cancelledBookings: [], guestsEmailed: 0 });
  });

  it('stores one closure when several staff close lunch at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/api/closures', { date: TUESDAY, service: 'lunch' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().closure._id)).size).toBe(1);
    expect(await closedServices()).toEqual({ lunch: true, dinner: true });
  });

  it('reopens a service by deleting its closure', async () => {
    const list = (await send('GET', `/api/closures?date=${TUESDAY}`)).json() as {
      _id: string;
      service: string;
    }[];
    expect(list.map((closure) => closure.service)).toEqual(['dinner', 'lunch']);
    const dinner = list.find((closure) => closure.service === 'dinner');
    const response = await send('DELETE', `/api/closures/${dinner?._id}`);
    expect(response.statusCode).toBe(204);
    expect(await closedServices()).toEqual({ lunch: true, dinner: false });
    const again = await send('DELETE', `/api/closures/${dinner?._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Closure not found' });
  });

  it('answers 404 for a malformed id', async () => {
    const response = await send('DELETE', '/api/closures/not-an-id');
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/closures', undefined],
    ['GET', '/api/closures?date=2026-02-30', undefined],
    ['POST', '/api/closures', { date: TUESDAY, service: 'breakfast' }],
    ['POST', '/api/closures', { date: '02/06/2026', service: 'lunch' }],
    ['POST', '/api/closures', { date: TUESDAY, service: 'lunch', reason: 'x'.repeat(201) }],
    ['POST', '/api/closures', { date: TUESDAY, service: 'lunch', cancelBookings: 'yes' }],
  ] as const)('answers 400 JSON for %s %s %o', async (method, url, payload) => {
    const response = await send(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });
});

describe.each(databaseTargets)('closing a service that has bookings on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  /** A booking staff took by phone, the guest not e-mailed: the outbox holds only what closing queues. */
  const book = async (booking: { name: string; email: string; date: string; timeSlot: string }) => {
    const response = await send('POST', '/api/admin/bookings', {
      phone: '07700 900111',
      partyAdults: 2,
      source: 'phone',
      notifyGuest: false,
      overCapacity: true,
      ...booking,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as StoredBooking;
  };
  const setStatus = async (booking: StoredBooking, status: string) => {
    const response = await send('PATCH', `/api/bookings/${booking._id}`, { status, notifyGuest: false });
    expect(response.statusCode).toBe(200);
  };
  const statuses = async (date: string) =>
    Object.fromEntries(
      ((await send('GET', `/api/bookings?date=${date}`)).json() as StoredBooking[]).map((booking) => [
        booking.name,
        booking.status,
      ]),
    );

  let ada: StoredBooking;

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
    await createTestAdmin(t);
    cookie = await signIn(t);
    ada = await book({ name: 'Ada Lovelace', email: 'ada@example.com', date: TUESDAY, timeSlot: '19:00' });
    expect(
      (await send('PATCH', `/api/bookings/${ada._id}`, { partyChildren: 1, notifyGuest: false })).statusCode,
    ).toBe(200);
    ada = { ...ada, partyChildren: 1 };
    await book({ name: 'Tom Adeyemi', email: '', date: TUESDAY, timeSlot: '20:00' });
    const mary = await book({
      name: 'Mary Seacole',
      email: 'mary@example.com',
      date: TUESDAY,
      timeSlot: '18:30',
    });
    await setStatus(mary, 'PENDING');
    const grace = await book({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      date: TUESDAY,
      timeSlot: '18:00',
    });
    await setStatus(grace, 'CANCELLED');
    await book({ name: 'Lunch guest', email: 'lunch@example.com', date: TUESDAY, timeSlot: '12:30' });
    await book({ name: 'Next day', email: 'next@example.com', date: WEDNESDAY, timeSlot: '19:00' });
  });
  afterAll(() => t.close());

  it('without cancelBookings leaves the bookings as they are and e-mails nobody', async () => {
    const response = await send('POST', '/api/closures', { date: WEDNESDAY, service: 'dinner' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ cancelledBookings: [], guestsEmailed: 0 });
    expect(await statuses(WEDNESDAY)).toEqual({ 'Next day': 'CONFIRMED' });
    expect(await closedServicesOn(t, WEDNESDAY)).toEqual({ lunch: false, dinner: true });
    expect(await mailInOutboxFolder(t)).toEqual([]);
  });

  it('with cancelBookings cancels that date’s dinner bookings and e-mails each guest with an address', async () => {
    const response = await send('POST', '/api/closures', {
      date: TUESDAY,
      service: 'dinner',
      reason: 'A burst pipe in the kitchen',
      cancelBookings: true,
    });
    expect(response.statusCode).toBe(201);
    const closed = response.json();
    expect(closed.closure).toMatchObject({
      date: TUESDAY,
      service: 'dinner',
      reason: 'A burst pipe in the kitchen',
    });
    expect(
      (closed.cancelledBookings as StoredBooking[]).map((booking) => [
        booking.name,
        booking.status,
        booking.email,
      ]),
    ).toEqual([
      ['Mary Seacole', 'CANCELLED', 'mary@example.com'],
      ['Ada Lovelace', 'CANCELLED', 'ada@example.com'],
      ['Tom Adeyemi', 'CANCELLED', ''],
    ]);
    expect(closed.guestsEmailed).toBe(2);
    expect(await statuses(TUESDAY)).toEqual({
      'Grace Hopper': 'CANCELLED',
      'Mary Seacole': 'CANCELLED',
      'Ada Lovelace': 'CANCELLED',
      'Tom Adeyemi': 'CANCELLED',
      'Lunch guest': 'CONFIRMED',
    });
    expect(await statuses(WEDNESDAY)).toEqual({ 'Next day': 'CONFIRMED' });
    expect(await closedServicesOn(t, TUESDAY)).toEqual({ lunch: false, dinner: true });

    const mail = await mailInOutboxFolder(t);
    expect(mail.map((message) => message.headers.get('to')).sort()).toEqual([
      expect.stringContaining('ada@example.com'),
      expect.stringContaining('mary@example.com'),
    ]);
    const toAda = mail.find((message) => message.headers.get('to')?.includes('ada@example.com'));
    expect(toAda?.subject).toBe(
      'We are sorry: your table at The Rose & Crown is cancelled — Tuesday 2 June 2026, 7pm',
    );
    expect(toAda?.text).toContain('we have had to close dinner on Tuesday 2 June 2026.');
    expect(toAda?.text).toContain('Why we have had to close: A burst pipe in the kitchen');
    expect(toAda?.text).toContain(
      `Your booking ${ada.reference} for 2 adults and 1 child at 7pm is cancelled.`,
    );
    expect(toAda?.text).toContain(`To book again, call us on ${seedContent.venue.phone}`);
    expect(toAda?.html).toContain(ada.reference);
  });

  it('closing again with cancelBookings answers the closure and cancels only what was booked since', async () => {
    const [closure] = (await send('GET', `/api/closures?date=${TUESDAY}`)).json();
    await book({ name: 'Booked anyway', email: 'anyway@example.com', date: TUESDAY, timeSlot: '21:00' });
    const again = await send('POST', '/api/closures', {
      date: TUESDAY,
      service: 'dinner',
      reason: 'Another reason',
      cancelBookings: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ closure, guestsEmailed: 1 });
    expect(again.json().cancelledBookings.map((booking: StoredBooking) => booking.name)).toEqual([
      'Booked anyway',
    ]);
    const apology = (await mailInOutboxFolder(t)).find((message) =>
      message.headers.get('to')?.includes('anyway@example.com'),
    );
    expect(apology?.text).toContain('Why we have had to close: A burst pipe in the kitchen');

    const thirdTime = await send('POST', '/api/closures', {
      date: TUESDAY,
      service: 'dinner',
      cancelBookings: true,
    });
    expect(thirdTime.json()).toEqual({ closure, cancelledBookings: [], guestsEmailed: 0 });
    expect(await mailInOutboxFolder(t)).toHaveLength(3);
  });
});
