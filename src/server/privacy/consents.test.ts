import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, bookings, marketingConsents } from '#db/schema.ts';
import { MARKETING_CONSENT_WORDING } from '#shared/privacy/consent.ts';
import { TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { BEFORE_CUTOFF, christmasOrder } from '#tests/helpers/christmas.ts';
import { deliverQueuedMail, mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { useSignedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { createOrResetAdmin } from '../staff/admins.ts';

/** Before the Christmas cut-off, with table bookings open a week ahead. */
const NOW = BEFORE_CUTOFF;
const TOKEN_PATTERN = /\/unsubscribe\/([\w-]{43})\b/;

function tableBooking(overrides: Record<string, unknown> = {}) {
  const visit = new Date(NOW.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    name: 'Margaret Ellis',
    phone: '07700 900123',
    email: 'Margaret@Example.com',
    date: visit,
    timeSlot: '19:00',
    partyAdults: 2,
    partyChildren: 0,
    website: '',
    ...overrides,
  };
}

describe.each(databaseTargets)('marketing consent on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });
  const manager = useSignedInAccount(t, 'manager');
  beforeEach(async () => {
    t.setNow(NOW);
    await t.database.db.delete(marketingConsents);
  });

  const book = (body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const consents = () => t.database.db.select().from(marketingConsents);
  const consentAudits = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectType, 'marketing-consent'))
      .orderBy(auditEvents.id);
  const mailingList = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/marketing/consents.csv', headers: { cookie } });
  const unsubscribe = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/marketing/unsubscribe', payload: { token } });

  it('stores a ticked box with the time and the wording shown, and audits it without the address', async () => {
    const before = (await consentAudits()).length;
    const response = await book(tableBooking({ marketingConsent: true, timeSlot: '12:00' }));
    expect(response.statusCode).toBe(201);
    const [consent] = await consents();
    expect(consent).toMatchObject({
      email: 'margaret@example.com',
      name: 'Margaret Ellis',
      source: 'booking',
      wording: MARKETING_CONSENT_WORDING,
      givenAt: NOW,
      withdrawnAt: null,
    });
    expect(consent?.unsubscribeToken).toMatch(/^[\w-]{43}$/);
    const audits = (await consentAudits()).slice(before);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ type: 'consent.given', actorKind: 'guest', subjectId: consent?.id });
    expect(JSON.stringify(audits[0])).not.toMatch(/margaret|ellis/i);
  });

  it('stores nothing when the box is left unticked, or not sent', async () => {
    expect((await book(tableBooking({ marketingConsent: false, timeSlot: '12:30' }))).statusCode).toBe(201);
    expect((await book(tableBooking({ timeSlot: '13:00' }))).statusCode).toBe(201);
    expect(await consents()).toEqual([]);
  });

  it('refuses a consent that is not true or false', async () => {
    const response = await book(tableBooking({ marketingConsent: 'yes', timeSlot: '13:30' }));
    expect(response.statusCode).toBe(400);
    expect(await consents()).toEqual([]);
  });

  it('stores one consent per address: given again, it is renewed and keeps its link; a replay adds nothing', async () => {
    await book(tableBooking({ marketingConsent: true, timeSlot: '14:00' }), 'first');
    const [first] = await consents();
    const later = new Date(NOW.getTime() + 60_000);
    t.setNow(later);
    await t.database.db.update(marketingConsents).set({ withdrawnAt: NOW });
    const replay = await book(tableBooking({ marketingConsent: true, timeSlot: '14:00' }), 'first');
    expect(replay.statusCode).toBe(201);
    expect(await consents()).toEqual([{ ...first, withdrawnAt: NOW }]);

    await book(tableBooking({ marketingConsent: true, timeSlot: '14:30', email: 'margaret@example.com' }));
    const [renewed] = await consents();
    expect(renewed).toMatchObject({
      givenAt: later,
      withdrawnAt: null,
      unsubscribeToken: first?.unsubscribeToken,
    });
  });

  it('records a Christmas checkout’s consent with its hold, before any payment', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { ...christmasOrder(), marketingConsent: true },
    });
    expect(response.statusCode).toBe(201);
    expect(await consents()).toMatchObject([{ source: 'christmas', wording: MARKETING_CONSENT_WORDING }]);
  });

  it('puts the unsubscribe link in the confirmation of a guest who opted in, and only theirs', async () => {
    await book(tableBooking({ marketingConsent: true, timeSlot: '15:00', email: 'news@example.com' }));
    await book(tableBooking({ timeSlot: '15:00', email: 'quiet@example.com' }));
    await deliverQueuedMail(t.app);
    const mail = await mailInOutboxFolder(t);
    const toGuest = (address: string) => mail.find((message) => message.headers.get('to')?.includes(address));
    const [consent] = await consents();
    const link = toGuest('news@example.com')?.text?.match(TOKEN_PATTERN);
    expect(link?.[1]).toBe(consent?.unsubscribeToken);
    expect(toGuest('news@example.com')?.html).toContain(`/unsubscribe/${consent?.unsubscribeToken}`);
    expect(toGuest('quiet@example.com')?.text).not.toMatch(TOKEN_PATTERN);
  });

  it('lists only the opted-in, not withdrawn, addresses for managers, with their unsubscribe links', async () => {
    await book(tableBooking({ marketingConsent: true, timeSlot: '18:00', email: 'yes@example.com' }));
    await book(tableBooking({ marketingConsent: true, timeSlot: '18:00', email: 'gone@example.com' }));
    await book(tableBooking({ timeSlot: '18:00', email: 'no@example.com' }));
    const gone = (await consents()).find((row) => row.email === 'gone@example.com');
    expect((await unsubscribe(gone?.unsubscribeToken ?? '')).statusCode).toBe(200);
    const yes = (await consents()).find((row) => row.email === 'yes@example.com');

    const response = await mailingList(manager.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="mailing-list-.*\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'name,email,given at,source,wording,unsubscribe link',
      `Margaret Ellis,yes@example.com,${NOW.toISOString()},booking,${MARKETING_CONSENT_WORDING},https://pub.test/unsubscribe/${yes?.unsubscribeToken}`,
    ]);
  });

  it('refuses the mailing list to staff below manager, and to no one signed in', async () => {
    await createOrResetAdmin(t.database.db, {
      email: 'bar@pub.test',
      password: TEST_ADMIN.password,
      role: 'staff',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bar@pub.test', password: TEST_ADMIN.password },
    });
    const staff = `rc_admin=${login.cookies.find((cookie) => cookie.name === 'rc_admin')?.value}`;
    expect((await mailingList(staff)).statusCode).toBe(403);
    expect((await mailingList('')).statusCode).toBe(401);
    expect((await mailingList(t.cookie)).statusCode).toBe(200);
  });

  it('withdraws on the POST of the link’s token, once, and audits it; a GET of the page withdraws nothing', async () => {
    await book(tableBooking({ marketingConsent: true, timeSlot: '19:00' }));
    const [consent] = await consents();
    const token = consent?.unsubscribeToken ?? '';

    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    expect((await consents())[0]?.withdrawnAt).toBeNull();

    const later = new Date(NOW.getTime() + 5 * 60_000);
    t.setNow(later);
    const first = await unsubscribe(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ unsubscribed: true });
    expect((await consents())[0]?.withdrawnAt).toEqual(later);
    expect((await unsubscribe(token)).statusCode).toBe(200);
    const withdrawn = (await consentAudits()).filter(
      (entry) => entry.type === 'consent.withdrawn' && entry.subjectId === consent?.id,
    );
    expect(withdrawn).toMatchObject([{ actorKind: 'guest', subjectId: consent?.id }]);
  });

  it('answers an unknown token as a link that is not valid', async () => {
    const response = await unsubscribe('a'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'This link is not valid. It may have been copied incompletely.',
    });
  });

  it('keeps the booking and its consent together: a refused booking stores no consent', async () => {
    const refused = await book(tableBooking({ marketingConsent: true, timeSlot: '03:00' }));
    expect(refused.statusCode).toBe(400);
    expect(await consents()).toEqual([]);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, '03:00'))).toEqual([]);
  });
});
