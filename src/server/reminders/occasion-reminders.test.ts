import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { BEFORE_PARTY_NIGHTS, bookOccasion, PARTY_NIGHTS, SUPPER_CLUB } from '#tests/helpers/occasions.ts';
import { hoursBefore, remindersSent } from '#tests/helpers/reminders.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

const PARTY_DATE = '2026-12-11';
/** The party nights' dinner on Friday 11 December 2026 starts at 7pm (GMT). */
const PARTY_DINNER = new Date('2026-12-11T19:00:00Z');
/** The supper club's one sitting, Friday 22 January 2027 at 7:30pm (GMT). */
const SUPPER = new Date('2027-01-22T19:30:00Z');
const ORGANISER_LINK = /^https:\/\/pub\.test\/occasions\/organiser\/([A-Za-z0-9_-]{43})$/;

describe.each(databaseTargets)('occasion visit reminders on $name', (target) => {
  const t = useTestApp(target, BEFORE_PARTY_NIGHTS, { per: 'test' });
  const bookDinner = (email: string) =>
    bookOccasion(t, { slug: PARTY_NIGHTS, date: PARTY_DATE, sittingId: 'dinner', adults: 12, email });
  const bookSupper = (email: string) =>
    bookOccasion(t, { slug: SUPPER_CLUB, date: '2027-01-22', sittingId: 'supper', adults: 2, email });
  const organiserPage = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/occasions/organiser/${token}` });
  const confirmComing = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/occasions/organiser/${token}/coming` });
  const cancel = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/occasions/organiser/${token}/cancel` });

  it('reminds the organiser once, 48 hours before the sitting, with their page, "Yes, we’re coming" and the calendar file', async () => {
    const { reference, dinerToken } = await bookDinner('hannah@example.com');
    const chose = await t.app.inject({
      method: 'POST',
      url: `/api/occasions/diners/${dinerToken}`,
      payload: {
        name: 'Priya',
        email: '',
        allergies: '',
        choices: { starter: 'winter-soup', main: 'roast-turkey', dessert: 'cheese-plate' },
      },
    });
    expect(chose.statusCode).toBe(201);
    t.setNow(hoursBefore(PARTY_DINNER, 48, 1));
    expect(await t.app.reminders.runDue()).toBe(0);
    t.setNow(hoursBefore(PARTY_DINNER, 48));
    expect(await t.app.reminders.runDue()).toBe(1);
    for (const hours of [47, 24, 1]) {
      t.setNow(hoursBefore(PARTY_DINNER, hours));
      expect(await t.app.reminders.runDue()).toBe(0);
    }

    const sent = await remindersSent(t);
    expect(sent.map((mail) => [mail.headers.get('to'), mail.subject])).toEqual([
      [
        expect.stringContaining('hannah@example.com'),
        'Reminder: Christmas party nights at The Rose & Crown — Friday 11 December 2026, 7pm',
      ],
    ]);
    const [reminder] = sent;
    expect(reminder?.text).toContain(reference);
    // Twelve at £38, £120 paid ahead, and Priya's cheese plate £3.50 more.
    expect(reminder?.text).toMatch(/Supplements chosen:\s+£3\.50/);
    expect(reminder?.text).toMatch(/Left to pay on the day:\s+£339\.50/);
    const link = reminder?.text.match(/Change or cancel your booking: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(ORGANISER_LINK);
    expect(reminder?.text).toContain(`${COMING_MESSAGES.action}: ${link}?coming=yes`);
    expect(reminder?.html).toContain(`href="${link}?coming=yes"`);
    // The reminder's own link opens the organiser's page.
    const opened = await organiserPage(link.match(ORGANISER_LINK)?.[1] ?? '');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ reference, comingConfirmedAt: null });
    const raw = readdirSync(join(t.dataDir, 'outbox'))
      .map((file) => readFileSync(join(t.dataDir, 'outbox', file), 'utf8'))
      .find((text) => text.includes('Reminder:'));
    expect(raw).toContain(`${reference}.ics`);
    expect(raw).toContain('text/calendar');
  });

  it('sends none for a cancelled booking, or one made within 24 hours of its sitting; one for a day and more', async () => {
    const cancelled = await bookDinner('cancelled@example.com');
    expect((await cancel(cancelled.organiserToken)).statusCode).toBe(200);
    // The supper club sells tickets until its sitting starts.
    t.setNow(hoursBefore(SUPPER, 24, 1));
    await bookSupper('in-time@example.com');
    t.setNow(hoursBefore(SUPPER, 23, 59));
    await bookSupper('late@example.com');
    t.setNow(hoursBefore(PARTY_DINNER, 40));
    expect(await t.app.reminders.runDue()).toBe(0);
    for (const hours of [23, 12, 1]) {
      t.setNow(hoursBefore(SUPPER, hours));
      await t.app.reminders.runDue();
    }
    expect((await remindersSent(t)).map((mail) => mail.headers.get('to'))).toEqual([
      expect.stringContaining('in-time@example.com'),
    ]);
  });

  describe('"Yes, we’re coming"', () => {
    it('is noted once from a POST, in the audit trail, and staff see it', async () => {
      const { reference, organiserToken } = await bookDinner('hannah@example.com');
      const firstAt = hoursBefore(PARTY_DINNER, 40);
      t.setNow(firstAt);
      const first = await confirmComing(organiserToken);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ reference, comingConfirmedAt: firstAt.toISOString() });
      t.setNow(hoursBefore(PARTY_DINNER, 30));
      const again = await confirmComing(organiserToken);
      expect(again.json().comingConfirmedAt).toBe(firstAt.toISOString());
      expect(
        await t.database.db.select().from(auditEvents).where(eq(auditEvents.type, 'occasion.coming')),
      ).toEqual([
        expect.objectContaining({
          actorKind: 'guest',
          summary: `${reference}: the guest confirmed they are coming`,
        }),
      ]);

      await createTestAdmin(t);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings?date=${PARTY_DATE}`,
        headers: { cookie: await signIn(t) },
      });
      expect(listed.json().bookings).toEqual([expect.objectContaining({ reference, comingConfirmed: true })]);
    });

    it('is refused for a cancelled booking, a sitting that has started, and a link that opens none', async () => {
      const cancelled = await bookDinner('cancelled@example.com');
      await cancel(cancelled.organiserToken);
      const refused = await confirmComing(cancelled.organiserToken);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: MANAGE_MESSAGES.alreadyCancelled });

      const started = await bookDinner('late@example.com');
      t.setNow(new Date(PARTY_DINNER.getTime() + 5 * 60_000));
      const late = await confirmComing(started.organiserToken);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: COMING_MESSAGES.tooLate });
      expect((await organiserPage(started.organiserToken)).json().comingConfirmedAt).toBeNull();

      const unknown = await confirmComing('A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: PRE_ORDER_MESSAGES.linkNotFound });
    });
  });
});
