import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { phoneBooking } from '#tests/helpers/christmas.ts';
import { BOOKED_AT, hoursBefore, remindersSent, TUESDAY, TUESDAY_7PM } from '#tests/helpers/reminders.ts';
import {
  bookAndOpenLink,
  bookingsListedForStaff,
  GUESTS,
  tableBookingRequest,
} from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from '../env.ts';

const NOW = BOOKED_AT;
const THURSDAY = '2026-12-10';
const TOKEN_LINK = /\/bookings\/manage\/[A-Za-z0-9_-]{43}/;

/** Guests book Tuesday's 7pm table (Edith Crawley unless a test says otherwise). */
const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(TUESDAY, { ...GUESTS.edith, ...overrides });

describe.each(databaseTargets)('booking reminders on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test' });
  const book = (overrides: Record<string, unknown> = {}) => bookAndOpenLink(t, guestBooking(overrides));
  const manage = (token: string) => t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
  const confirmComing = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/coming` });
  /** One reminder has gone for each of the times, and no other. */
  const expectOneReminderEach = async (times: string[]) => {
    const subjects = (await remindersSent(t)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(times.length);
    expect(subjects).toEqual(expect.arrayContaining(times.map((time) => expect.stringContaining(time))));
  };

  it('reminds a table exactly once, when its start is 48 hours away', async () => {
    const { reference } = await book();
    t.setNow(hoursBefore(TUESDAY_7PM, 48, 1));
    expect(await t.app.reminders.runDue()).toBe(0);
    expect(await remindersSent(t)).toEqual([]);

    t.setNow(hoursBefore(TUESDAY_7PM, 48));
    expect(await t.app.reminders.runDue()).toBe(1);
    for (const hours of [47, 24, 1]) {
      t.setNow(hoursBefore(TUESDAY_7PM, hours));
      expect(await t.app.reminders.runDue()).toBe(0);
    }
    const sent = await remindersSent(t);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Reminder: your table at The Rose & Crown — Tuesday 8 December 2026, 7pm');
    expect(sent[0]?.headers.get('to')).toContain('edith@example.com');
    expect(sent[0]?.text).toContain(reference);
  });

  it('carries the booking, its own link, "Yes, we’re coming" and the calendar file', async () => {
    const { reference } = await book();
    t.setNow(hoursBefore(TUESDAY_7PM, 30));
    await t.app.reminders.runDue();
    const [reminder] = await remindersSent(t);
    const link = reminder?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^https://pub\\.test${TOKEN_LINK.source}$`));
    expect(reminder?.text).toContain(`${COMING_MESSAGES.action}: ${link}?coming=yes`);
    expect(reminder?.html).toContain(`href="${link}"`);
    expect(reminder?.html).toContain(`href="${link}?coming=yes"`);
    expect(reminder?.html).toContain(COMING_MESSAGES.action);
    expect(reminder?.text).toMatch(/Tuesday 8 December 2026/);
    // The reminder's own link opens the booking.
    const opened = await manage(link.split('/').at(-1) ?? '');
    expect(opened.json()).toMatchObject({ booking: { reference, comingConfirmedAt: null } });
    const raw = readdirSync(join(t.dataDir, 'outbox'))
      .map((file) => readFileSync(join(t.dataDir, 'outbox', file), 'utf8'))
      .find((text) => text.includes('Reminder:'));
    expect(raw).toContain(`${reference}.ics`);
    expect(raw).toContain('text/calendar');
  });

  it('sends none for a cancelled booking', async () => {
    const { token } = await book();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` })).statusCode,
    ).toBe(200);
    t.setNow(hoursBefore(TUESDAY_7PM, 47));
    expect(await t.app.reminders.runDue()).toBe(0);
    expect(await remindersSent(t)).toEqual([]);
  });

  it('sends none for a booking made less than 24 hours before its start, one for a day and more', async () => {
    t.setNow(hoursBefore(TUESDAY_7PM, 23, 59));
    await book({ timeSlot: '19:00', email: 'late@example.com' });
    t.setNow(hoursBefore(TUESDAY_7PM, 24, 1));
    await book({ timeSlot: '19:30', email: 'in-time@example.com' });
    for (const hours of [23, 12, 1]) {
      t.setNow(hoursBefore(TUESDAY_7PM, hours));
      await t.app.reminders.runDue();
    }
    const sent = await remindersSent(t);
    expect(sent.map((mail) => mail.headers.get('to'))).toEqual([
      expect.stringContaining('in-time@example.com'),
    ]);
  });

  it('sends none for a booking whose start has passed unreminded', async () => {
    await book();
    t.setNow(new Date(TUESDAY_7PM.getTime() + 60_000));
    expect(await t.app.reminders.runDue()).toBe(0);
  });

  it('reminds a booking the guest moved of its new time, and not again for a change of notes', async () => {
    const { token } = await book();
    t.setNow(hoursBefore(TUESDAY_7PM, 40));
    expect(await t.app.reminders.runDue()).toBe(1);
    expect((await confirmComing(token)).statusCode).toBe(200);

    const opened = (await manage(token)).json().booking.updatedAt;
    const change = { ...guestBooking({ allergies: 'Coeliac' }), specialNotes: '', version: opened };
    const noted = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: change,
    });
    expect(noted.statusCode).toBe(200);
    expect(await t.app.reminders.runDue()).toBe(0);
    expect((await manage(token)).json().booking.comingConfirmedAt).not.toBeNull();

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: { ...change, date: THURSDAY, version: noted.json().booking.updatedAt },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().booking.comingConfirmedAt).toBeNull();
    expect(await t.app.reminders.runDue()).toBe(0);
    t.setNow(hoursBefore(new Date('2026-12-10T19:00:00Z'), 48));
    expect(await t.app.reminders.runDue()).toBe(1);
    expect(await t.app.reminders.runDue()).toBe(0);
    await expectOneReminderEach(['Tuesday 8 December 2026, 7pm', 'Thursday 10 December 2026, 7pm']);
  });

  it('reminds a booking staff moved of its new time', async () => {
    const { id } = await book();
    t.setNow(hoursBefore(TUESDAY_7PM, 40));
    expect(await t.app.reminders.runDue()).toBe(1);
    await createTestAdmin(t);
    const cookie = await signIn(t);
    const change = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: { cookie }, payload });
    expect((await change({ partyAdults: 3 })).statusCode).toBe(200);
    expect(await t.app.reminders.runDue()).toBe(0);
    expect((await change({ timeSlot: '20:00' })).statusCode).toBe(200);
    expect(await t.app.reminders.runDue()).toBe(1);
    await expectOneReminderEach(['Tuesday 8 December 2026, 7pm', 'Tuesday 8 December 2026, 8pm']);
  });

  it('reminds each Christmas Day sitting 48 hours before it starts, once, and no cancelled, last season’s or e-mail-less booking', async () => {
    await createTestAdmin(t);
    const cookie = await signIn(t);
    const take = async (sittingId: string, email: string) => {
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/christmas/admin/bookings',
        headers: { cookie },
        payload: phoneBooking({ sittingId }, { email }),
      });
      expect(taken.statusCode).toBe(201);
      return taken.json() as { _id: string; reference: string };
    };
    // Christmas bookings carry no year: one left from last season is not this season's.
    t.setNow(new Date('2025-12-20T12:00:00Z'));
    await take('xmas-early', 'last-year@example.com');
    t.setNow(NOW);
    const early = await take('xmas-early', 'early@example.com');
    // Taken by phone with no e-mail address (issue 27): nothing to remind, and nothing fails.
    await take('xmas-early', '');
    await take('xmas-late', 'late@example.com');
    const cancelled = await take('xmas-early', 'cancelled@example.com');
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/christmas/admin/bookings/${cancelled._id}`,
      headers: { cookie },
      payload: { status: 'CANCELLED', refundDeposit: false },
    });
    expect(cancel.statusCode).toBe(200);

    // 12pm and 2:30pm on Friday 25 December 2026 (GMT).
    const earlyStart = new Date('2026-12-25T12:00:00Z');
    t.setNow(hoursBefore(earlyStart, 48, 1));
    expect(await t.app.reminders.runDue()).toBe(0);
    t.setNow(hoursBefore(earlyStart, 48));
    expect(await t.app.reminders.runDue()).toBe(1);
    t.setNow(hoursBefore(new Date('2026-12-25T14:30:00Z'), 48));
    expect(await t.app.reminders.runDue()).toBe(1);
    t.setNow(hoursBefore(earlyStart, 2));
    expect(await t.app.reminders.runDue()).toBe(0);

    const sent = (await remindersSent(t)).sort((one, other) => one.subject.localeCompare(other.subject));
    expect(sent.map((mail) => [mail.headers.get('to'), mail.subject])).toEqual([
      [
        expect.stringContaining('early@example.com'),
        'Reminder: your Christmas Day table at The Rose & Crown — Friday 25 December 2026, 12pm',
      ],
      [
        expect.stringContaining('late@example.com'),
        'Reminder: your Christmas Day table at The Rose & Crown — Friday 25 December 2026, 2:30pm',
      ],
    ]);
    const link = sent[0]?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(/^https:\/\/pub\.test\/christmas\/manage\/[A-Za-z0-9_-]{43}$/);
    expect(sent[0]?.text).toContain(`${COMING_MESSAGES.action}: ${link}?coming=yes`);
    expect(sent[0]?.text).toContain(early.reference);
  });

  describe('"Yes, we’re coming"', () => {
    it('is noted once from a POST, and staff see it', async () => {
      const { reference, token } = await book();
      t.setNow(hoursBefore(TUESDAY_7PM, 40));
      const first = await confirmComing(token);
      expect(first.statusCode).toBe(200);
      const confirmedAt = first.json().booking.comingConfirmedAt;
      expect(confirmedAt).toBe(hoursBefore(TUESDAY_7PM, 40).toISOString());
      t.setNow(hoursBefore(TUESDAY_7PM, 30));
      const again = await confirmComing(token);
      expect(again.statusCode).toBe(200);
      expect(again.json().booking.comingConfirmedAt).toBe(confirmedAt);
      const noted = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.type, 'booking.coming'));
      expect(noted).toEqual([
        expect.objectContaining({
          actorKind: 'guest',
          summary: `${reference}: the guest confirmed they are coming`,
        }),
      ]);

      expect(await bookingsListedForStaff(t, TUESDAY)).toEqual([
        expect.objectContaining({ reference, comingConfirmedAt: confirmedAt }),
      ]);
    });

    it('is not noted by following the link: a mail scanner opening the page confirms nothing', async () => {
      const { token } = await book();
      const page = await t.app.inject({ method: 'GET', url: `/bookings/manage/${token}?coming=yes` });
      expect(page.statusCode).toBe(200);
      expect((await manage(token)).json().booking.comingConfirmedAt).toBeNull();
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}/coming` })).statusCode,
      ).toBe(404);
    });

    it('is refused for a cancelled booking, one that has started, and a link that opens none', async () => {
      const cancelled = await book();
      await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${cancelled.token}/cancel` });
      const refused = await confirmComing(cancelled.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: MANAGE_MESSAGES.alreadyCancelled });

      const started = await book({ timeSlot: '20:00' });
      t.setNow(new Date('2026-12-08T20:05:00Z'));
      const late = await confirmComing(started.token);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: COMING_MESSAGES.tooLate });

      const unknown = await confirmComing('A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: MANAGE_MESSAGES.notFound });
    });
  });
});

describe.each(databaseTargets)('booking reminders with REMINDER_LEAD_HOURS=24 on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test', env: { REMINDER_LEAD_HOURS: '24' } });

  it('takes its lead time from REMINDER_LEAD_HOURS', async () => {
    await bookAndOpenLink(t, guestBooking());
    t.setNow(hoursBefore(TUESDAY_7PM, 25));
    expect(await t.app.reminders.runDue()).toBe(0);
    t.setNow(hoursBefore(TUESDAY_7PM, 24));
    expect(await t.app.reminders.runDue()).toBe(1);
  });
});

describe('REMINDER_LEAD_HOURS', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('is 48 hours unless set', () => {
    expect(load({}).reminderLeadHours).toBe(48);
    expect(load({ REMINDER_LEAD_HOURS: '24' }).reminderLeadHours).toBe(24);
  });

  it.each(['soon', '0', '1.5', '1000'])('refuses %s, naming the variable', (value) => {
    expect(() => load({ REMINDER_LEAD_HOURS: value })).toThrow(ConfigError);
    expect(() => load({ REMINDER_LEAD_HOURS: value })).toThrow(/REMINDER_LEAD_HOURS: must be/);
  });
});
