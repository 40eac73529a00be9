import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { pglite } from '#tests/helpers/test-app.ts';
import { fillSaturdayEvening, joinAt, joined, mailOf, NOW, SATURDAY, tokenOf } from './standby-test-kit.ts';

describe('guests join the standby list of a full service', () => {
  const t = useTestApp(pglite, NOW, { per: 'test', signedIn: true });

  it('takes a guest onto the list and e-mails them that it is not a booking, with their window and own link', async () => {
    await fillSaturdayEvening(t);
    const entry = await joined(t, 1);
    expect(entry).toMatchObject({
      date: SATURDAY,
      service: 'dinner',
      windowStart: '19:00',
      windowEnd: '20:30',
      partySize: 2,
      status: 'WAITING',
    });
    expect(entry.reference).toMatch(/^SB-/);
    expect(entry.entryUrl).toMatch(/^https:\/\/pub\.test\/standby\/[A-Za-z0-9_-]{43}$/);
    const [mail, ...others] = await mailOf(t, 'standby-joined');
    expect(others).toEqual([]);
    expect(mail?.to).toBe('edith@example.com');
    expect(mail?.subject).toContain('not a booking');
    const text = mail?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain(STANDBY_MESSAGES.notABooking);
    expect(text).toContain(`${formatTime('19:00')}–${formatTime('20:30')}`);
    expect(text).toContain('2 adults');
    expect(mail?.text).toContain(entry.entryUrl);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'standby.joined'));
    expect(audit).toMatchObject({ actorName: 'Guest', subjectType: 'standby' });
    expect(audit?.summary).not.toContain('Edith');
  });

  it('sends a guest to book a time of the window that is free, and marks the fields the rule names', async () => {
    const free = await joinAt(t, 1);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({
      error: STANDBY_MESSAGES.timeFree('19:00'),
      issues: [{ path: 'windowStart', message: STANDBY_MESSAGES.timeFree('19:00') }],
    });
    const backwards = await joinAt(t, 2, { windowStart: '20:00', windowEnd: '19:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ issues: [{ path: 'windowEnd' }] });
  });

  it('holds no more waiting guests than the cap, half the covers of the service', async () => {
    await fillSaturdayEvening(t);
    // 80 covers a service: the list holds 40 guests, five parties of eight.
    for (let party = 1; party <= 5; party++) {
      await joined(t, party, { email: `party${party}@example.com`, partyAdults: 8, windowStart: '20:30' });
    }
    const full = await joinAt(t, 6, { email: 'late@example.com', partyAdults: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: STANDBY_MESSAGES.capReached });
  });

  it('keeps one place per e-mail per service, whatever its case', async () => {
    await fillSaturdayEvening(t);
    await joined(t, 1);
    const again = await joinAt(t, 2, { email: 'EDITH@example.com', windowStart: '20:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: STANDBY_MESSAGES.alreadyOnList,
      issues: [{ path: 'email', message: STANDBY_MESSAGES.alreadyOnList }],
    });
  });

  it('lets the guest see and leave the list from their own link, and leaving again answers the same', async () => {
    await fillSaturdayEvening(t);
    const { entryUrl } = await joined(t, 1);
    const url = `/api/standby/entries/${tokenOf(entryUrl)}`;
    const seen = await t.app.inject({ method: 'GET', url });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'WAITING', name: 'Edith Crawley' });
    for (const attempt of [1, 2]) {
      const left = await t.app.inject({ method: 'DELETE', url });
      expect(left.statusCode, `leaving, attempt ${attempt}`).toBe(200);
      expect(left.json()).toMatchObject({ status: 'REMOVED' });
    }
    const removals = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'standby.removed'), eq(auditEvents.actorName, 'Guest')));
    expect(removals).toHaveLength(1);
    // Off the list, the same e-mail may join again.
    expect((await joinAt(t, 3)).statusCode).toBe(201);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/standby/entries/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: STANDBY_MESSAGES.entryNotFound });
  });

  it('refuses every guest when the pub keeps no standby list', async () => {
    const { version, document } = (
      await t.asStaff({ method: 'GET', url: '/api/admin/content/booking-settings' })
    ).json() as { version: number; document: Record<string, unknown> };
    const saved = await t.asStaff({
      method: 'PUT',
      url: '/api/admin/content/booking-settings',
      payload: { baseVersion: version, document: { ...document, standbyCapPercent: 0 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await fillSaturdayEvening(t);
    const off = await joinAt(t, 1);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error: STANDBY_MESSAGES.listOff });
  });
});
