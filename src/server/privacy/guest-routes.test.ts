import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bookings,
  guestProfiles,
  marketingConsents,
  occasionBookings,
  occasionDiners,
  occasionOrganiserLinks,
  outboxMessages,
  standbyEntries,
  standbyOffers,
  walkInQueue,
} from '#db/schema.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import { ANONYMISED_NAME, GUEST_DATA_MESSAGES } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestDataExport } from '#shared/privacy/guests.ts';
import { signIn } from '#tests/helpers/admin-session.ts';
import { christmasBookingRow } from '#tests/helpers/christmas.ts';
import { auditOf, counts, everyStoredValue, whereTheGuestIsStored } from '#tests/helpers/guest-data.ts';
import {
  GUEST,
  makeGuestRecords,
  makeOtherGuestBooking,
  NOTES,
  staffCookie,
  VISIT,
} from '#tests/helpers/guest-records.ts';
import { makeWaitingRecords } from '#tests/helpers/guest-waiting-rows.ts';
import { closedPort, deliverQueuedMail, mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  insertChristmasBooking,
  selectChristmasBookings,
  updateChristmasBookings,
} from '../christmas/store.ts';
import { issueOrganiserToken, newOccasionToken } from '../occasions/organiser-links.ts';

const NOW = new Date('2026-12-01T10:00:00Z');
/** The day after the guest's last visit (Christmas Day): nothing of hers is still to come. */
const AFTER_HER_VISITS = new Date('2026-12-26T10:00:00Z');

/**
 * Her party on a Christmas party night (she is its organiser, with a note and her link) and her place, with her
 * allergy, at Bartholomew's party the next night; each party has other diners, who stay as they are.
 */
