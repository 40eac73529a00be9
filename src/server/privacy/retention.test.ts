import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '#db/client.ts';
import {
  guestProfiles,
  marketingConsents,
  occasionBookings,
  occasionDiners,
  occasionOrganiserLinks,
  outboxMessages,
} from '#db/schema.ts';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import { startAppOn } from '#tests/helpers/app-on-database.ts';
import {
  GUEST,
  makeGuestRecords,
  makeOtherGuestBooking,
  NOTES,
  staffCookie,
} from '#tests/helpers/guest-records.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { BOOKED_AT, noonOn, outboxFiles, retentionOn, rowsOf } from '#tests/helpers/retention.ts';
import {
  databaseTargets,
  postgres,
  startTestApp,
  type TestApp,
  type TestDatabaseTarget,
  testConfig,
} from '#tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { issueOrganiserToken, newOccasionToken } from '../occasions/organiser-links.ts';
import { monthsBefore } from './retention.ts';
import { christmasMadeBeforeVisitOn } from './visit-dates.ts';

describe('retention dates', () => {
  it('counts calendar months back, to the month’s last day when it is shorter', () => {
    expect(monthsBefore('2028-12-08', 24)).toBe('2026-12-08');
    expect(monthsBefore('2027-03-31', 1)).toBe('2027-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2027-01-15', 3)).toBe('2026-10-15');
  });

  it('dates a Christmas booking by the first Christmas Day on or after it was made', () => {
    // Visited by 24 December 2026: only bookings made by Christmas Day 2025.
    expect(christmasMadeBeforeVisitOn('2026-12-24')).toEqual(new Date('2025-12-26T00:00:00Z'));
    expect(christmasMadeBeforeVisitOn('2026-12-25')).toEqual(new Date('2026-12-26T00:00:00Z'));
    expect(christmasMadeBeforeVisitOn('2027-01-24')).toEqual(new Date('2026-12-26T00:00:00Z'));
  });

  it('takes RETENTION_MONTHS from the environment, 24 by default, and refuses nonsense', () => {
    expect(testConfig().retentionMonths).toBe(24);
    expect(testConfig({ RETENTION_MONTHS: '36' }).retentionMonths).toBe(36);
    for (const wrong of ['0', '1', '2.5', 'two', '121']) {
      expect(() => loadConfig({ RETENTION_MONTHS: wrong })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ RETENTION_MONTHS: 'two' })).toThrow(/RETENTION_MONTHS/);
  });
});

