import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, bookings } from '#db/schema.ts';
import { type AuditEntry, PERSONAL_VALUE } from '#shared/audit/types.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { expectNoPersonalData, useAuditApp } from '#tests/helpers/audit-app.ts';
import { BEFORE_CUTOFF } from '#tests/helpers/christmas.ts';
import { GUESTS, tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { GUEST, recordAudit, SYSTEM } from './trail.ts';

/** Tuesday 1 December 2026, 10:00 in London: tables and Christmas orders both open. */
const NOW = BEFORE_CUTOFF;
const TUESDAY = '2026-12-08';

const GUEST_TABLE = tableBookingRequest(TUESDAY, {
  ...GUESTS.edith,
  allergies: 'Coeliac',
  specialNotes: 'Window seat, it is her birthday',
});

describe.each(databaseTargets)('the audit trail of tables on $name', (target) => {
  const { t, accounts, as, trail, entriesAbout, auditCount } = useAuditApp(target, NOW);

  it('records a table booking from its making to its cancellation, naming who did each, with no personal data', async () => {
    const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: GUEST_TABLE });
    expect(booked.statusCode).toBe(201);
    const { _id: id, reference, madeBy, manageUrl } = booked.json() as StoredBooking & { manageUrl: string };
    expect(madeBy).toBeNull();
    const token = manageUrl.split('/').at(-1) ?? '';

    t.setNow(new Date(NOW.getTime() + 60_000));
    const moved = await as('staff', 'PATCH', `/api/bookings/${id}`, { partyAdults: 3, allergies: 'Nuts' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ madeBy: null, changedBy: 'Sam' });

    t.setNow(new Date(NOW.getTime() + 120_000));
    const pending = await as('staff', 'PATCH', `/api/bookings/${id}`, { status: 'PENDING' });
    expect(pending.statusCode).toBe(200);

    t.setNow(new Date(NOW.getTime() + 180_000));
    const opened = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    const guestChange = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: {
        version: opened.json().booking.updatedAt,
        date: TUESDAY,
        timeSlot: '19:30',
        partyAdults: 3,
        partyChildren: 0,
        allergies: 'Nuts',
        specialNotes: 'Window seat, it is her birthday',
      },
    });
    expect(guestChange.statusCode).toBe(200);

    t.setNow(new Date(NOW.getTime() + 240_000));
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.changedBy).toBe('Guest');

    const entries = await entriesAbout(id);
    expect(entries.map((entry) => [entry.type, entry.actorKind, entry.actorName])).toEqual([
      ['booking.created', 'guest', 'Guest'],
      ['booking.changed', 'staff', 'Sam'],
      ['booking.status', 'staff', 'Sam'],
      ['booking.changed', 'guest', 'Guest'],
      ['booking.cancelled', 'guest', 'Guest'],
    ]);
    expect(entries.every((entry) => entry.subjectType === 'booking')).toBe(true);
    expect(entries[0]?.summary).toContain(reference);
    expect(entries[1]?.actorId).toBe(accounts.staff.id);
    expect(entries[1]?.changes).toEqual({
      partyAdults: { before: 2, after: 3 },
      allergies: { before: PERSONAL_VALUE, after: PERSONAL_VALUE },
    });
    expect(entries[2]?.changes).toEqual({ status: { before: 'CONFIRMED', after: 'PENDING' } });
    expect(entries[3]?.changes).toEqual({ timeSlot: { before: '19:00', after: '19:30' } });
    expect(entries[4]?.changes).toEqual({ status: { before: 'PENDING', after: 'CANCELLED' } });
    expectNoPersonalData(entries);

    // Managers see the booking's history in its drawer, newest first; staff may not.
    const history = await as('manager', 'GET', `/api/admin/bookings/${id}/history`);
    expect(history.statusCode).toBe(200);
    expect((history.json() as AuditEntry[]).map((entry) => entry.type)).toEqual(
      entries.map((entry) => entry.type).reverse(),
    );
    expect((await as('staff', 'GET', `/api/admin/bookings/${id}/history`)).statusCode).toBe(403);
    const unknown = await as(
      'manager',
      'GET',
      '/api/admin/bookings/00000000-0000-4000-8000-000000000000/history',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("records staff's phone booking as theirs, and a closure's cancellations as the closer's", async () => {
    const taken = await as('staff', 'POST', '/api/admin/bookings', {
      name: 'The Hendersons',
      phone: '07700 900456',
      email: '',
      date: TUESDAY,
      timeSlot: '12:30',
      partyAdults: 4,
      source: 'phone',
    });
    expect(taken.statusCode).toBe(201);
    const booking = taken.json() as StoredBooking;
    expect(booking.madeBy).toBe('Sam');

    const closed = await as('manager', 'POST', '/api/closures', {
      date: TUESDAY,
      service: 'lunch',
      reason: 'Burst pipe',
      cancelBookings: true,
    });
    expect(closed.statusCode).toBe(201);
    const closureId = (closed.json() as { closure: { _id: string } }).closure._id;
    expect((await as('manager', 'DELETE', `/api/closures/${closureId}`)).statusCode).toBe(204);

    const entries = await entriesAbout(booking._id);
    expect(entries.map((entry) => [entry.type, entry.actorName])).toEqual([
      ['booking.created', 'Sam'],
      ['booking.cancelled', 'Morgan'],
    ]);
    expect(entries[1]?.summary).toContain('lunch closed');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row?.changedBy).toBe('Morgan');
    const closure = await entriesAbout(closureId);
    expect(closure.map((entry) => [entry.type, entry.actorName, entry.subjectType])).toEqual([
      ['closure.created', 'Morgan', 'closure'],
      ['closure.deleted', 'Morgan', 'closure'],
    ]);
    expect(closure[0]?.summary).toContain('Burst pipe');
    expectNoPersonalData([...entries, ...closure]);
  });

  it('records nothing for a booking the locked covers check refuses', async () => {
    const before = await auditCount();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ...GUEST_TABLE, timeSlot: '19:45', partyAdults: 8 },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const full = await as('staff', 'POST', '/api/admin/bookings', {
      name: 'Too many',
      phone: '07700 900456',
      email: '',
      date: TUESDAY,
      timeSlot: '20:00',
      partyAdults: 60,
      source: 'phone',
    });
    expect(full.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('rolls an entry back with the transaction that wrote it', async () => {
    const before = await auditCount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          {
            actor: SYSTEM,
            type: 'retention.run',
            subject: { type: 'test' },
            summary: 'written, then undone',
          },
          NOW,
        );
        throw new Error('the change failed after its entry was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditCount()).toBe(before);
  });

  it('cannot be changed or deleted, even by SQL', async () => {
    await recordAudit(
      t.database.db,
      { actor: SYSTEM, type: 'retention.run', subject: { type: 'test' }, summary: 'permanent' },
      NOW,
    );
    await expect(t.database.db.execute(sql`update audit_events set summary = 'rewritten'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.summary, 'permanent'));
    expect(rows).toHaveLength(1);
  });

  it('filters the activity by person, type and London day, newest first, a page at a time, for the owner only', async () => {
    const late = new Date('2026-12-03T23:30:00Z'); // 23:30 on 3 December in London (GMT)
    const sam = { kind: 'staff', id: accounts.staff.id, name: 'Sam' } as const;
    await recordAudit(
      t.database.db,
      { actor: sam, type: 'booking.changed', subject: { type: 'booking' }, summary: 'late' },
      late,
    );
    await recordAudit(
      t.database.db,
      { actor: GUEST, type: 'booking.cancelled', subject: { type: 'booking' }, summary: 'by a guest' },
      NOW,
    );
    const bySam = await trail(`?actor=${accounts.staff.id}`);
    expect(bySam.entries.length).toBeGreaterThan(0);
    expect(bySam.entries.every((entry) => entry.actorId === accounts.staff.id)).toBe(true);
    expect(bySam.entries[0]?.at).toBe(late.toISOString());
    const times = bySam.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byGuests = await trail('?actor=guest');
    expect(byGuests.entries.length).toBeGreaterThan(0);
    expect(byGuests.entries.every((entry) => entry.actorKind === 'guest')).toBe(true);

    const cancellations = await trail('?type=booking.cancelled');
    expect(cancellations.entries.length).toBeGreaterThan(0);
    expect(cancellations.entries.every((entry) => entry.type === 'booking.cancelled')).toBe(true);

    const thirdOfDecember = await trail('?from=2026-12-03&to=2026-12-03');
    expect(thirdOfDecember.entries.map((entry) => entry.at)).toEqual([late.toISOString()]);
    expect((await trail('?from=2026-12-04')).entries).toEqual([]);
    expect((await trail('?to=2026-12-02')).entries.length).toBe((await trail()).entries.length - 1);

    // A second page holds what the first does not.
    for (let index = 0; index < 51; index++) {
      await recordAudit(
        t.database.db,
        { actor: SYSTEM, type: 'retention.run', subject: { type: 'test' }, summary: `run ${index}` },
        new Date(NOW.getTime() - (index + 1) * 60_000),
      );
    }
    const first = await trail('?type=retention.run');
    expect(first.entries).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = await trail('?type=retention.run&page=2');
    expect(second.hasMore).toBe(false);
    expect(second.entries.length).toBeGreaterThan(0);
    const ids = new Set(first.entries.map((entry) => entry.id));
    expect(second.entries.some((entry) => ids.has(entry.id))).toBe(false);

    expect((await as('owner', 'GET', '/api/admin/audit?actor=someone')).statusCode).toBe(400);
    expect((await as('owner', 'GET', '/api/admin/audit?type=booking.eaten')).statusCode).toBe(400);
    expect((await as('owner', 'GET', '/api/admin/audit?from=2026-12-05&to=2026-12-01')).statusCode).toBe(400);
    expect((await as('manager', 'GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await as('staff', 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });
});
