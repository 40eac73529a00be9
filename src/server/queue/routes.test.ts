import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages, walkInQueue } from '#db/schema.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { OutboxEntry, OutboxMessage } from '#shared/mail/schemas.ts';
import type { QueueDay, QueueParty } from '#shared/queue/api.ts';
import { QUEUE_MESSAGES } from '#shared/queue/messages.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { TABLES_MESSAGES } from '#shared/tables/messages.ts';
import { type AppFixture, useTestApp } from '#tests/helpers/app-fixture.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { saveTables, staffTableBooking, storedTablesOf, table } from '#tests/helpers/tables.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { forgetPastQueue } from './retention.ts';

/** Tuesday 8 December 2026 (GMT), 6:10pm: the bar is full of people waiting for a table. */
const TUESDAY = '2026-12-08';
const NOW = new Date(`${TUESDAY}T18:10:00Z`);
const ANOTHER_ID = '00000000-0000-4000-8000-000000000000';

const PARTY = {
  name: 'Okafor',
  phone: '07700 900123',
  email: 'okafor@example.com',
  partyAdults: 2,
  partyChildren: 0,
};

function queueApi(t: AppFixture) {
  return {
    list: async () => (await t.asStaff({ method: 'GET', url: '/api/admin/queue' })).json() as QueueDay,
    add: (payload: object) => t.asStaff({ method: 'POST', url: '/api/admin/queue', payload }),
    act: (id: string, action: 'notify' | 'seat' | 'remove', payload?: object) =>
      t.asStaff({
        method: 'POST',
        url: `/api/admin/queue/${id}/${action}`,
        ...(action === 'seat' ? { payload: payload ?? {} } : {}),
      }),
  };
}

/** Each waiting party's name and expected time, in queue order. */
const readyTimes = (day: QueueDay) =>
  day.waiting.map((party) => [party.name, party.readyAt, party.waitMinutes]);

