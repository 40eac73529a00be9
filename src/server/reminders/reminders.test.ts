import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '#db/client.ts';
import { auditEvents, outboxMessages } from '#db/schema.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { phoneBooking } from '#tests/helpers/christmas.ts';
import { type ParsedMail, parseMail } from '#tests/helpers/mime.ts';
import { deliverQueuedMail, mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import {
  databaseTargets,
  postgres,
  startTestApp,
  type TestApp,
  type TestDatabaseTarget,
  testConfig,
} from '#tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { buildApp } from '../http/app.ts';

/** Sunday 22 November 2026, midday in London (GMT): the tables below are booked now. */
const NOW = new Date('2026-11-22T12:00:00Z');
const TUESDAY = '2026-12-08';
const THURSDAY = '2026-12-10';
/** When Tuesday's 7pm table starts (GMT). */
const TUESDAY_7PM = new Date('2026-12-08T19:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const hoursBefore = (instant: Date, hours: number, minutes = 0) =>
  new Date(instant.getTime() - hours * HOUR_MS - minutes * 60_000);

const TOKEN_LINK = /\/bookings\/manage\/[A-Za-z0-9_-]{43}/;

function guestBooking(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Edith Crawley',
    phone: '07700 900321',
    email: 'edith@example.com',
    date: TUESDAY,
    timeSlot: '19:00',
    partyAdults: 2,
    partyChildren: 0,
    ...overrides,
  };
}

const isReminder = (mail: ParsedMail) => mail.subject.startsWith('Reminder:');

/** The reminders delivered so far, oldest first. */
async function remindersSent(t: TestApp): Promise<ParsedMail[]> {
  return (await mailInOutboxFolder(t)).filter(isReminder);
}

/** Books a table and answers its reference and the token of the link in its confirmation. */
async function book(t: TestApp, overrides: Record<string, unknown> = {}) {
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: guestBooking(overrides),
  });
  expect(booked.statusCode).toBe(201);
  const { reference, _id: id } = booked.json() as { reference: string; _id: string };
  const confirmation = (await mailInOutboxFolder(t)).find(
    (mail) => mail.subject.startsWith('Your table') && mail.text.includes(reference),
  );
  const token = confirmation?.text.match(/Change or cancel your booking: \S+\/manage\/(\S+)/)?.[1] ?? '';
  expect(token).toHaveLength(43);
  return { id, reference, token };
}

const manage = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
const confirmComing = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/coming` });

describe.each(databaseTargets)('booking reminders on $name', (target) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp(target, NOW);
  });
  afterEach(() => t.close());

  it('reminds a table exactly once, when its start is 48 hours away', async () => {
    const { reference } = await book(t);
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
    const { reference } = await book(t);
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
    const opened = await manage(t, link.split('/').at(-1) ?? '');
    expect(opened.json()).toMatchObject({ booking: { reference, comingConfirmedAt: null } });
    const raw = readdirSync(join(t.dataDir, 'outbox'))
      .map((file) => readFileSync(join(t.dataDir, 'outbox', file), 'utf8'))
      .find((text) => text.includes('Reminder:'));
    expect(raw).toContain(`${reference}.ics`);
    expect(raw).toContain('text/calendar');
  });

  it('sends none for a cancelled booking', async () => {
    const { token } = await book(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` })).statusCode,
    ).toBe(200);
    t.setNow(hoursBefore(TUESDAY_7PM, 47));
    expect(await t.app.reminders.runDue()).toBe(0);
    expect(await remindersSent(t)).toEqual([]);
  });

  it('sends none for a booking made less than 24 hours before its start, one for a day and more', async () => {
    t.setNow(hoursBefore(TUESDAY_7PM, 23, 59));
    await book(t, { timeSlot: '19:00', email: 'late@example.com' });
    t.setNow(hoursBefore(TUESDAY_7PM, 24, 1));
    await book(t, { timeSlot: '19:30', email: 'in-time@example.com' });
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
    await book(t);
    t.setNow(new Date(TUESDAY_7PM.getTime() + 60_000));
    expect(await t.app.reminders.runDue()).toBe(0);
  });

  it('reminds a booking the guest moved of its new time, and not again for a change of notes', async () => {
    const { token } = await book(t);
    t.setNow(hoursBefore(TUESDAY_7PM, 40));
    expect(await t.app.reminders.runDue()).toBe(1);
    expect((await confirmComing(t, token)).statusCode).toBe(200);

    const opened = (await manage(t, token)).json().booking.updatedAt;
    const change = { ...guestBooking({ allergies: 'Coeliac' }), specialNotes: '', version: opened };
    const noted = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: change,
    });
    expect(noted.statusCode).toBe(200);
    expect(await t.app.reminders.runDue()).toBe(0);
    expect((await manage(t, token)).json().booking.comingConfirmedAt).not.toBeNull();

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
    const subjects = (await remindersSent(t)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Tuesday 8 December 2026, 7pm'),
        expect.stringContaining('Thursday 10 December 2026, 7pm'),
      ]),
    );
  });

  it('reminds a booking staff moved of its new time', async () => {
    const { id } = await book(t);
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
    const subjects = (await remindersSent(t)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Tuesday 8 December 2026, 7pm'),
        expect.stringContaining('Tuesday 8 December 2026, 8pm'),
      ]),
    );
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

  it('takes its lead time from REMINDER_LEAD_HOURS', async () => {
    await t.close();
    t = await startTestApp(target, NOW, { env: { REMINDER_LEAD_HOURS: '24' } });
    await book(t);
    t.setNow(hoursBefore(TUESDAY_7PM, 25));
    expect(await t.app.reminders.runDue()).toBe(0);
    t.setNow(hoursBefore(TUESDAY_7PM, 24));
    expect(await t.app.reminders.runDue()).toBe(1);
  });

  describe('"Yes, we’re coming"', () => {
    it('is noted once from a POST, and staff see it', async () => {
      const { reference, token } = await book(t);
      t.setNow(hoursBefore(TUESDAY_7PM, 40));
      const first = await confirmComing(t, token);
      expect(first.statusCode).toBe(200);
      const confirmedAt = first.json().booking.comingConfirmedAt;
      expect(confirmedAt).toBe(hoursBefore(TUESDAY_7PM, 40).toISOString());
      t.setNow(hoursBefore(TUESDAY_7PM, 30));
      const again = await confirmComing(t, token);
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

      await createTestAdmin(t);
      const cookie = await signIn(t);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/bookings?date=${TUESDAY}`,
        headers: { cookie },
      });
      expect(list.json()).toEqual([expect.objectContaining({ reference, comingConfirmedAt: confirmedAt })]);
    });

    it('is not noted by following the link: a mail scanner opening the page confirms nothing', async () => {
      const { token } = await book(t);
      const page = await t.app.inject({ method: 'GET', url: `/bookings/manage/${token}?coming=yes` });
      expect(page.statusCode).toBe(200);
      expect((await manage(t, token)).json().booking.comingConfirmedAt).toBeNull();
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}/coming` })).statusCode,
      ).toBe(404);
    });

    it('is refused for a cancelled booking, one that has started, and a link that opens none', async () => {
      const cancelled = await book(t);
      await t.app.inject({ method: 'POST', url: `/api/bookings/manage/${cancelled.token}/cancel` });
      const refused = await confirmComing(t, cancelled.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: MANAGE_MESSAGES.alreadyCancelled });

      const started = await book(t, { timeSlot: '20:00' });
      t.setNow(new Date('2026-12-08T20:05:00Z'));
      const late = await confirmComing(t, started.token);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: COMING_MESSAGES.tooLate });

      const unknown = await confirmComing(t, 'A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: MANAGE_MESSAGES.notFound });
    });
  });
});

