import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { PERSONAL_VALUE } from '#shared/audit/types.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { expectNoPersonalData, useAuditApp } from '#tests/helpers/audit-app.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { selectChristmasBooking } from '../christmas/store.ts';

/** Tuesday 1 December 2026, 10:00 in London: tables and Christmas orders both open. */
const NOW = BEFORE_CUTOFF;

describe.each(databaseTargets)('the audit trail of Christmas, events and content on $name', (target) => {
  const { t, accounts, as, entriesAbout } = useAuditApp(target, NOW);

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
    const row = await selectChristmasBooking(
      t.database.db,
      eq(occasionBookings.email, 'margaret@example.com'),
    );
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
    const after = await selectChristmasBooking(t.database.db, eq(occasionBookings.id, row.id));
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
});