async function makeOccasionRecords(t: TestApp) {
  const { db } = t.database;
  const party = {
    occasionSlug: 'christmas-party-nights',
    occasionName: 'Christmas party nights',
    sittingId: 'dinner',
    sittingLabel: 'Dinner',
    status: 'CONFIRMED' as const,
    partyAdults: 4,
    partyChildren: 0,
    partySize: 4,
    totalPence: 15_200,
    paymentKind: 'deposit' as const,
    amountDuePence: 4000,
    paidPence: 4000,
    source: 'online' as const,
    createdAt: NOW,
  };
  const [hers, his] = await db
    .insert(occasionBookings)
    .values([
      {
        ...party,
        reference: 'PN-HERS01',
        date: '2026-12-11',
        pid: 'her-party-pid',
        name: GUEST.name,
        email: GUEST.email,
        phone: GUEST.phoneElsewhere,
        notes: NOTES.specialNotes,
        allergies: NOTES.allergies,
        occasionNotes: NOTES.occasionNotes,
        holderIp: '203.0.113.9',
        dinerToken: newOccasionToken(),
      },
      {
        ...party,
        reference: 'PN-HIS001',
        date: '2026-12-12',
        pid: 'his-party-pid',
        name: 'Bartholomew Quince',
        email: 'bart@example.org',
        phone: '07700 900999',
        dinerToken: newOccasionToken(),
      },
    ])
    .returning();
  if (!hers || !his) throw new Error('the parties were not stored');
  await issueOrganiserToken(db, hers.id, NOW);
  const choices = { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' };
  await db.insert(occasionDiners).values([
    { bookingId: hers.id, name: 'Her sister', choices, chosenBy: 'diner' },
    {
      bookingId: his.id,
      name: GUEST.name,
      email: GUEST.email,
      choices,
      allergies: NOTES.allergies,
      chosenBy: 'diner',
    },
    { bookingId: his.id, name: 'Bartholomew Quince', choices, allergies: 'Shellfish', chosenBy: 'organiser' },
  ]);
  return { hers, his };
}

describe.each(databaseTargets)('guests’ data requests on $name', (target) => {
  let t: TestApp;
  let cookie: string;
  let references: Awaited<ReturnType<typeof makeGuestRecords>>;

  beforeEach(async () => {
    t = await startTestApp(target, NOW);
    cookie = await staffCookie(t);
    references = await makeGuestRecords(t, cookie);
    await makeOtherGuestBooking(t);
    await t.database.db.insert(marketingConsents).values({
      email: GUEST.email.toLowerCase(),
      name: GUEST.name,
      source: 'booking',
      wording: 'Send me news of events and offers',
      givenAt: NOW,
      unsubscribeToken: 'guest-unsubscribe-token',
    });
    await deliverQueuedMail(t.app);
  });
  afterEach(() => t.close());

  const search = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/guests?q=${encodeURIComponent(q)}`, headers: { cookie } });
  const erase = (q: unknown, choice: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/guests/erase',
      headers: { cookie },
      payload: { q, ...choice },
    });
  /** The profile staff keep on her (issue 32): a tag, and a note that repeats her allergy. */
  const PROFILE = { tags: ['VIP'], note: `${NOTES.allergies}; likes the table by the fire` };
  const saveProfile = () =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/profiles?email=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
      payload: PROFILE,
    });
  const profileOf = async (email: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/profiles?email=${encodeURIComponent(email)}`,
        headers: { cookie },
      })
    ).json().profile;
  /** The export of everything held about her, as the owner downloads it. */
  const exportFile = async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    return file.json() as GuestDataExport;
  };
  /** Moves the app's clock, signing in again: a session does not last days. */
  async function moveTo(instant: Date) {
    t.setNow(instant);
    cookie = await signIn(t);
  }

  it('finds everything held about an e-mail address, in any case', async () => {
    const answer = await search(` ${GUEST.email.toUpperCase()} `);
    expect(answer.statusCode).toBe(200);
    const data = answer.json() as GuestData;
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({
      name: GUEST.name,
      phone: GUEST.phone,
      allergies: NOTES.allergies,
      accessibilityNotes: NOTES.accessibilityNotes,
    });
    expect(data.christmasBookings).toHaveLength(1);
    expect(data.christmasReservations).toHaveLength(1);
    expect(data.christmasReservations[0]?.holderIp).toBeTruthy();
    expect(data.enquiries[0]?.notes).toBe(NOTES.enquiryNotes);
    expect(data.marketingConsents).toEqual([
      expect.objectContaining({ email: GUEST.email.toLowerCase(), withdrawnAt: null }),
    ]);
    // Confirmations to her and the pub's notices about her bookings; never the other guest's.
    expect(data.emails.length).toBeGreaterThanOrEqual(4);
    expect(data.emails.some((mail) => mail.to.toLowerCase().includes(GUEST.email.toLowerCase()))).toBe(true);
    expect(JSON.stringify(data)).not.toContain('Bartholomew');
    expect(JSON.stringify(data.emails)).not.toMatch(/"(html|text)"/);
  });

  it('finds the same person by their phone number, however it is written', async () => {
    for (const phone of [GUEST.phone, GUEST.phoneElsewhere, '07700900456', '+447700 900456']) {
      const data = (await search(phone)).json() as GuestData;
      expect(data.bookings.map((row) => row.reference)).toHaveLength(1);
      expect(data.christmasBookings).toHaveLength(1);
      expect(data.christmasReservations).toHaveLength(1);
      expect(data.enquiries).toHaveLength(1);
      expect(data.marketingConsents).toHaveLength(1);
    }
    expect((await search('01632 960111')).json().bookings[0].name).toBe('Bartholomew Quince');
  });

  it('refuses a search that is neither an e-mail address nor a phone number, and changes nothing', async () => {
    const before = { audit: await auditOf(t), stored: await everyStoredValue(t) };
    for (const wrong of ['Rosalind', '12345', 'rosalind@', '', 'drop table bookings']) {
      for (const answer of [
        await search(wrong),
        await erase(wrong),
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/guests/export?q=${encodeURIComponent(wrong)}`,
          headers: { cookie },
        }),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ error: GUEST_DATA_MESSAGES.wrongQuery });
      }
    }
    expect((await erase(undefined)).statusCode).toBe(400);
    expect(await auditOf(t)).toEqual(before.audit);
    expect(await everyStoredValue(t)).toEqual(before.stored);
  });

  it('exports the same as one JSON file, recorded without the data', async () => {
    const shown = (await search(GUEST.email)).json();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="guest-data-2026-12-01.json"');
    expect(file.json()).toEqual({ ...shown, exportedAt: NOW.toISOString() });
    const [entry] = (await auditOf(t)).filter((row) => row.type === 'guest.exported');
    expect(entry).toMatchObject({ actorKind: 'staff', subjectType: 'guest', subjectId: null });
    expect(entry?.summary).toMatch(/^Guest data exported: \d+ records$/);
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('rosalind');
  });

  it('exports when each visit’s reminder went, when she said she was coming and when it was cancelled, empty until then', async () => {
    const before = await exportFile();
    expect(before.bookings).toEqual([
      expect.objectContaining({ remindedAt: null, comingConfirmedAt: null, cancelledAt: null }),
    ]);
    expect(before.christmasBookings).toEqual([
      expect.objectContaining({ remindedAt: null, comingConfirmedAt: null }),
    ]);

    // Each moment its own, so that none passes for another.
    const { db } = t.database;
    await db
      .update(bookings)
      .set({
        remindedAt: new Date('2026-12-06T19:00:00Z'),
        comingConfirmedAt: new Date('2026-12-06T20:15:00Z'),
        cancelledAt: new Date('2026-12-07T08:05:00Z'),
      })
      .where(eq(bookings.reference, references.table));
    await updateChristmasBookings(db, eq(occasionBookings.reference, references.christmas), {
      remindedAt: new Date('2026-12-23T12:00:00Z'),
      comingConfirmedAt: new Date('2026-12-23T18:30:00Z'),
    });
    const after = await exportFile();
    expect(after.bookings).toEqual([
      expect.objectContaining({
        reference: references.table,
        remindedAt: '2026-12-06T19:00:00.000Z',
        comingConfirmedAt: '2026-12-06T20:15:00.000Z',
        cancelledAt: '2026-12-07T08:05:00.000Z',
      }),
    ]);
    expect(after.christmasBookings).toEqual([
      expect.objectContaining({
        reference: references.christmas,
        remindedAt: '2026-12-23T12:00:00.000Z',
        comingConfirmedAt: '2026-12-23T18:30:00.000Z',
      }),
    ]);
  });

  it('erases someone with nothing to come everywhere, keeps the counts, and records it without the data', async () => {
    expect((await saveProfile()).statusCode).toBe(200);
    await moveTo(AFTER_HER_VISITS);
    expect((await search(GUEST.email)).json().upcomingBookings).toEqual([]);
    expect((await whereTheGuestIsStored(t)).length).toBeGreaterThan(5);
    expect(await whereTheGuestIsStored(t)).toEqual(
      expect.arrayContaining(['guest_profiles.email', 'guest_profiles.note']),
    );
    const before = await counts(t);
    const auditBefore = await auditOf(t);

    const erased = await erase(GUEST.phoneElsewhere);
    expect(erased.statusCode).toBe(200);
    const { erasure, ...answer } = erased.json();
    expect(answer).toEqual({ outcome: 'erased', bookingsCancelled: 0 });
    expect(erasure).toMatchObject({
      bookingsAnonymised: 1,
      christmasBookingsAnonymised: 1,
      christmasReservationsAnonymised: 1,
      enquiriesAnonymised: 1,
      marketingConsentsDeleted: 1,
      profilesDeleted: 1,
    });
    expect(erasure.emailsDeleted).toBeGreaterThanOrEqual(4);
    expect(erasure.manageLinksDeleted).toBeGreaterThanOrEqual(2);
    expect(erasure.storedAnswersDeleted).toBe(1);

    expect(await whereTheGuestIsStored(t)).toEqual([]);
    expect(await counts(t)).toEqual(before);
    const [table] = await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, '19:00'));
    expect(table).toMatchObject({
      name: ANONYMISED_NAME,
      partyAdults: 2,
      partyChildren: 1,
      status: 'CONFIRMED',
    });
    expect(table?.anonymisedAt).toEqual(AFTER_HER_VISITS);
    const [other] = await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, '19:30'));
    expect(other).toMatchObject({ name: 'Bartholomew Quince', allergies: 'Shellfish' });

    const added = (await auditOf(t)).slice(auditBefore.length);
    expect(added.map((row) => row.type)).toEqual(['guest.erased']);
    expect(added[0]).toMatchObject({ actorKind: 'staff', subjectType: 'guest', subjectId: null });
    expect(added[0]?.summary).toMatch(/^Guest data erased: 1 bookings, 1 Christmas bookings/);

    for (const q of [GUEST.email, GUEST.phone]) {
      const data = (await search(q)).json() as GuestData;
      expect([data.bookings, data.christmasBookings, data.enquiries, data.emails].flat()).toEqual([]);
      expect(data.guestProfiles).toEqual([]);
    }
    // Her profile, its tags and note are gone everywhere: the table, the lookup, the notes of her visit's day.
    expect(await t.database.db.select().from(guestProfiles)).toEqual([]);
    expect(await profileOf(GUEST.email)).toBeNull();
    const notes = await t.app.inject({
      method: 'GET',
      url: `/api/admin/profiles/notes?date=${VISIT.table}`,
      headers: { cookie },
    });
    expect(notes.json().notes).toEqual([]);
    expect(added[0]?.summary).toContain('1 profiles');
  });

  it('shows the profile staff keep on her in the search and the export, found by e-mail or phone', async () => {
    expect((await saveProfile()).statusCode).toBe(200);
    for (const q of [GUEST.email.toUpperCase(), GUEST.phoneElsewhere]) {
      const data = (await search(q)).json() as GuestData;
      expect(data.guestProfiles).toEqual([
        {
          email: GUEST.email.toLowerCase(),
          confirmedPhones: [],
          tags: PROFILE.tags,
          note: PROFILE.note,
          noteBy: 'landlord',
          noteAt: NOW.toISOString(),
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        },
      ]);
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.phone)}`,
      headers: { cookie },
    });
    expect(file.json().guestProfiles).toHaveLength(1);
    expect((await search('bart@example.org')).json().guestProfiles).toEqual([]);

    // A phone booking without an e-mail that staff confirmed as hers: searched for by that number (which none of
    // her other records has), her profile is found with it.
    await t.database.db.insert(bookings).values({
      reference: 'RC-PHONE1',
      date: '2026-11-14',
      service: 'lunch',
      timeSlot: '12:30',
      name: 'Ros',
      email: '',
      phone: '07700 900789',
      partyAdults: 2,
      partyChildren: 0,
      source: 'phone',
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/profiles/phones?email=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
      payload: { phone: '07700 900789' },
    });
    expect(confirmed.statusCode).toBe(200);
    const byHerOtherNumber = (await search('+44 7700 900789')).json() as GuestData;
    expect(byHerOtherNumber.guestProfiles.map((row) => [row.email, row.confirmedPhones])).toEqual([
      [GUEST.email.toLowerCase(), ['07700900789']],
    ]);
    expect(byHerOtherNumber.bookings.map((row) => row.reference)).toEqual(['RC-PHONE1']);
  });
  it('lists the person’s upcoming bookings with the search, for the erase dialog', async () => {
    const data = (await search(GUEST.phone)).json() as GuestData;
    expect(data.upcomingBookings).toEqual([
      {
        kind: 'table',
        id: data.bookings[0]?.id,
        reference: references.table,
        date: '2026-12-08',
        time: '19:00',
        partySize: 3,
        depositPaidPence: 0,
      },
      {
        kind: 'christmas',
        id: data.christmasBookings[0]?.id,
        reference: references.christmas,
        date: '2026-12-25',
        time: '12pm–2pm',
        partySize: 3,
        depositPaidPence: 0,
      },
    ]);
    // Today's still counts; a cancelled one does not.
    await moveTo(new Date('2026-12-08T21:00:00Z'));
    expect((await search(GUEST.email)).json().upcomingBookings).toHaveLength(2);
    await t.database.db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.timeSlot, '19:00'));
    expect(
      (await search(GUEST.email)).json().upcomingBookings.map((row: { kind: string }) => row.kind),
    ).toEqual(['christmas']);
  });

  it('refuses to erase someone with upcoming bookings without a choice for them, and changes nothing', async () => {
    const before = { audit: await auditOf(t), stored: await everyStoredValue(t) };
    const refused = await erase(GUEST.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: GUEST_DATA_MESSAGES.upcomingRefused(2) });
    expect(refused.json().error).toContain('Cancel them and erase now');
    expect(refused.json().error).toContain('Erase after the visit');
    const wrong = await erase(GUEST.email, { upcoming: 'erase-anyway' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: GUEST_DATA_MESSAGES.wrongUpcomingChoice });
    expect(await auditOf(t)).toEqual(before.audit);
    expect(await everyStoredValue(t)).toEqual(before.stored);
  });

  it('cancels the upcoming bookings as staff, e-mails her the cancellations, then erases', async () => {
    const auditBefore = await auditOf(t);
    const erased = await erase(GUEST.email, { upcoming: 'cancel-and-erase' });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ outcome: 'erased', bookingsCancelled: 2 });
    expect(erased.json().erasure).toMatchObject({ bookingsAnonymised: 1, christmasBookingsAnonymised: 1 });

    const { db } = t.database;
    const [table] = await db.select().from(bookings).where(eq(bookings.reference, references.table));
    expect(table).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'staff',
      name: ANONYMISED_NAME,
      email: '',
    });
    const [christmas] = await selectChristmasBookings(db);
    expect(christmas).toMatchObject({ status: 'CANCELLED', cancelledBy: 'staff', name: ANONYMISED_NAME });
    const [other] = await db.select().from(bookings).where(eq(bookings.timeSlot, '19:30'));
    expect(other).toMatchObject({ name: 'Bartholomew Quince', status: 'CONFIRMED' });

    const added = (await auditOf(t)).slice(auditBefore.length);
    expect(added.map((row) => [row.type, row.actorKind])).toEqual([
      ['booking.cancelled', 'staff'],
      ['christmas.cancelled', 'staff'],
      ['guest.erased', 'staff'],
    ]);
    expect(added[2]?.summary).toMatch(/^Guest data erased: 2 upcoming bookings cancelled, 1 bookings/);

    // She is told, at her address; once sent, nothing of hers is left in the database or the folder.
    await deliverQueuedMail(t.app);
    const told = (await mailInOutboxFolder(t)).filter((mail) =>
      mail.headers.get('to')?.toLowerCase().includes(GUEST.email.toLowerCase()),
    );
    expect(told.map((mail) => mail.subject).sort()).toEqual([
      `Your Christmas Day booking at The Rose & Crown is cancelled — ${references.christmas}`,
      expect.stringMatching(/^Your table at The Rose & Crown is cancelled — Tuesday 8 December 2026/),
    ]);
    expect(await whereTheGuestIsStored(t)).toEqual([]);
  });

  it('keeps her cancellations, with her address, only until they are sent', async () => {
    // The mail server is down: what the erasure left waits in the outbox.
    await t.close();
    t = await startTestApp(target, NOW, { env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    cookie = await staffCookie(t);
    references = await makeGuestRecords(t, cookie);
    expect((await erase(GUEST.email, { upcoming: 'cancel-and-erase' })).statusCode).toBe(200);
    await deliverQueuedMail(t.app);

    const left = await t.database.db.select().from(outboxMessages);
    expect(left.map((row) => [row.kind, row.reference, row.status, row.eraseWhenSent]).sort()).toEqual([
      ['christmas-cancelled', references.christmas, 'PENDING', true],
      ['table-booking-cancelled', references.table, 'PENDING', true],
    ]);
    expect(
      left.every((row) => JSON.stringify(row.message).toLowerCase().includes(GUEST.email.toLowerCase())),
    ).toBe(true);
    expect(new Set(await whereTheGuestIsStored(t))).toEqual(new Set(['outbox_messages.message']));
    // The search shows them; erasing again does not take them before she is told.
    const emails = (await search(GUEST.email)).json().emails;
    expect(emails.map((mail: { erasedWhenSent: boolean }) => mail.erasedWhenSent)).toEqual([true, true]);
    expect((await erase(GUEST.email)).json().erasure.emailsDeleted).toBe(0);
    expect(await t.database.db.select().from(outboxMessages)).toHaveLength(2);
  });

  it('asks for the deposit of a Christmas booking it cancels, as staff cancelling it alone are', async () => {
    const email = 'margaret@example.com';
    const {
      id: _id,
      reference: _reference,
      reservationId: _checkout,
      ...booking
    } = christmasBookingRow({ createdAt: NOW, email });
    const stored = await insertChristmasBooking(t.database.db, { ...booking, date: VISIT.christmas });
    const before = await everyStoredValue(t);
    const refused = await erase(email, { upcoming: 'cancel-and-erase' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice });
    expect(await everyStoredValue(t)).toEqual(before);

    const erased = await erase(email, { upcoming: 'cancel-and-erase', deposit: 'keep' });
    expect(erased.json()).toMatchObject({ outcome: 'erased', bookingsCancelled: 1 });
    const [row] = await selectChristmasBookings(t.database.db, eq(occasionBookings.id, stored.id));
    expect(row).toMatchObject({ status: 'CANCELLED', refundPence: null, email: '', depositPaidPence: 7500 });
    await deliverQueuedMail(t.app);
    const told = (await mailInOutboxFolder(t)).filter((mail) => mail.headers.get('to')?.includes(email));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('your deposit of £75.00 is kept');
  });

  it('schedules the erasure for the day after the last visit, changing nothing else, and shows it', async () => {
    const before = await everyStoredValue(t);
    const scheduled = await erase(GUEST.email.toUpperCase(), { upcoming: 'erase-after-visit' });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toEqual({ outcome: 'scheduled', dueOn: '2026-12-26' });
    const after = await everyStoredValue(t);
    expect(
      after.filter(
        (value) =>
          !value.where.startsWith('guest_erasure_requests.') && !value.where.startsWith('audit_events.'),
      ),
    ).toEqual(before.filter((value) => !value.where.startsWith('audit_events.')));

    const [entry] = (await auditOf(t)).filter((row) => row.type === 'guest.erasure-scheduled');
    expect(entry).toMatchObject({ actorKind: 'staff', subjectType: 'guest' });
    expect(entry?.summary).toBe(
      'Guest data erasure scheduled for Saturday 26 December 2026, the day after the last of 2 upcoming bookings',
    );
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('rosalind');

    // Found by her number too; in the export; asked again, moved rather than doubled.
    for (const q of [GUEST.phone, GUEST.email]) {
      expect((await search(q)).json().scheduledErasures).toEqual([
        { query: GUEST.email.toUpperCase(), dueOn: '2026-12-26', requestedAt: NOW.toISOString() },
      ]);
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.phone)}`,
      headers: { cookie },
    });
    expect(file.json().scheduledErasures).toHaveLength(1);
    expect((await erase(GUEST.email, { upcoming: 'erase-after-visit' })).json().dueOn).toBe('2026-12-26');
    expect((await search(GUEST.email)).json().scheduledErasures).toHaveLength(1);

    // Erasing her now anyway takes the request with her.
    const erased = await erase(GUEST.email, { upcoming: 'cancel-and-erase' });
    expect(erased.json().erasure.scheduledErasuresDeleted).toBe(1);
    await deliverQueuedMail(t.app);
    expect(await whereTheGuestIsStored(t)).toEqual([]);
  });

  it('deletes the erased guest’s .eml files from the outbox folder, and no one else’s', async () => {
    await moveTo(AFTER_HER_VISITS);
    const folder = join(t.dataDir, 'outbox');
    /** Each .eml file's text, in lower case. */
    const files = async () =>
      Promise.all(
        (await readdir(folder)).map(async (name) =>
          (await readFile(join(folder, name), 'latin1')).toLowerCase(),
        ),
      );
    const mentionsHer = (text: string) =>
      text.includes(GUEST.email.toLowerCase()) || text.includes('featherstonehaugh');
    const before = await files();
    expect(before.filter(mentionsHer).length).toBeGreaterThanOrEqual(4);
    const his = before.filter((text) => text.includes('bart@example.org'));
    expect(his.length).toBeGreaterThan(0);

    expect((await erase(GUEST.email)).statusCode).toBe(200);
    const after = await files();
    expect(after.filter(mentionsHer)).toEqual([]);
    expect(after.filter((text) => text.includes('bart@example.org'))).toEqual(his);
    expect(after.length).toBe(before.length - before.filter(mentionsHer).length);
  });

  it('finds and exports her occasion party and her place at another party, by e-mail or phone', async () => {
    const { hers } = await makeOccasionRecords(t);
    for (const q of [GUEST.email.toUpperCase(), GUEST.phone]) {
      const data = (await search(q)).json() as GuestData;
      expect(data.occasionBookings).toEqual([
        expect.objectContaining({
          reference: 'PN-HERS01',
          occasionName: 'Christmas party nights',
          date: '2026-12-11',
          name: GUEST.name,
          phone: GUEST.phoneElsewhere,
          notes: NOTES.specialNotes,
          allergies: NOTES.allergies,
          occasionNotes: NOTES.occasionNotes,
          holderIp: '203.0.113.9',
          diners: 1,
          anonymisedAt: null,
        }),
      ]);
      expect(data.occasionDiners).toEqual([
        expect.objectContaining({ reference: 'PN-HIS001', name: GUEST.name, allergies: NOTES.allergies }),
      ]);
      // Her guests' names and Bartholomew's allergy are theirs, not hers.
      expect(JSON.stringify(data)).not.toContain('Her sister');
      expect(JSON.stringify(data)).not.toContain('Shellfish');
      expect(data.upcomingBookings).toContainEqual({
        kind: 'occasion',
        id: hers.id,
        reference: 'PN-HERS01',
        date: '2026-12-11',
        time: 'Dinner',
        partySize: 4,
        depositPaidPence: 4000,
      });
    }
    const file = await exportFile();
    expect(file.occasionBookings).toEqual([
      expect.objectContaining({
        reference: 'PN-HERS01',
        preOrderRemindedAt: null,
        visitRemindedAt: null,
        comingConfirmedAt: null,
      }),
    ]);
    expect(file.occasionDiners).toHaveLength(1);

    // Asked for the party's dishes, reminded of the visit, and she said they were coming: each moment its own.
    await t.database.db
      .update(occasionBookings)
      .set({
        remindedAt: new Date('2026-12-08T09:00:00Z'),
        visitRemindedAt: new Date('2026-12-09T19:00:00Z'),
        comingConfirmedAt: new Date('2026-12-09T21:40:00Z'),
      })
      .where(eq(occasionBookings.id, hers.id));
    expect((await exportFile()).occasionBookings).toEqual([
      expect.objectContaining({
        reference: 'PN-HERS01',
        preOrderRemindedAt: '2026-12-08T09:00:00.000Z',
        visitRemindedAt: '2026-12-09T19:00:00.000Z',
        comingConfirmedAt: '2026-12-09T21:40:00.000Z',
      }),
    ]);

    // What staff gave back at the till of money they took (decision 051) is exported beside the refund.
    await t.database.db
      .update(occasionBookings)
      .set({ tillRefundPence: 4000 })
      .where(eq(occasionBookings.id, hers.id));
    expect((await exportFile()).occasionBookings).toEqual([
      expect.objectContaining({ reference: 'PN-HERS01', refundPence: null, tillRefundPence: 4000 }),
    ]);
  });

  it('will not cancel an occasion party to erase her, and erases it, her link and her place after the visit', async () => {
    const { hers, his } = await makeOccasionRecords(t);
    const before = await everyStoredValue(t);
    const refused = await erase(GUEST.email, { upcoming: 'cancel-and-erase' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(GUEST_DATA_MESSAGES.occasionCancelFirst(['PN-HERS01']));
    expect(await everyStoredValue(t)).toEqual(before);

    await moveTo(AFTER_HER_VISITS);
    const erased = await erase(GUEST.email);
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erasure).toMatchObject({
      occasionBookingsAnonymised: 1,
      occasionDinersAnonymised: 1,
      organiserLinksDeleted: 1,
    });
    expect(await whereTheGuestIsStored(t)).toEqual([]);
    const [party] = await t.database.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.id, hers.id));
    expect(party).toMatchObject({
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      notes: '',
      allergies: '',
      occasionNotes: '',
      holderIp: null,
      partySize: 4,
      paidPence: 4000,
      status: 'CONFIRMED',
      anonymisedAt: AFTER_HER_VISITS,
    });
    expect(await t.database.db.select().from(occasionOrganiserLinks)).toEqual([]);
    // Christmas Day's dish counts share the table (decision 049): their places name nobody, and stay as they are.
    const everyDiner = await t.database.db.select().from(occasionDiners);
    const diners = everyDiner.filter((diner) => [hers.id, his.id].includes(diner.bookingId));
    const christmasPlaces = everyDiner.filter((diner) => !diners.includes(diner));
    expect(christmasPlaces.length).toBeGreaterThan(0);
    expect(christmasPlaces.every((place) => /^Guest \d+$/.test(place.name))).toBe(true);
    expect(diners.map((diner) => [diner.name, diner.allergies]).sort()).toEqual([
      [ANONYMISED_NAME, ''],
      ['Bartholomew Quince', 'Shellfish'],
      ['Her sister', ''],
    ]);
    const [place] = diners.filter((diner) => diner.bookingId === his.id && diner.name === ANONYMISED_NAME);
    expect(place?.choices).toEqual({
      starter: 'winter-soup',
      main: 'roast-turkey',
      dessert: 'christmas-pudding',
    });
    const [bart] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.id, his.id));
    expect(bart).toMatchObject({ name: 'Bartholomew Quince', email: 'bart@example.org', anonymisedAt: null });
    const entry = (await auditOf(t)).find((row) => row.type === 'guest.erased');
    expect(entry?.summary).toContain('1 occasion bookings, 1 occasion diners');
  });

  it('finds and exports her standby entry and queue party by e-mail or phone, one lacking the contact searched by her other', async () => {
    await makeWaitingRecords(t, { tableReference: references.table });
    for (const q of [GUEST.email.toUpperCase(), GUEST.phone]) {
      const data = (await search(q)).json() as GuestData;
      expect(data.standbyEntries).toEqual([
        expect.objectContaining({
          reference: 'SB-HERS01',
          date: '2026-12-18',
          service: 'dinner',
          windowStart: '19:00',
          windowEnd: '20:30',
          status: 'WAITING',
          name: GUEST.name,
          email: GUEST.email,
          phone: '',
          bookingReference: null,
          offers: [
            {
              timeSlot: '19:30',
              state: 'EXPIRED',
              expiresAt: '2026-12-01T10:30:00.000Z',
              createdAt: '2026-12-01T10:00:00.000Z',
            },
          ],
        }),
      ]);
      expect(data.queueParties).toEqual([
        expect.objectContaining({
          date: '2026-12-08',
          status: 'SEATED',
          name: GUEST.name,
          email: '',
          phone: GUEST.phoneElsewhere,
          notes: NOTES.specialNotes,
          notifiedAt: '2026-12-08T18:40:00.000Z',
          bookingReference: references.table,
        }),
      ]);
      expect(JSON.stringify(data)).not.toContain('Bartholomew');
      // Waiting is not a booking: nothing of it is still to come for an erasure to cancel.
      expect(data.upcomingBookings.map((booking) => booking.kind)).toEqual(['table', 'christmas']);
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.phone)}`,
      headers: { cookie },
    });
    expect(file.json().standbyEntries).toHaveLength(1);
    expect(file.json().queueParties).toHaveLength(1);
    expect(file.json().standbyEntries[0].offers).toHaveLength(1);

    // Her husband's entry with their shared address and his own number is found by the address, not by hers.
    await t.database.db.insert(standbyEntries).values({
      reference: 'SB-HUSB01',
      date: '2026-12-19',
      service: 'lunch',
      windowStart: '12:00',
      windowEnd: '13:00',
      partyAdults: 4,
      partyChildren: 0,
      name: 'Her husband',
      email: GUEST.email,
      phone: '01632 960222',
      tokenHash: 'husband-standby-token-hash',
    });
    const byNumber = (await search(GUEST.phone)).json() as GuestData;
    expect(byNumber.standbyEntries.map((row) => row.reference)).toEqual(['SB-HERS01']);
    const byAddress = (await search(GUEST.email)).json() as GuestData;
    expect(byAddress.standbyEntries.map((row) => row.reference)).toEqual(['SB-HUSB01', 'SB-HERS01']);
  });

  it('deletes her standby entry, its offer and her queue party when she is erased; her seated booking stays', async () => {
    await makeWaitingRecords(t, { tableReference: references.table });
    await moveTo(AFTER_HER_VISITS);
    const before = await counts(t);
    const erased = await erase(GUEST.email);
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erasure).toMatchObject({
      bookingsAnonymised: 1,
      standbyEntriesDeleted: 1,
      standbyOffersDeleted: 1,
      queuePartiesDeleted: 1,
    });
    expect(await whereTheGuestIsStored(t)).toEqual([]);
    const { db } = t.database;
    expect((await db.select().from(standbyEntries)).map((row) => row.reference)).toEqual(['SB-HIS001']);
    expect((await db.select().from(standbyOffers)).map((row) => row.tokenHash)).toEqual([
      'his-offer-token-hash',
    ]);
    expect((await db.select().from(walkInQueue)).map((row) => [row.name, row.notes])).toEqual([
      ['Bartholomew Quince', 'Shellfish allergy'],
    ]);
    expect(await counts(t)).toEqual(before);
    const [table] = await db.select().from(bookings).where(eq(bookings.reference, references.table));
    expect(table).toMatchObject({ name: ANONYMISED_NAME, partyAdults: 2, partyChildren: 1 });
    const entry = (await auditOf(t)).find((row) => row.type === 'guest.erased');
    expect(entry?.summary).toContain('1 standby entries, 1 queue parties');
    expect(JSON.stringify(entry).toLowerCase()).not.toContain('rosalind');
  });
});
