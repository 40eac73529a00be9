import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, bookings, christmasBookings } from '#db/schema.ts';
import type { AuditPage } from '#shared/audit/query.ts';
import { type AuditEntry, PERSONAL_VALUE } from '#shared/audit/types.ts';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import type { StaffRole } from '#shared/staff/roles.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';
import { GUEST, recordAudit, SYSTEM } from './trail.ts';

/** Tuesday 1 December 2026, 10:00 in London: tables and Christmas orders both open. */
const NOW = BEFORE_CUTOFF;
const TUESDAY = '2026-12-08';
const PASSWORD = 'a long enough password';

const GUEST_TABLE = {
  name: 'Edith Crawley',
  phone: '07700 900321',
  email: 'edith@example.com',
  date: TUESDAY,
  timeSlot: '19:00',
  partyAdults: 2,
  partyChildren: 0,
  allergies: 'Coeliac',
  specialNotes: 'Window seat, it is her birthday',
};
/** What no entry of the trail may ever hold. */
const PERSONAL_VALUES = [
  'Edith',
  'edith@example.com',
  '07700 900321',
  'Coeliac',
  'Window seat',
  'Margaret',
  'margaret',
  'Shellfish',
  'Hendersons',
];

function expectNoPersonalData(entries: AuditEntry[]) {
  const written = JSON.stringify(entries);
  for (const value of PERSONAL_VALUES) expect(written).not.toContain(value);
}