describe.each(databaseTargets)('retention on $name', (target) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp(target, BOOKED_AT);
    await t.app.retention.runDue();
  });
  afterEach(() => t.close());

  it('deletes the notes 30 days after each visit, and nothing else', async () => {
    await makeGuestRecords(t, await staffCookie(t));
    await makeOtherGuestBooking(t);
    await deliverQueuedMail(t.app);
    const before = await rowsOf(t);

    // 29 days after the table and the enquiry: everything stays.
    expect(await retentionOn(t, '2027-01-06')).not.toBeNull();
    const day29 = await rowsOf(t);
    expect(day29.table[0]).toMatchObject({
      allergies: NOTES.allergies,
      accessibilityNotes: NOTES.accessibilityNotes,
      hasAccessibilityNeeds: true,
      occasionNotes: NOTES.occasionNotes,
      specialNotes: NOTES.specialNotes,
    });
    expect(day29.enquiries[0]?.notes).toBe(NOTES.enquiryNotes);

    // 31 days after: the table's and the enquiry's notes are gone; Christmas (14 days ago) keeps its own.
    await retentionOn(t, '2027-01-08');
    const day31 = await rowsOf(t);
    expect(day31.table[0]).toEqual({
      ...before.table[0],
      allergies: '',
      accessibilityNotes: '',
      hasAccessibilityNeeds: false,
      occasionNotes: '',
      specialNotes: '',
      updatedAt: noonOn('2027-01-08'),
    });
    expect(day31.other[0]).toMatchObject({ allergies: '', name: 'Bartholomew Quince' });
    expect(day31.enquiries[0]).toEqual({
      ...before.enquiries[0],
      notes: '',
      updatedAt: noonOn('2027-01-08'),
    });
    expect(day31.table[0]).toMatchObject({
      name: GUEST.name,
      email: GUEST.email,
      phone: GUEST.phone,
      occasion: 'Birthday',
      partyAdults: 2,
      partyChildren: 1,
      status: 'CONFIRMED',
      anonymisedAt: null,
    });
    expect(day31.christmas[0]).toMatchObject({
      allergies: NOTES.allergies,
      specialNotes: NOTES.specialNotes,
    });
    expect(day31.reservations[0]).toMatchObject({ allergies: NOTES.allergies });
    expect(day31.reservations[0]?.holderIp).not.toBeNull();

    // Christmas Day plus 29 days, then 31.
    await retentionOn(t, '2027-01-23');
    expect((await rowsOf(t)).christmas[0]?.occasionNotes).toBe(NOTES.occasionNotes);
    const christmasOutcome = await retentionOn(t, '2027-01-25');
    // Christmas's rows are occasion rows (decision 049), counted once, as Christmas's.
    expect(christmasOutcome?.notesDeleted).toEqual({
      bookings: 0,
      christmasBookings: 1,
      christmasReservations: 1,
      occasionBookings: 0,
      occasionDiners: 0,
      enquiries: 0,
    });
    const christmasDay31 = await rowsOf(t);
    expect(christmasDay31.christmas[0]).toEqual({
      ...before.christmas[0],
      allergies: '',
      occasionNotes: '',
      specialNotes: '',
      updatedAt: noonOn('2027-01-25'),
    });
    expect(christmasDay31.reservations[0]).toEqual({
      ...before.reservations[0],
      allergies: '',
      occasionNotes: '',
      specialNotes: '',
      holderIp: null,
      updatedAt: noonOn('2027-01-25'),
    });
  });

  it('anonymises names, e-mail addresses and phone numbers 24 months after the visit; counts stay', async () => {
    await makeGuestRecords(t, await staffCookie(t));
    const before = await rowsOf(t);
    expect(before.links.length).toBeGreaterThan(0);

    await retentionOn(t, '2028-12-07');
    const dayBefore = await rowsOf(t);
    expect(dayBefore.table[0]).toMatchObject({ name: GUEST.name, email: GUEST.email, anonymisedAt: null });
    expect(dayBefore.enquiries[0]).toMatchObject({ name: GUEST.name, phone: GUEST.phone });

    await retentionOn(t, '2028-12-09');
    const dayAfter = await rowsOf(t);
    const at = noonOn('2028-12-09');
    expect(dayAfter.table[0]).toEqual({
      ...before.table[0],
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      allergies: '',
      accessibilityNotes: '',
      hasAccessibilityNeeds: false,
      occasionNotes: '',
      specialNotes: '',
      anonymisedAt: at,
      updatedAt: at,
    });
    expect(dayAfter.enquiries[0]).toEqual({
      ...before.enquiries[0],
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      notes: '',
      anonymisedAt: at,
      updatedAt: at,
    });
    // The table's links are gone; Christmas (visited 25 December 2026) keeps its name until 26 December 2028.
    expect(dayAfter.links.map((link) => link.bookingId).filter(Boolean)).toEqual([]);
    expect(dayAfter.christmas[0]).toMatchObject({ name: GUEST.name, anonymisedAt: null });

    await retentionOn(t, '2028-12-24');
    expect((await rowsOf(t)).christmas[0]?.email).toBe(GUEST.email.toUpperCase());
    const christmasOutcome = await retentionOn(t, '2028-12-26');
    expect(christmasOutcome?.anonymised).toEqual({
      bookings: 0,
      christmasBookings: 1,
      christmasReservations: 1,
      occasionBookings: 0,
      occasionDiners: 0,
      enquiries: 0,
    });
    const christmasAfter = await rowsOf(t);
    const christmasAt = noonOn('2028-12-26');
    expect(christmasAfter.christmas[0]).toEqual({
      ...before.christmas[0],
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      allergies: '',
      occasionNotes: '',
      specialNotes: '',
      anonymisedAt: christmasAt,
      updatedAt: christmasAt,
    });
    expect(christmasAfter.reservations[0]).toMatchObject({
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      partyAdults: 2,
      state: before.reservations[0]?.state,
      depositPence: before.reservations[0]?.depositPence,
    });
    expect(christmasAfter.links).toEqual([]);
    expect(christmasAfter.christmas).toHaveLength(1);
    expect(christmasAfter.table).toHaveLength(1);
  });

  it('deletes an occasion party’s notes and its diners’ allergies 30 days after, and names after 24 months', async () => {
    const { db } = t.database;
    const partyOf = {
      occasionSlug: 'christmas-party-nights',
      occasionName: 'Christmas party nights',
      date: '2026-12-11',
      sittingId: 'dinner',
      sittingLabel: 'Dinner',
      status: 'CONFIRMED' as const,
      name: 'Other Organiser',
      email: 'other@example.com',
      phone: '07700 900999',
      partyAdults: 2,
      partyChildren: 0,
      partySize: 2,
      totalPence: 7600,
      paymentKind: 'deposit' as const,
      amountDuePence: 2000,
      paidPence: 2000,
      source: 'phone' as const,
    };
    // Two parties that gave only their own allergies, or only what they celebrate.
    await db.insert(occasionBookings).values([
      {
        ...partyOf,
        reference: 'PN-ALLERGY',
        pid: 'allergy-pid',
        dinerToken: newOccasionToken(),
        allergies: 'Sesame',
      },
      {
        ...partyOf,
        reference: 'PN-OCCASION',
        pid: 'occasion-pid',
        dinerToken: newOccasionToken(),
        occasionNotes: 'Ruby wedding',
      },
    ]);
    const partyNotes = async (reference: string) => {
      const [row] = await db.select().from(occasionBookings).where(eq(occasionBookings.reference, reference));
      return { allergies: row?.allergies, occasionNotes: row?.occasionNotes };
    };
    const [party] = await db
      .insert(occasionBookings)
      .values({
        reference: 'PN-KEEP01',
        occasionSlug: 'christmas-party-nights',
        occasionName: 'Christmas party nights',
        date: '2026-12-11',
        sittingId: 'dinner',
        sittingLabel: 'Dinner',
        status: 'CONFIRMED',
        pid: 'retention-party-pid',
        name: GUEST.name,
        email: GUEST.email,
        phone: GUEST.phone,
        partyAdults: 2,
        partyChildren: 0,
        partySize: 2,
        notes: NOTES.specialNotes,
        allergies: NOTES.allergies,
        occasionNotes: NOTES.occasionNotes,
        totalPence: 7600,
        paymentKind: 'deposit',
        amountDuePence: 2000,
        paidPence: 2000,
        source: 'online',
        holderIp: '203.0.113.9',
        dinerToken: newOccasionToken(),
      })
      .returning();
    if (!party) throw new Error('the party was not stored');
    await issueOrganiserToken(db, party.id, BOOKED_AT);
    const choices = { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' };
    await db.insert(occasionDiners).values([
      {
        bookingId: party.id,
        name: 'Ann Walker',
        email: 'ann@example.com',
        choices,
        allergies: NOTES.allergies,
        chosenBy: 'diner',
      },
      {
        bookingId: party.id,
        name: 'Guest 2',
        choices,
        chosenBy: 'default',
        defaultedCourses: ['starter', 'main', 'dessert'],
      },
    ]);
    const party0 = async () =>
      (await db.select().from(occasionBookings).where(eq(occasionBookings.reference, 'PN-KEEP01')))[0];
    const diners = () => db.select().from(occasionDiners).orderBy(occasionDiners.name);

    await retentionOn(t, '2027-01-09');
    expect(await party0()).toMatchObject({
      notes: NOTES.specialNotes,
      allergies: NOTES.allergies,
      occasionNotes: NOTES.occasionNotes,
      holderIp: '203.0.113.9',
    });
    expect((await diners())[0]?.allergies).toBe(NOTES.allergies);

    const outcome = await retentionOn(t, '2027-01-10');
    expect(outcome?.notesDeleted).toMatchObject({ occasionBookings: 3, occasionDiners: 1 });
    expect(await party0()).toMatchObject({
      notes: '',
      allergies: '',
      occasionNotes: '',
      holderIp: null,
      name: GUEST.name,
      email: GUEST.email,
    });
    expect(await partyNotes('PN-ALLERGY')).toEqual({ allergies: '', occasionNotes: '' });
    expect(await partyNotes('PN-OCCASION')).toEqual({ allergies: '', occasionNotes: '' });
    expect(await diners()).toMatchObject([
      { name: 'Ann Walker', email: 'ann@example.com', allergies: '' },
      { name: 'Guest 2', allergies: '' },
    ]);

    await retentionOn(t, '2028-12-10');
    expect((await party0())?.anonymisedAt).toBeNull();
    expect(await db.select().from(occasionOrganiserLinks)).toHaveLength(1);
    const anonymised = await retentionOn(t, '2028-12-11');
    expect(anonymised?.anonymised).toMatchObject({ occasionBookings: 3, occasionDiners: 2 });
    expect(await party0()).toMatchObject({
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      partySize: 2,
      paidPence: 2000,
      anonymisedAt: noonOn('2028-12-11'),
    });
    expect(await diners()).toMatchObject([
      { name: ANONYMISED_NAME, email: '', choices },
      { name: ANONYMISED_NAME, email: '', choices },
    ]);
    expect(await db.select().from(occasionOrganiserLinks)).toEqual([]);
  });

  it('deletes a profile’s health note 30 days after her last visit, and the profile with her bookings’ names', async () => {
    const cookie = await staffCookie(t);
    await makeGuestRecords(t, cookie);
    await makeOtherGuestBooking(t);
    const saveProfile = async (email: string, payload: object) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/profiles?email=${encodeURIComponent(email)}`,
        headers: { cookie },
        payload,
      });
      expect(saved.statusCode).toBe(200);
    };
    await saveProfile(GUEST.email, { tags: ['Regular'], note: 'Partner is coeliac' });
    await saveProfile('bart@example.org', { tags: [], note: 'Likes the window table' });
    const profiles = () => t.database.db.select().from(guestProfiles).orderBy(guestProfiles.email);

    // Her last visit is Christmas Day: 29 days after it her note stays, 31 days after it is gone; his stays.
    expect((await retentionOn(t, '2027-01-23'))?.profileNotesDeleted).toBe(0);
    expect((await profiles()).map((row) => row.note)).toEqual([
      'Likes the window table',
      'Partner is coeliac',
    ]);
    const cleared = await retentionOn(t, '2027-01-25');
    expect(cleared).toMatchObject({ profileNotesDeleted: 1, profilesDeleted: 0 });
    expect(await profiles()).toMatchObject([
      { email: 'bart@example.org', note: 'Likes the window table' },
      { email: GUEST.email.toLowerCase(), tags: ['Regular'], note: '', noteBy: null, noteAt: null },
    ]);
    expect((await rowsOf(t)).retentionAudit.at(-1)?.changes).toMatchObject({
      profileNotesDeleted: { before: null, after: 1 },
    });

    // Her table is anonymised 24 months on, her Christmas booking later: only then does her profile go.
    await retentionOn(t, '2028-12-09');
    expect((await profiles()).map((row) => row.email)).toEqual([GUEST.email.toLowerCase()]);
    const anonymised = await retentionOn(t, '2028-12-26');
    expect(anonymised?.profilesDeleted).toBe(1);
    expect(await profiles()).toEqual([]);
  });

  it('honours RETENTION_MONTHS', async () => {
    await t.close();
    t = await startTestApp(target, BOOKED_AT, { env: { RETENTION_MONTHS: '6' } });
    await makeGuestRecords(t, await staffCookie(t));
    await retentionOn(t, '2027-06-07');
    expect((await rowsOf(t)).table[0]?.anonymisedAt).toBeNull();
    await retentionOn(t, '2027-06-09');
    expect((await rowsOf(t)).table[0]?.name).toBe(ANONYMISED_NAME);
  });

  it('deletes sent e-mails after 30 days, stored booking answers after 2 days, withdrawn consents after 24 months', async () => {
    await makeGuestRecords(t, await staffCookie(t));
    const { db } = t.database;
    await db.insert(marketingConsents).values([
      {
        email: 'withdrawn@example.com',
        name: 'Withdrew Later',
        source: 'booking',
        wording: 'Send me news of events and offers',
        givenAt: noonOn('2026-06-01'),
        withdrawnAt: BOOKED_AT,
        unsubscribeToken: 'token-withdrawn',
      },
      {
        email: GUEST.email.toLowerCase(),
        name: GUEST.name,
        source: 'booking',
        wording: 'Send me news of events and offers',
        givenAt: BOOKED_AT,
        unsubscribeToken: 'token-active',
      },
    ]);
    await deliverQueuedMail(t.app);
    // One message never delivered stays however old: the sender is still trying it.
    const [waiting] = await db
      .insert(outboxMessages)
      .values({ kind: 'enquiry', message: { to: 'x@example.com' }, createdAt: BOOKED_AT })
      .returning();
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: noonOn('2030-01-01') })
      .where(eq(outboxMessages.id, waiting?.id ?? ''));
    const before = await rowsOf(t);
    expect(before.answers).toHaveLength(1);
    expect(before.mail.filter((row) => row.status === 'SENT').length).toBeGreaterThan(2);

    await retentionOn(t, '2026-12-02');
    expect((await rowsOf(t)).answers).toHaveLength(1);
    await retentionOn(t, '2026-12-04');
    expect((await rowsOf(t)).answers).toEqual([]);

    await retentionOn(t, '2026-12-30');
    expect((await rowsOf(t)).mail).toHaveLength(before.mail.length);
    expect(await outboxFiles(t)).toHaveLength(before.mail.length - 1);
    await retentionOn(t, '2027-01-01');
    expect((await rowsOf(t)).mail.map((row) => row.id)).toEqual([waiting?.id]);
    // Their .eml files (trial mode) go with them.
    expect(await outboxFiles(t)).toEqual([]);

    await retentionOn(t, '2028-11-30');
    expect((await rowsOf(t)).consents).toHaveLength(2);
    await retentionOn(t, '2028-12-02');
    expect((await rowsOf(t)).consents.map((row) => row.email)).toEqual([GUEST.email.toLowerCase()]);
  });

  it('runs once a day, and records counts in the trail only when it changed something', async () => {
    await makeGuestRecords(t, await staffCookie(t));
    expect(await t.app.retention.runDue()).toBeNull();

    expect(await retentionOn(t, '2026-12-02')).not.toBeNull();
    expect((await rowsOf(t)).retentionAudit).toEqual([]);
    t.setNow(new Date('2026-12-02T23:30:00Z'));
    expect(await t.app.retention.runDue()).toBeNull();

    const outcome = await retentionOn(t, '2027-01-08');
    expect(outcome?.notesDeleted).toEqual({
      bookings: 1,
      christmasBookings: 0,
      christmasReservations: 0,
      occasionBookings: 0,
      occasionDiners: 0,
      enquiries: 1,
    });
    const [entry, ...more] = (await rowsOf(t)).retentionAudit;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorKind: 'system', actorName: 'System', subjectType: 'retention' });
    expect(entry?.changes).toMatchObject({
      'notesDeleted.bookings': { before: null, after: 1 },
      'notesDeleted.enquiries': { before: null, after: 1 },
    });
    const written = JSON.stringify(entry).toLowerCase();
    for (const personal of [GUEST.name, GUEST.email, GUEST.digits, NOTES.allergies]) {
      expect(written).not.toContain(personal.toLowerCase());
    }
    expect(await retentionOn(t, '2027-01-09')).not.toBeNull();
    expect((await rowsOf(t)).retentionAudit).toHaveLength(1);
  });
});

describe.skipIf(!postgres)('retention from two servers on one PostgreSQL database', () => {
  it('runs once a day while both check at once', async () => {
    const shared = await (postgres as TestDatabaseTarget).open();
    await shared.migrate();
    const second = await openPostgres(shared.url ?? '');
    const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-retention-'));
    let now = BOOKED_AT;
    const servers = await Promise.all(
      [shared, second].map(async (database) => (await startAppOn(database, () => now, { dataDir })).app),
    );
    try {
      for (const server of servers) await server.retention.runDue();
      for (const date of ['2027-01-08', '2027-01-09', '2027-01-10']) {
        now = noonOn(date);
        const outcomes = await Promise.all(
          servers.flatMap((server) => [server.retention.runDue(), server.retention.runDue()]),
        );
        // Calls on one server while a run is pending share that run, and its outcome.
        expect(new Set(outcomes.filter((outcome) => outcome !== null)).size).toBe(1);
      }
    } finally {
      for (const server of servers) await server.close();
      await second.close();
      await shared.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
