import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, bookings } from '#db/schema.ts';
import type { StaffStandbyDay, StaffStandbyEntry } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { pglite } from '#tests/helpers/test-app.ts';
import { claimTokenIn, fillSaturdayEvening, joined, mailOf, NOW, SATURDAY } from './standby-test-kit.ts';

const STAFF_NAME = 'landlord';

describe('staff keep the standby list', () => {
  const t = useTestApp(pglite, NOW, { per: 'test', signedIn: true });

  const day = async () => {
    const response = await t.asStaff({ method: 'GET', url: `/api/admin/standby?date=${SATURDAY}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as StaffStandbyDay;
  };
  const dinner = async () => (await day()).services.find((service) => service.service === 'dinner');
  const act = (id: string, action: string, payload?: object) =>
    t.asStaff({ method: 'POST', url: `/api/admin/standby/${id}/${action}`, ...(payload ? { payload } : {}) });

  /** Saturday's dinner full, Edith then Sybil waiting: answers their entries as staff see them. */
  async function twoWaiting() {
    await fillSaturdayEvening(t);
    await joined(t, 1);
    await joined(t, 2, { name: 'Sybil Branson', email: 'sybil@example.com', partyAdults: 3 });
    const [edith, sybil] = (await dinner())?.entries ?? [];
    if (!edith || !sybil) throw new Error('Both entries should be listed');
    return { edith, sybil };
  }

  async function staffAudits(type: 'standby.offered' | 'standby.booked' | 'standby.removed') {
    return t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, type), eq(auditEvents.actorKind, 'staff')));
  }

  it('lists a date per service with its cap and the guests waiting, in the order they joined', async () => {
    await twoWaiting();
    const listed = await day();
    expect(listed.services.map((service) => service.service)).toEqual(['lunch', 'dinner']);
    expect(listed.services[0]).toMatchObject({ capGuests: 40, waitingGuests: 0, entries: [] });
    expect(listed.services[1]).toMatchObject({ capGuests: 40, waitingGuests: 5 });
    expect(listed.services[1]?.entries.map((entry) => [entry.name, entry.status, entry.source])).toEqual([
      ['Edith Crawley', 'WAITING', 'online'],
      ['Sybil Branson', 'WAITING', 'online'],
    ]);
  });

  it('offers a slot by hand, e-mailing the claim link', async () => {
    const { sybil } = await twoWaiting();
    const offered = await act(sybil.id, 'offer', { timeSlot: '19:00' });
    expect(offered.statusCode, offered.body).toBe(201);
    expect((offered.json() as StaffStandbyEntry).offers).toMatchObject([
      { timeSlot: '19:00', state: 'OPEN', offeredBy: STAFF_NAME },
    ]);
    expect((await mailOf(t, 'standby-offer')).map((mail) => mail.to)).toEqual(['sybil@example.com']);
    expect(await staffAudits('standby.offered')).toHaveLength(1);
    const outOfService = await act(sybil.id, 'offer', { timeSlot: '12:00' });
    expect(outOfService.statusCode).toBe(400);
  });

  it('books an entry by hand, past the covers only when staff say so, and e-mails the guest', async () => {
    const { edith } = await twoWaiting();
    await act(edith.id, 'offer', { timeSlot: '19:00' });
    const full = await act(edith.id, 'book', { timeSlot: '19:00' });
    expect(full.statusCode).toBe(409);
    const booked = await act(edith.id, 'book', { timeSlot: '19:00', overCapacity: true });
    expect(booked.statusCode, booked.body).toBe(201);
    const entry = booked.json() as StaffStandbyEntry;
    expect(entry).toMatchObject({ status: 'BOOKED', changedBy: STAFF_NAME });
    expect(entry.bookingReference).toMatch(/^RC-/);
    expect(entry.offers.map((offer) => offer.state)).toEqual(['EXPIRED']);
    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, entry.bookingReference ?? ''));
    expect(booking).toMatchObject({ source: 'standby', madeBy: STAFF_NAME, email: 'edith@example.com' });
    expect((await mailOf(t, 'table-booking')).map((mail) => mail.to)).toContain('edith@example.com');
    expect(await staffAudits('standby.booked')).toHaveLength(1);
    const again = await act(edith.id, 'book', { timeSlot: '19:00', overCapacity: true });
    expect(again.json()).toEqual({ error: STANDBY_MESSAGES.entryClosed });
  });

  it('removes an entry, and the guest may not then claim its offer', async () => {
    const { edith } = await twoWaiting();
    await act(edith.id, 'offer', { timeSlot: '19:00' });
    const removed = await act(edith.id, 'remove');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: 'REMOVED', changedBy: STAFF_NAME });
    expect(await staffAudits('standby.removed')).toHaveLength(1);
    expect((await dinner())?.waitingGuests).toBe(3);
    const [offer] = await mailOf(t, 'standby-offer');
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/standby/offers/${claimTokenIn(offer?.text ?? '')}/claim`,
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toEqual({ error: STANDBY_MESSAGES.entryClosed });
    const unknown = await act('00000000-0000-4000-8000-000000000000', 'remove');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a guest who is not signed in with 401', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/standby?date=${SATURDAY}` });
    expect(list.statusCode).toBe(401);
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/standby/00000000-0000-4000-8000-000000000000/offer',
      payload: { timeSlot: '19:00' },
    });
    expect(offer.statusCode).toBe(401);
  });
});