describe.each(databaseTargets)('the walk-in queue on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', signedIn: true });
  const queue = queueApi(t);

  async function added(payload: object): Promise<QueueParty> {
    const response = await queue.add(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as QueueParty;
  }

  async function arrival(bookingId: string, step: 'seated' | 'left') {
    const response = await t.asStaff({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/arrival`,
      payload: { step },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('in tables mode: three walk-ins quoted in turn, the wait moving as tables are seated and left, one told and seated', async () => {
    await saveTables(t, { tables: [table('t1', 1, 4), table('t2', 1, 4)] });
    t.setNow(new Date(`${TUESDAY}T12:00:00Z`));
    const patel = await staffTableBooking(t, TUESDAY, { timeSlot: '18:00', partyAdults: 2, placeId: 't2' });
    expect(patel.statusCode, patel.body).toBe(201);
    const patelId = (patel.json() as { _id: string })._id;
    // They join a minute apart, and are quoted as the floor stands at 6:10pm.
    t.setNow(new Date(`${TUESDAY}T18:08:00Z`));
    const okafor = await added(PARTY);
    t.setNow(new Date(`${TUESDAY}T18:09:00Z`));
    await added({ name: 'Byrne', email: 'byrne@example.com', partyAdults: 1, partyChildren: 1 });
    t.setNow(NOW);
    const chen = await added({
      name: 'Chen',
      phone: '+44 7700 900789',
      partyAdults: 3,
      partyChildren: 0,
      notes: 'High chair',
    });
    expect(okafor).toMatchObject({
      status: 'WAITING',
      partySize: 2,
      addedBy: 'landlord',
      quotedWaitMinutes: 0,
    });
    expect(chen).toMatchObject({ email: '', partyChildren: 0, notes: 'High chair', quotedWaitMinutes: 110 });

    // Table 1 is free now; Patel has table 2 until 7:30pm; each party takes its table from its time.
    expect(readyTimes(await queue.list())).toEqual([
      ['Okafor', '18:10', 0],
      ['Byrne', '19:30', 80],
      ['Chen', '20:00', 110],
    ]);

    const seated = await t.asStaff({
      method: 'POST',
      url: '/api/admin/tables/walk-ins',
      payload: { partyAdults: 2, partyChildren: 0, placeId: 't1' },
    });
    expect(seated.statusCode, seated.body).toBe(201);
    expect(readyTimes(await queue.list())).toEqual([
      ['Okafor', '19:30', 80],
      ['Byrne', '20:00', 110],
      // Okafor has table 2 from 7:30pm to 9pm, Byrne table 1 from 8pm.
      ['Chen', '21:00', 170],
    ]);

    await arrival(patelId, 'seated');
    await arrival(patelId, 'left');
    expect(readyTimes(await queue.list())).toEqual([
      ['Okafor', '18:10', 0],
      ['Byrne', '20:00', 110],
      ['Chen', '20:00', 110],
    ]);

    const told = await queue.act(okafor.id, 'notify');
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json()).toMatchObject({ status: 'NOTIFIED', notifiedAt: NOW.toISOString(), waitMinutes: 0 });
    const mail = await t.database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.kind));
    expect(mail.map((row) => row.kind)).toEqual(['queue-table-ready', 'queue-table-ready-sms']);
    expect(mail[0]?.message).toMatchObject({
      to: { name: 'Okafor', address: 'okafor@example.com' },
      subject: QUEUE_MESSAGES.readySubject('The Rose & Crown'),
    });
    expect(mail[1]?.message).toEqual({
      sms: { to: '07700 900123', body: QUEUE_MESSAGES.readyText('Okafor', 'The Rose & Crown') },
    });

    const seatedFromQueue = await queue.act(okafor.id, 'seat');
    expect(seatedFromQueue.statusCode, seatedFromQueue.body).toBe(200);
    const party = seatedFromQueue.json() as QueueParty;
    expect(party).toMatchObject({ status: 'SEATED', waitMinutes: null, readyAt: null });
    expect(party.bookingReference).toMatch(/^RC-/);
    const day = await t.asStaff({ method: 'GET', url: `/api/admin/tables/day?date=${TUESDAY}` });
    const booking = (day.json() as { bookings: TablesDayBooking[] }).bookings.find(
      (each) => each.reference === party.bookingReference,
    );
    expect(booking).toMatchObject({
      name: 'Okafor',
      source: 'walk-in',
      status: 'CONFIRMED',
      timeSlot: '18:10',
      tables: ['t2'],
      arrivedAt: NOW.toISOString(),
      seatedAt: NOW.toISOString(),
    });
    expect(await storedTablesOf(t, booking?.id ?? '')).toEqual(['t2']);
    const listed = await t.asStaff({ method: 'GET', url: `/api/bookings?date=${TUESDAY}` });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({
        _id: booking?.id,
        phone: PARTY.phone,
        email: PARTY.email,
        madeBy: 'landlord',
      }),
    );

    const after = await queue.list();
    expect(after.waiting.map((each) => each.name)).toEqual(['Byrne', 'Chen']);
    expect(after.done).toEqual([expect.objectContaining({ name: 'Okafor', status: 'SEATED' })]);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectType, 'walk-in-queue'))
      .orderBy(asc(auditEvents.id));
    expect(audit.filter((entry) => entry.subjectId === okafor.id)).toEqual([
      expect.objectContaining({
        type: 'queue.added',
        actorName: 'landlord',
        summary: 'Walk-in party of 2 joined the queue (quoted 0 min)',
      }),
      expect.objectContaining({
        type: 'queue.notified',
        summary: 'Walk-in party of 2 told their table is ready (e-mail and text message)',
      }),
      expect.objectContaining({
        type: 'queue.seated',
        summary: `Walk-in party of 2 seated: ${party.bookingReference}`,
      }),
    ]);
    expect(audit.every((entry) => !entry.summary.includes('Okafor'))).toBe(true);
  });

  it('in tables mode counts a booking seated before its time as holding its table from then', async () => {
    await saveTables(t, { tables: [table('t1', 1, 4)] });
    t.setNow(new Date(`${TUESDAY}T12:00:00Z`));
    const early = await staffTableBooking(t, TUESDAY, { timeSlot: '20:00', partyAdults: 2, placeId: 't1' });
    expect(early.statusCode, early.body).toBe(201);
    t.setNow(NOW);
    await added(PARTY);
    // Table 1 is free for a walk-in's 90 minutes before the 8pm booking.
    expect(readyTimes(await queue.list())).toEqual([['Okafor', '18:10', 0]]);
    await arrival((early.json() as { _id: string })._id, 'seated');
    // Seated at 6:10pm, the 8pm booking keeps table 1 until its table time ends at 9:30pm.
    expect(readyTimes(await queue.list())).toEqual([['Okafor', '21:30', 200]]);
  });

  it('in covers mode seats a confirmed walk-in booking at now without a table, and refuses a table', async () => {
    const okafor = await added(PARTY);
    expect((await queue.list()).mode).toBe('covers');
    expect((await queue.list()).waiting[0]).toMatchObject({ waitMinutes: 0, readyAt: '18:10' });
    const refused = await queue.act(okafor.id, 'seat', { placeId: 't1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: TABLES_MESSAGES.coversMode });

    const seated = await queue.act(okafor.id, 'seat');
    expect(seated.statusCode, seated.body).toBe(200);
    const listed = await t.asStaff({ method: 'GET', url: `/api/bookings?date=${TUESDAY}` });
    expect(listed.json()).toEqual([
      expect.objectContaining({
        reference: (seated.json() as QueueParty).bookingReference,
        timeSlot: '18:10',
        status: 'CONFIRMED',
        source: 'walk-in',
        name: 'Okafor',
      }),
    ]);
  });

  it('in tables mode refuses to seat a party no table takes now, and leaves it queued', async () => {
    await saveTables(t, { tables: [table('t1', 1, 2)] });
    const big = await added({ ...PARTY, partyAdults: 4 });
    expect((await queue.list()).waiting[0]).toMatchObject({ waitMinutes: null, readyAt: null });
    const refused = await queue.act(big.id, 'seat');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: TABLES_MESSAGES.noPlace });
    expect((await queue.list()).waiting).toEqual([
      expect.objectContaining({ id: big.id, status: 'WAITING' }),
    ]);
  });

  it('says what is wrong on each field', async () => {
    const missing = await queue.add({ name: ' ', partyAdults: 0, partyChildren: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      issues: [
        { path: 'name', message: QUEUE_MESSAGES.name },
        { path: 'phone', message: QUEUE_MESSAGES.contact },
        { path: 'partyAdults', message: QUEUE_MESSAGES.partyEmpty },
      ],
    });
    const malformed = await queue.add({ ...PARTY, phone: 'call me', email: 'okafor.example.com' });
    expect(malformed.json()).toMatchObject({
      issues: [
        { path: 'phone', message: BOOKING_MESSAGES.phoneInvalid },
        { path: 'email', message: BOOKING_MESSAGES.email },
      ],
    });
    expect(await t.database.db.select().from(walkInQueue)).toEqual([]);
  });

  it('answers 404 for a party it does not know and 409 for one no longer queued', async () => {
    for (const id of [ANOTHER_ID, 'nope']) {
      const unknown = await queue.act(id, 'notify');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: QUEUE_MESSAGES.notFound });
    }
    const okafor = await added(PARTY);
    const removed = await queue.act(okafor.id, 'remove');
    expect(removed.json()).toMatchObject({ status: 'REMOVED', waitMinutes: null });
    for (const action of ['notify', 'seat', 'remove'] as const) {
      const again = await queue.act(okafor.id, action);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: QUEUE_MESSAGES.notWaiting });
    }
    const [removal] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, okafor.id), eq(auditEvents.type, 'queue.removed')));
    expect(removal).toMatchObject({
      actorName: 'landlord',
      summary: 'Walk-in party of 2 taken off the queue',
    });
  });

  it('is kept by any staff account, and by nobody signed out', async () => {
    const staff = await signedInAccount(t, 'staff', 'Sam');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/admin/queue',
      payload: PARTY,
      headers: { cookie: staff.cookie },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ addedBy: 'Sam' });
    const told = await t.app.inject({
      method: 'POST',
      url: `/api/admin/queue/${(add.json() as QueueParty).id}/notify`,
      headers: { cookie: staff.cookie },
    });
    expect(told.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/queue' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/queue', payload: PARTY })).statusCode).toBe(
      401,
    );
  });

  it('shows a text message on the staff mail screen with its number and words', async () => {
    const okafor = await added({ ...PARTY, email: '' });
    await queue.act(okafor.id, 'notify');
    const listed = await t.asStaff({ method: 'GET', url: '/api/admin/mail?q=okafor' });
    const body = QUEUE_MESSAGES.readyText('Okafor', 'The Rose & Crown');
    expect(listed.json()).toEqual([
      expect.objectContaining({ kind: 'queue-table-ready-sms', to: PARTY.phone, subject: body }),
    ]);
    const found = await t.asStaff({ method: 'GET', url: '/api/admin/mail?q=900123' });
    expect((found.json() as OutboxEntry[]).map((entry) => entry.kind)).toEqual(['queue-table-ready-sms']);
    const opened = await t.asStaff({
      method: 'GET',
      url: `/api/admin/mail/${(listed.json() as OutboxEntry[])[0]?.id}`,
    });
    expect(opened.json() as OutboxMessage).toMatchObject({ to: PARTY.phone, text: body });
  });

  it('forgets the queue once its date has passed', async () => {
    await added(PARTY);
    expect(await forgetPastQueue(t.database.db, new Date(`${TUESDAY}T23:59:00Z`))).toBe(0);
    expect(await t.database.db.select().from(walkInQueue)).toHaveLength(1);
    t.setNow(new Date('2026-12-09T12:00:00Z'));
    await t.app.retention.runDue();
    expect(await t.database.db.select().from(walkInQueue)).toEqual([]);
  });
});