describe.each(databaseTargets)('the audit trail on $name', (target) => {
  let t: TestApp;
  let imagesDir: string;
  const accounts = {} as Record<StaffRole, { id: string; cookie: string }>;

  async function account(role: StaffRole, name: string) {
    const email = `${role}@pub.test`;
    await createOrResetAdmin(t.database.db, { email, password: PASSWORD, name, role });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    const session = response.cookies.find((cookie) => cookie.name === 'rc_admin');
    if (!session) throw new Error(`${role} could not sign in: ${response.statusCode}`);
    const [row] = await t.database.db
      .execute<{ id: string }>(sql`select id from admins where email = ${email}`)
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    accounts[role] = { id: row?.id ?? '', cookie: `rc_admin=${session.value}` };
  }

  beforeAll(async () => {
    imagesDir = mkdtempSync(join(tmpdir(), 'rose-crown-audit-images-'));
    t = await startTestApp(target, NOW, { env: { IMAGES_DIR: imagesDir } });
    await account('owner', 'Landlord');
    await account('manager', 'Morgan');
    await account('staff', 'Sam');
  });
  afterAll(async () => {
    await t.close();
    rmSync(imagesDir, { recursive: true, force: true });
  });
  beforeEach(() => t.setNow(NOW));

  const as = (role: StaffRole, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: accounts[role].cookie },
      ...(payload ? { payload } : {}),
    });
  async function trail(query = ''): Promise<AuditPage> {
    const response = await as('owner', 'GET', `/api/admin/audit${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  async function entriesAbout(subjectId: string): Promise<AuditEntry[]> {
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, subjectId));
    const entries = (await trail()).entries.filter((entry) => entry.subjectId === subjectId);
    expect(entries.map((entry) => entry.id).sort()).toEqual(rows.map((row) => row.id).sort());
    return entries.reverse();
  }
  const auditCount = async () => (await t.database.db.select().from(auditEvents)).length;

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

  it('records a Christmas booking made online, changed, cancelled and refunded by its guest', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      remoteAddress: '198.51.100.7',
      payload: christmasOrder({ adults: 2 }, { allergies: 'Shellfish' }),
    });
    expect(started.statusCode).toBe(201);
    const pid = new URL(started.json().url).searchParams.get('pid') as string;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/christmas/demo-checkout/${pid}/pay` })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(christmasBookings)
      .where(eq(christmasBookings.email, 'margaret@example.com'));
    if (!row) throw new Error('no Christmas booking');
    expect(row.madeBy).toBeNull();
    const { issueManageToken } = await import('../manage/links.ts');
    const token = await issueManageToken(t.database.db, { christmasBookingId: row.id }, NOW);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/christmas/manage/${token}`,
      payload: {
        version: row.updatedAt.toISOString(),
        selections: {
          starters: [{ item: 'parsnip-soup', count: 2 }],
          mains: [{ item: 'roast-turkey', count: 2 }],
          desserts: [{ item: 'christmas-pudding', count: 2 }],
        },
        allergies: 'Shellfish and nuts',
        occasionNotes: '',
        specialNotes: '',
      },
    });
    expect(changed.statusCode).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/christmas/manage/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);

    const entries = await entriesAbout(row.id);
    expect(entries.map((entry) => [entry.type, entry.actorKind, entry.subjectType])).toEqual([
      ['christmas.created', 'guest', 'christmas-booking'],
      ['christmas.changed', 'guest', 'christmas-booking'],
      ['christmas.cancelled', 'guest', 'christmas-booking'],
      ['christmas.refunded', 'guest', 'christmas-booking'],
    ]);
    expect(entries[0]?.summary).toContain(row.reference);
    expect(entries[1]?.changes).toEqual({ allergies: { before: PERSONAL_VALUE, after: PERSONAL_VALUE } });
    expect(entries[3]?.summary).toContain('refunded');
    const [after] = await t.database.db
      .select()
      .from(christmasBookings)
      .where(eq(christmasBookings.id, row.id));
    expect(after?.changedBy).toBe('Guest');
    expectNoPersonalData(entries);
  });

  it("records staff's Christmas phone booking, its cancellation and the sittings' closures", async () => {
    const taken = await as('staff', 'POST', '/api/christmas/admin/bookings', phoneBooking({ adults: 2 }));
    expect(taken.statusCode).toBe(201);
    const booking = taken.json() as StoredChristmasBooking;
    expect(booking.madeBy).toBe('Sam');
    const cancelled = await as('manager', 'PATCH', `/api/christmas/admin/bookings/${booking._id}`, {
      status: 'CANCELLED',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ changedBy: 'Morgan', madeBy: 'Sam' });

    const closed = await as('manager', 'POST', '/api/christmas/admin/closures', {
      sittingId: 'xmas-late',
      reason: 'Kitchen short-staffed',
    });
    expect(closed.statusCode).toBe(201);
    const closureId = (closed.json() as { _id: string })._id;
    expect((await as('manager', 'DELETE', `/api/christmas/admin/closures/${closureId}`)).statusCode).toBe(
      204,
    );

    const entries = await entriesAbout(booking._id);
    expect(entries.map((entry) => [entry.type, entry.actorName])).toEqual([
      ['christmas.created', 'Sam'],
      ['christmas.cancelled', 'Morgan'],
    ]);
    expect(entries[1]?.changes).toEqual({ status: { before: 'CONFIRMED', after: 'CANCELLED' } });
    const closure = await entriesAbout(closureId);
    expect(closure.map((entry) => entry.type)).toEqual([
      'christmas-closure.created',
      'christmas-closure.deleted',
    ]);
    expectNoPersonalData(entries);
  });

  it('records events, enquiries, content and photos as the staff member who changed them', async () => {
    const event = {
      title: 'Carol Singing',
      slug: 'carol-singing',
      date: '2026-12-20',
      time: '18:00',
      tags: 'music',
      badges: [],
      cover: '/images/events/live-music.svg',
      summary: 'Carols round the fire.',
      isMajor: false,
    };
    const created = await as('manager', 'POST', '/api/events', event);
    expect(created.statusCode).toBe(201);
    const eventId = (created.json() as { _id: string })._id;
    expect(
      (await as('manager', 'PUT', `/api/events/${eventId}`, { ...event, time: '18:30' })).statusCode,
    ).toBe(200);
    expect((await as('manager', 'DELETE', `/api/events/${eventId}`)).statusCode).toBe(204);
    const events = await entriesAbout(eventId);
    expect(events.map((entry) => [entry.type, entry.actorName])).toEqual([
      ['event.created', 'Morgan'],
      ['event.changed', 'Morgan'],
      ['event.deleted', 'Morgan'],
    ]);
    expect(events[1]?.changes).toEqual({ time: { before: '18:00', after: '18:30' } });

    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: {
        name: 'Margaret Ellis',
        phone: '07700 900123',
        email: 'margaret@example.com',
        preferredDate: '2026-12-12',
        preferredTime: '19:00',
        partySize: 14,
        notes: 'Shellfish allergy',
        website: '',
      },
    });
    expect(enquiry.statusCode).toBe(201);
    const enquiryId = (enquiry.json() as { _id: string })._id;
    expect(
      (await as('manager', 'PATCH', `/api/admin/enquiries/${enquiryId}`, { status: 'REPLIED' })).statusCode,
    ).toBe(200);
    const enquiries = await entriesAbout(enquiryId);
    expect(enquiries.map((entry) => [entry.type, entry.actorName, entry.changes])).toEqual([
      ['enquiry.changed', 'Morgan', { status: { before: 'NEW', after: 'REPLIED' } }],
    ]);

    const latest = (await as('manager', 'GET', '/api/admin/content/venue')).json() as {
      version: number;
      document: unknown;
    };
    const saved = await as('manager', 'PUT', '/api/admin/content/venue', {
      baseVersion: latest.version,
      document: latest.document,
    });
    expect(saved.statusCode).toBe(200);
    const restored = await as(
      'manager',
      'POST',
      `/api/admin/content/venue/versions/${latest.version}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    const content = await entriesAbout('venue');
    expect(content.map((entry) => [entry.type, entry.actorName, entry.changes])).toEqual([
      ['content.saved', 'Morgan', { version: { before: latest.version, after: latest.version + 1 } }],
      ['content.restored', 'Morgan', { version: { before: latest.version + 1, after: latest.version + 2 } }],
    ]);

    const form = new FormData();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f5d3a' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bar.jpg');
    form.append('alt', 'The brass on the bar');
    const request = new Request('http://pub.test/', { method: 'POST', body: form });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { cookie: accounts.manager.cookie, 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(uploaded.statusCode).toBe(201);
    const imageId = (uploaded.json() as { id: string }).id;
    expect((await as('manager', 'DELETE', `/api/admin/images/${imageId}`)).statusCode).toBe(204);
    const images = await entriesAbout(imageId);
    expect(images.map((entry) => [entry.type, entry.actorName, entry.summary])).toEqual([
      ['image.uploaded', 'Morgan', 'The brass on the bar'],
      ['image.deleted', 'Morgan', 'The brass on the bar'],
    ]);
    expectNoPersonalData([...events, ...enquiries]);
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
