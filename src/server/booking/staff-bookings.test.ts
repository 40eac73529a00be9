import { describe, expect, it } from 'vitest';
import { STAFF_BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { depositRule, setDepositRules } from '#tests/helpers/deposit-rules.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const TUESDAY = '2026-12-08';

const phoneBooking = (overrides: Record<string, unknown> = {}) => ({
  name: 'The Hendersons',
  phone: '07700 900456',
  email: '',
  date: TUESDAY,
  timeSlot: '19:00',
  partyAdults: 12,
  source: 'phone',
  ...overrides,
});

describe.each(databaseTargets)('staff take table bookings on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });

  const book = (payload: object) => t.asStaff({ method: 'POST', url: '/api/admin/bookings', payload });
  const coversAt = (time: string, party?: number) => coversLeft(t, TUESDAY, time, party);

  it('takes a phone booking for 12, which guests then see in the covers left', async () => {
    const response = await book(phoneBooking());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ source: 'phone', partySize: 12, status: 'CONFIRMED' });
    expect(await coversAt('19:00')).toBe(12);
    // Twelve keep their table two hours: a guest's table at 18:00 would overlap them.
    expect(await coversAt('18:00', 2)).toBe(12);
  });

  it('refuses past the covers with the covers left, and books anyway when staff say so', async () => {
    await book(phoneBooking({ partyAdults: 20 }));
    const refused = await book(phoneBooking({ partyAdults: 8, name: 'Late caller' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STAFF_BOOKING_MESSAGES.coversShort(4, formatTime('19:00')) });
    const anyway = await book(phoneBooking({ partyAdults: 8, name: 'Late caller', overCapacity: true }));
    expect(anyway.statusCode).toBe(201);
    expect(await coversAt('19:00')).toBe(0);
  });

  it('books a closed service only when staff book anyway', async () => {
    await t.asStaff({
      method: 'POST',
      url: '/api/closures',
      payload: { date: TUESDAY, service: 'dinner', reason: 'Private party' },
    });
    const refused = await book(phoneBooking({ partyAdults: 2 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STAFF_BOOKING_MESSAGES.closed(formatTime('19:00')) });
    expect((await book(phoneBooking({ partyAdults: 2, overCapacity: true }))).statusCode).toBe(201);
  });

  it('books any party, children without an adult too, and changes one to it', async () => {
    const children = await book(phoneBooking({ partyAdults: 0, partyChildren: 6 }));
    expect(children.statusCode).toBe(201);
    expect(children.json()).toMatchObject({ partyAdults: 0, partyChildren: 6 });
    const { _id } = (await book(phoneBooking({ partyAdults: 2, name: 'Mixed' }))).json() as { _id: string };
    const changed = await t.asStaff({
      method: 'PATCH',
      url: `/api/bookings/${_id}`,
      payload: { partyAdults: 0, partyChildren: 3 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ partyAdults: 0, partyChildren: 3 });
  });

  it('e-mails the guest only when there is an address and staff leave the box ticked', async () => {
    await book(phoneBooking({ email: 'hendersons@example.com', name: 'Told' }));
    await book(
      phoneBooking({ email: 'quiet@example.com', name: 'Not told', notifyGuest: false, partyAdults: 2 }),
    );
    await book(phoneBooking({ name: 'No address', partyAdults: 2 }));
    const sent = await mailInOutboxFolder(t);
    expect(sent.map((mail) => mail.headers.get('to'))).toEqual([
      expect.stringContaining('hendersons@example.com'),
    ]);
  });

  it('asks how a matching deposit rule is met, naming the field the screen asks it in', async () => {
    await setDepositRules(t, [depositRule({ partyFrom: 8, weekdays: [] })]);
    const response = await book(phoneBooking());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: DEPOSIT_MESSAGES.waiverNeeded,
      issues: [{ path: 'deposit', message: DEPOSIT_MESSAGES.waiverNeeded }],
    });
    const waived = await book(phoneBooking({ deposit: { choice: 'waive', reason: 'Regulars' } }));
    expect(waived.statusCode).toBe(201);
  });

  it('needs a name and a way to reach the guest, and a session', async () => {
    expect((await book(phoneBooking({ name: ' ' }))).json()).toEqual({ error: 'Please enter your name.' });
    expect((await book(phoneBooking({ phone: '', email: '' }))).json()).toEqual({
      error: STAFF_BOOKING_MESSAGES.contact,
    });
    expect((await book(phoneBooking({ source: 'online' }))).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/bookings',
      payload: phoneBooking(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(databaseTargets)('staff change table bookings on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });

  async function booked(overrides: Record<string, unknown> = {}) {
    const response = await t.asStaff({
      method: 'POST',
      url: '/api/admin/bookings',
      payload: phoneBooking({ email: 'hendersons@example.com', notifyGuest: false, ...overrides }),
    });
    return response.json() as { _id: string; reference: string };
  }
  const change = (id: string, payload: object) =>
    t.asStaff({ method: 'PATCH', url: `/api/bookings/${id}`, payload });

  it('moves a booking to another time and party, e-mails the guest the new details', async () => {
    const { _id } = await booked({ partyAdults: 4 });
    const moved = await change(_id, { timeSlot: '20:30', partyAdults: 6, notifyGuest: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ timeSlot: '20:30', partySize: 6, service: 'dinner' });
    const sent = await mailInOutboxFolder(t);
    expect(sent.map((mail) => mail.subject)).toEqual([expect.stringContaining('has changed')]);
    expect(sent[0]?.text).toContain(formatTime('20:30'));
  });

  it('checks a move against the covers left without the booking itself, under the same rule', async () => {
    const { _id } = await booked({ partyAdults: 20 });
    // Its own 20 covers do not count against it: growing to 24 fits, to 25 does not.
    expect((await change(_id, { partyAdults: 24 })).statusCode).toBe(200);
    const tooMany = await change(_id, { partyAdults: 25 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: STAFF_BOOKING_MESSAGES.coversShort(24, formatTime('19:00')) });
    expect((await change(_id, { partyAdults: 25, overCapacity: true })).statusCode).toBe(200);
  });

  it('shows staff every slot of any day, and the covers a booking being moved would have', async () => {
    const staffSlots = async (query: string) => {
      const response = await t.asStaff({ method: 'GET', url: `/api/admin/availability?${query}` });
      return response.json() as { time: string; remaining: number }[];
    };
    const { _id } = await booked({ partyAdults: 20 });
    const at = (slots: { time: string; remaining: number }[], time: string) =>
      slots.find((slot) => slot.time === time)?.remaining;
    expect(at(await staffSlots(`date=${TUESDAY}&party=22`), '19:00')).toBe(4);
    expect(at(await staffSlots(`date=${TUESDAY}&party=22&excluding=${_id}`), '19:00')).toBe(24);
    // A past day and one beyond the guests' 180 days still have their times for staff.
    expect(await staffSlots('date=2026-11-17')).not.toEqual([]);
    expect(await staffSlots('date=2027-09-07')).not.toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/availability?date=${TUESDAY}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('cancels with or without telling the guest, as staff choose', async () => {
    const quiet = await booked({ name: 'Quiet', partyAdults: 2 });
    const told = await booked({ name: 'Told', partyAdults: 2, email: 'told@example.com' });
    expect((await change(quiet._id, { status: 'CANCELLED' })).json()).toMatchObject({ status: 'CANCELLED' });
    await change(told._id, { status: 'CANCELLED', notifyGuest: true });
    const sent = await mailInOutboxFolder(t);
    expect(sent.map((mail) => [mail.headers.get('to'), mail.subject])).toEqual([
      [expect.stringContaining('told@example.com'), expect.stringContaining('is cancelled')],
    ]);
  });
});
