import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, bookings, guestErasureRequests, outboxMessages } from '#db/schema.ts';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import { signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { GUEST } from '#tests/helpers/guest-records.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import { BOOKED_AT, eraseGuest, noonOn, outboxFiles, retentionOn, rowsOf } from '#tests/helpers/retention.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { withGuestRecords } from './privacy-test-kit.ts';

describe.each(databaseTargets)('scheduled erasures on $name', (target) => {
  const t = useTestApp(target, BOOKED_AT, { per: 'test' });
  let cookie: string;

  beforeEach(async () => {
    cookie = await withGuestRecords(t);
  });

  const guestErasedAudit = async () =>
    (await t.database.db.select().from(auditEvents)).filter((row) => row.type === 'guest.erased');

  it('erases the guest on the day after her last visit, not before', async () => {
    expect(await eraseGuest(t, cookie, 'erase-after-visit')).toEqual({
      outcome: 'scheduled',
      dueOn: '2026-12-26',
    });
    const [request] = await t.database.db.select().from(guestErasureRequests);

    // Christmas Day, her last visit: she is still expected.
    expect((await retentionOn(t, '2026-12-25'))?.guestsErased).toBe(0);
    const christmasDay = await rowsOf(t);
    expect(christmasDay.table[0]).toMatchObject({ name: GUEST.name, email: GUEST.email, anonymisedAt: null });
    expect(christmasDay.christmas[0]).toMatchObject({ name: GUEST.name, status: 'CONFIRMED' });
    expect(await guestErasedAudit()).toEqual([]);

    const outcome = await retentionOn(t, '2026-12-26');
    expect(outcome?.guestsErased).toBe(1);
    const after = await rowsOf(t);
    expect(after.table[0]).toMatchObject({
      name: ANONYMISED_NAME,
      email: '',
      phone: '',
      status: 'CONFIRMED',
    });
    expect(after.christmas[0]).toMatchObject({ name: ANONYMISED_NAME, email: '', phone: '' });
    expect(after.enquiries[0]).toMatchObject({ name: ANONYMISED_NAME, notes: '' });
    expect(after.other[0]).toMatchObject({ name: 'Bartholomew Quince', allergies: 'Shellfish' });
    expect(after.consents).toEqual([]);
    expect(await t.database.db.select().from(guestErasureRequests)).toEqual([]);
    const [entry, ...more] = await guestErasedAudit();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorKind: 'system', subjectType: 'guest', subjectId: request?.id });
    expect(JSON.stringify(entry).toLowerCase()).not.toContain(GUEST.email.toLowerCase());
    expect(after.retentionAudit.at(-1)?.changes).toMatchObject({ guestsErased: { before: null, after: 1 } });
    // Her e-mails' .eml files went with their rows; his stay.
    const files = await outboxFiles(t);
    expect(files.filter((text) => text.includes(GUEST.email.toLowerCase()))).toEqual([]);
    expect(files.filter((text) => text.includes('bart@example.org')).length).toBeGreaterThan(0);
  });

  it('waits for the day after a visit she booked since', async () => {
    await eraseGuest(t, cookie, 'erase-after-visit');
    t.setNow(noonOn('2026-12-20'));
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        name: GUEST.name,
        email: GUEST.email,
        phone: GUEST.phone,
        date: '2027-01-05',
        timeSlot: '19:00',
        partyAdults: 2,
        partyChildren: 0,
      },
    });
    expect(booked.statusCode).toBe(201);

    expect((await retentionOn(t, '2026-12-26'))?.guestsErased).toBe(0);
    const [moved] = await t.database.db.select().from(guestErasureRequests);
    expect(moved?.dueOn).toBe('2027-01-06');
    expect((await rowsOf(t)).table[0]).toMatchObject({ name: GUEST.name });
    const [rescheduled] = (await t.database.db.select().from(auditEvents)).filter(
      (row) => row.type === 'guest.erasure-scheduled' && row.actorKind === 'system',
    );
    expect(rescheduled?.summary).toBe(
      'Guest data erasure scheduled for Wednesday 6 January 2027, the day after the last of 1 upcoming booking',
    );

    expect((await retentionOn(t, '2027-01-05'))?.guestsErased).toBe(0);
    expect((await retentionOn(t, '2027-01-06'))?.guestsErased).toBe(1);
    const tables = await t.database.db.select().from(bookings);
    expect(tables.filter((row) => row.name === GUEST.name)).toEqual([]);
  });

  it('deletes the .eml files of the cancellations an erasure sent, at the next run', async () => {
    t.setNow(noonOn('2026-12-02'));
    cookie = await signIn(t);
    expect(await eraseGuest(t, cookie, 'cancel-and-erase')).toMatchObject({ bookingsCancelled: 2 });
    await deliverQueuedMail(t.app);
    const sent = await outboxFiles(t);
    expect(sent.filter((text) => text.includes(GUEST.email.toLowerCase()))).toHaveLength(2);
    expect(
      await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.eraseWhenSent, true)),
    ).toEqual([]);

    await retentionOn(t, '2026-12-03');
    const files = await outboxFiles(t);
    expect(files.filter((text) => text.includes(GUEST.email.toLowerCase()))).toEqual([]);
    expect(files).toEqual(sent.filter((text) => !text.includes(GUEST.email.toLowerCase())));
    expect(files.some((text) => text.includes('bart@example.org'))).toBe(true);
  });
});
