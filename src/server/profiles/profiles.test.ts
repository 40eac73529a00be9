import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, guestProfiles } from '#db/schema.ts';
import { PERSONAL_VALUE } from '#shared/audit/types.ts';
import type { GuestProfile, ProfileNotesAnswer } from '#shared/profiles/api.ts';
import { PROFILE_MESSAGES } from '#shared/profiles/messages.ts';
import { tooLongMessage } from '#shared/schema/fields.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { MARGARET, makeMargaretsBookings, NOW, REGULAR_WITH_NOTE } from './profile-test-kit.ts';

const PROFILE_URL = `/api/admin/profiles?email=${encodeURIComponent(MARGARET.email)}`;

describe.each(databaseTargets)('guest profiles on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test' });

  async function asManager() {
    await makeMargaretsBookings(t);
    const { cookie } = await signedInAccount(t, 'manager', 'Polly');
    const send = (request: { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: object }) =>
      t.app.inject({ ...request, headers: { cookie } });
    const lookup = async (query: string) => {
      const answer = await send({ method: 'GET', url: `/api/admin/profiles?${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { profile: GuestProfile | null }).profile;
    };
    return { send, lookup };
  }

  it('builds her profile from her bookings: history, counts, phones and the phone booking to confirm', async () => {
    const { lookup } = await asManager();
    const profile = await lookup(`email=${encodeURIComponent(' MARGARET.hale@example.com ')}`);
    expect(profile).toMatchObject({
      email: MARGARET.key,
      name: MARGARET.name,
      phones: [MARGARET.phone],
      tags: [],
      note: '',
      noteMentionsHealth: false,
      counts: { visits: 1, noShows: 1, lateCancellations: 1, cancellations: 1, upcoming: 1 },
      phoneOnlyMatches: [
        { reference: 'RC-PH0001', date: '2026-09-05', name: 'Mrs Hale', phone: MARGARET.phoneElsewhere },
      ],
    });
    expect(profile?.history.map((visit) => [visit.reference, visit.status])).toEqual([
      ['RC-MH0004', 'Confirmed'],
      ['RC-MH0003', PROFILE_MESSAGES.cancelledByGuest],
      ['RC-MH0002', PROFILE_MESSAGES.noShow],
      ['RC-MH0001', 'Confirmed'],
    ]);
    expect(profile?.history[0]).toEqual({
      kind: 'table',
      reference: 'RC-MH0004',
      date: MARGARET.nextVisit,
      time: '19:30',
      partySize: 2,
      status: 'Confirmed',
    });
    expect(await lookup('email=nobody%40example.com')).toBeNull();
  });

  it('saves her tags and note, warns of the health mention, and shows the note beside her next booking', async () => {
    const { send, lookup } = await asManager();
    const saved = await send({ method: 'PUT', url: PROFILE_URL, payload: REGULAR_WITH_NOTE });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      tags: ['Regular'],
      note: REGULAR_WITH_NOTE.note,
      noteMentionsHealth: true,
      noteBy: 'Polly',
      noteAt: NOW.toISOString(),
    });

    for (const query of [
      `email=${encodeURIComponent(MARGARET.email)}`,
      `phone=${encodeURIComponent(MARGARET.phone)}`,
      `phone=${encodeURIComponent('+44 (0)7700-900-111')}`,
    ]) {
      expect(await lookup(query), query).toMatchObject({ email: MARGARET.key, tags: ['Regular'] });
    }
    expect(await lookup('phone=01632%20960000')).toBeNull();

    const notes = await send({ method: 'GET', url: `/api/admin/profiles/notes?date=${MARGARET.nextVisit}` });
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toEqual({
      date: MARGARET.nextVisit,
      notes: [
        {
          email: MARGARET.key,
          phones: [],
          tags: ['Regular'],
          note: REGULAR_WITH_NOTE.note,
          noteMentionsHealth: true,
          visits: 1,
          noShows: 1,
        },
      ],
    } satisfies ProfileNotesAnswer);
    const otherDay = await send({ method: 'GET', url: '/api/admin/profiles/notes?date=2026-12-13' });
    expect(otherDay.json()).toEqual({ date: '2026-12-13', notes: [] });

    // The trail names the tags, never the note's words.
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'profile.changed'));
    expect(entry).toMatchObject({ actorName: 'Polly', subjectType: 'profile', subjectId: 'RC-MH0004' });
    expect(entry?.summary).toBe('Profile of the guest of RC-MH0004: tags Regular; note changed');
    expect(entry?.changes).toEqual({
      tags: { before: [], after: ['Regular'] },
      note: { before: PERSONAL_VALUE, after: PERSONAL_VALUE },
    });
    expect(JSON.stringify(entry)).not.toContain('coeliac');
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('margaret');
  });

  it('counts her phone booking once staff confirm the number, and shows her note beside phone bookings', async () => {
    const { send, lookup } = await asManager();
    const confirmed = await send({
      method: 'POST',
      url: `${'/api/admin/profiles/phones'}?email=${encodeURIComponent(MARGARET.email)}`,
      payload: { phone: MARGARET.phoneElsewhere },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const profile = confirmed.json() as GuestProfile;
    expect(profile.phoneOnlyMatches).toEqual([]);
    expect(profile.counts.visits).toBe(2);
    expect(profile.history.map((visit) => visit.reference)).toContain('RC-PH0001');
    const [row] = await t.database.db.select().from(guestProfiles);
    expect(row).toMatchObject({ email: MARGARET.key, confirmedPhones: ['07700900111'], tags: [], note: '' });
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'profile.phone-confirmed'));
    expect(entry?.summary).toBe('Phone booking RC-PH0001 linked to the guest of RC-MH0004');

    await send({ method: 'PUT', url: PROFILE_URL, payload: REGULAR_WITH_NOTE });
    const notes = (
      await send({ method: 'GET', url: '/api/admin/profiles/notes?date=2026-09-05' })
    ).json() as ProfileNotesAnswer;
    expect(notes.notes.map((note) => [note.email, note.phones, note.visits])).toEqual([
      [MARGARET.key, ['07700900111'], 2],
    ]);
    expect((await lookup('phone=07700900111'))?.email).toBe(MARGARET.key);

    // A number with no phone booking, or one already another guest's, is refused on its field.
    const none = await send({
      method: 'POST',
      url: `/api/admin/profiles/phones?email=${encodeURIComponent(MARGARET.email)}`,
      payload: { phone: '01632 960000' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: PROFILE_MESSAGES.phoneNotTheirs,
      issues: [{ path: 'phone', message: PROFILE_MESSAGES.phoneNotTheirs }],
    });
    const taken = await send({
      method: 'POST',
      url: '/api/admin/profiles/phones?email=john%40example.com',
      payload: { phone: MARGARET.phone },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().issues).toEqual([
      { path: 'phone', message: PROFILE_MESSAGES.phoneConfirmedElsewhere },
    ]);
  });

  it('refuses what is wrong with the words staff read, and a profile for an address with no booking', async () => {
    const { send } = await asManager();
    const before = await t.database.db.select().from(auditEvents);
    const cases: [object, string][] = [
      [{ tags: [' '], note: '' }, PROFILE_MESSAGES.tagEmpty],
      [{ tags: ['x'.repeat(31)], note: '' }, PROFILE_MESSAGES.tagTooLong],
      [{ tags: Array.from({ length: 11 }, (_, i) => `Tag ${i}`), note: '' }, PROFILE_MESSAGES.tooManyTags],
      [{ tags: [], note: 'x'.repeat(501) }, tooLongMessage('Note', 500)],
    ];
    for (const [payload, message] of cases) {
      const refused = await send({ method: 'PUT', url: PROFILE_URL, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toBe(message);
    }
    const noEmail = await send({
      method: 'PUT',
      url: '/api/admin/profiles?email=%20',
      payload: REGULAR_WITH_NOTE,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe(PROFILE_MESSAGES.emailMissing);
    const lookupNothing = await send({ method: 'GET', url: '/api/admin/profiles' });
    expect(lookupNothing.statusCode).toBe(400);
    expect(lookupNothing.json().error).toBe('Please give an e-mail address or a phone number.');
    const badDate = await send({ method: 'GET', url: '/api/admin/profiles/notes?date=2026-02-30' });
    expect(badDate.statusCode).toBe(400);

    const unknown = await send({
      method: 'PUT',
      url: '/api/admin/profiles?email=stranger%40example.com',
      payload: REGULAR_WITH_NOTE,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: PROFILE_MESSAGES.notFound });
    expect(await t.database.db.select().from(guestProfiles)).toEqual([]);
    expect(await t.database.db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it('keeps a row only while staff keep something: clearing the tags and note deletes it', async () => {
    const { send } = await asManager();
    await send({ method: 'PUT', url: PROFILE_URL, payload: REGULAR_WITH_NOTE });
    const cleared = await send({ method: 'PUT', url: PROFILE_URL, payload: { tags: [], note: '' } });
    expect(cleared.json()).toMatchObject({ tags: [], note: '', noteBy: null, noteAt: null });
    expect(await t.database.db.select().from(guestProfiles)).toEqual([]);
    const twice = await send({
      method: 'PUT',
      url: PROFILE_URL,
      payload: { tags: ['VIP', 'vip', 'Needs step-free access'], note: '' },
    });
    expect(twice.json().tags).toEqual(['VIP', 'Needs step-free access']);
  });

  it('is for managers and owners only: a staff account is refused each endpoint, and signed out is 401', async () => {
    await makeMargaretsBookings(t);
    const staff = await signedInAccount(t, 'staff');
    const owner = await signedInAccount(t, 'owner');
    const endpoints = [
      { method: 'GET' as const, url: PROFILE_URL },
      { method: 'PUT' as const, url: PROFILE_URL, payload: REGULAR_WITH_NOTE },
      {
        method: 'POST' as const,
        url: `/api/admin/profiles/phones?email=${encodeURIComponent(MARGARET.email)}`,
        payload: { phone: MARGARET.phone },
      },
      { method: 'GET' as const, url: `/api/admin/profiles/notes?date=${MARGARET.nextVisit}` },
    ];
    for (const endpoint of endpoints) {
      const refused = await t.app.inject({ ...endpoint, headers: { cookie: staff.cookie } });
      expect(refused.statusCode, endpoint.url).toBe(403);
      expect(refused.body).not.toContain('Margaret');
      const signedOut = await t.app.inject(endpoint);
      expect(signedOut.statusCode, endpoint.url).toBe(401);
    }
    expect(await t.database.db.select().from(guestProfiles)).toEqual([]);
    const read = await t.app.inject({ ...endpoints[0], headers: { cookie: owner.cookie } } as never);
    expect(read.statusCode).toBe(200);
  });
});