/** The app on a database it did not create: a server restarting, or a second one beside the first. */
async function appOn(database: DatabaseHandle, now: () => Date) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-reminders-'));
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir }),
    database,
    clock: now,
    webRoot: resolve(import.meta.dirname, '../../..'),
    logger: false,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(databaseTargets)('reminders across a restart on $name', (target) => {
  it('are not sent again by the server that starts next', async () => {
    const database = await target.open();
    await database.migrate();
    let now = NOW;
    const first = await appOn(database, () => now);
    try {
      const booked = await first.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: guestBooking(),
      });
      expect(booked.statusCode).toBe(201);
      now = hoursBefore(TUESDAY_7PM, 40);
      expect(await first.app.reminders.runDue()).toBe(1);
    } finally {
      await first.close();
    }
    now = hoursBefore(TUESDAY_7PM, 39);
    const next = await appOn(database, () => now);
    try {
      expect(await next.app.reminders.runDue()).toBe(0);
      const reminders = await database.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'table-booking-reminder'));
      expect(reminders).toHaveLength(1);
    } finally {
      await next.close();
      await database.dispose();
    }
  });
});

// Two server processes are two connection pools on one database: each booking's claim lets only one send.
describe.skipIf(!postgres)('reminders from two servers on one PostgreSQL database', () => {
  const BOOKINGS = 10;

  it('sends each booking exactly one reminder while both run passes at once', async () => {
    const shared = await (postgres as TestDatabaseTarget).open();
    await shared.migrate();
    const second = await openPostgres(shared.url ?? '');
    let now = NOW;
    const servers = [await appOn(shared, () => now), await appOn(second, () => now)] as const;
    try {
      for (let guest = 0; guest < BOOKINGS; guest++) {
        const booked = await (guest % 2 === 0 ? servers[0] : servers[1]).app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: guestBooking({
            email: `guest${guest}@example.com`,
            timeSlot: guest < 5 ? '19:00' : '20:00',
          }),
        });
        expect(booked.statusCode).toBe(201);
      }
      now = hoursBefore(TUESDAY_7PM, 40);
      const race = () => Promise.all(servers.map((server) => server.app.reminders.runDue()));
      const [first, second] = await race();
      expect((first ?? 0) + (second ?? 0)).toBe(BOOKINGS);
      expect(await race()).toEqual([0, 0]);

      await Promise.all(servers.map((server) => deliverQueuedMail(server.app)));
      const delivered = servers
        .flatMap((server) => {
          const folder = join(server.dataDir, 'outbox');
          return readdirSync(folder).map((file) => parseMail(readFileSync(join(folder, file), 'utf8')));
        })
        .filter(isReminder);
      expect(delivered).toHaveLength(BOOKINGS);
      expect(new Set(delivered.map((mail) => mail.headers.get('to')))).toHaveProperty('size', BOOKINGS);
    } finally {
      for (const server of servers) await server.close();
      await second.close();
      await shared.dispose();
    }
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
