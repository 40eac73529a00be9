import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '#db/schema.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { expectExactlyOneChangeSaved } from '#tests/helpers/guest-changes.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  bookAndOpenLink,
  bookingsListedForStaff,
  GUESTS,
  tableBookingRequest,
} from '#tests/helpers/table-booking.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
const TUESDAY = '2026-12-08';

const guestBooking = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(TUESDAY, { ...GUESTS.edith, allergies: 'Coeliac', ...overrides });

describe.each(databaseTargets)('guests manage their own table booking on $name', (target) => {
  const t = useTestApp(target, NOW, { per: 'test' });

  /** Books a table and answers the token of the link in its confirmation e-mail. */
  const bookAndOpen = (overrides: Record<string, unknown> = {}) =>
    bookAndOpenLink(t, guestBooking(overrides));
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
  /** The version the guest's page has of the booking: its updatedAt as opened. */
  const versionOf = async (token: string): Promise<string> =>
    (await open(token)).json().booking?.updatedAt ?? NOW.toISOString();
  /** A change from the page as it stands now, unless the payload names the version it was made from. */
  const change = async (token: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: { version: await versionOf(token), ...payload },
    });
  const cancel = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
  const coversAt = (time: string) => coversLeft(t, TUESDAY, time);

  it('opens the booking from the confirmation’s link', async () => {
    const { reference, token } = await bookAndOpen();
    const response = await open(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      booking: { reference, date: TUESDAY, timeSlot: '19:00', status: 'CONFIRMED', allergies: 'Coeliac' },
      started: false,
    });
    expect(response.json().booking._id).toBeUndefined();
  });

  it('answers the same 404 for a made-up token, a malformed one and a link past its day', async () => {
    const { token } = await bookAndOpen();
    const madeUp = await open('A'.repeat(43));
    const malformed = await open('not-a-token');
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toEqual({ error: MANAGE_MESSAGES.notFound });
    expect(malformed.json()).toEqual(madeUp.json());
    t.setNow(new Date('2026-12-09T23:00:00Z'));
    expect((await open(token)).statusCode).toBe(200);
    t.setNow(new Date('2026-12-10T00:30:00Z'));
    const expired = await open(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(madeUp.json());
  });

  it('changes the time and party under the same rules, the old place freed, with a new confirmation', async () => {
    const { token } = await bookAndOpen({ partyAdults: 4 });
    expect(await coversAt('19:00')).toBe(20);
    const moved = await change(token, guestBooking({ timeSlot: '20:00', partyAdults: 6 }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ booking: { timeSlot: '20:00', partySize: 6 } });
    expect(await coversAt('19:00')).toBe(24);
    expect(await coversAt('20:00')).toBe(24 - 6);
    const tooMany = await change(token, guestBooking({ timeSlot: '20:00', partyAdults: 9 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: BOOKING_MESSAGES.partyTooLarge });
    const childrenAlone = await change(
      token,
      guestBooking({ timeSlot: '20:00', partyAdults: 0, partyChildren: 2 }),
    );
    expect(childrenAlone.statusCode).toBe(400);
    expect(childrenAlone.json()).toEqual({ error: BOOKING_MESSAGES.partyNoAdult });
    const monday = await change(token, guestBooking({ date: '2026-12-07' }));
    expect(monday.json()).toEqual({ error: BOOKING_MESSAGES.monday });
    const same = await change(token, guestBooking({ timeSlot: '20:00', partyAdults: 6 }));
    expect(same.json()).toEqual({ error: MANAGE_MESSAGES.nothingChanged });
    const sent = await mailInOutboxFolder(t);
    const changed = sent.filter((mail) => mail.subject.includes('has changed'));
    expect(changed).toHaveLength(1);
    expect(changed[0]?.text).toContain('8pm');
    expect(changed[0]?.text).toMatch(/Change or cancel your booking: \S+\/bookings\/manage\//);
  });

  it('cancels until the start: the place is free at once, guest and pub e-mailed, staff see who', async () => {
    const { reference, token } = await bookAndOpen({ partyAdults: 4 });
    const cancelled = await cancel(token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED' } });
    expect(await coversAt('19:00')).toBe(24);
    expect((await cancel(token)).statusCode).toBe(200);
    const sent = await mailInOutboxFolder(t);
    const aboutIt = sent.filter((mail) => mail.subject.includes('ancelled'));
    expect(aboutIt.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('You have cancelled your table'),
        expect.stringContaining(`Cancelled by the guest ${reference}`),
      ]),
    );
    expect(aboutIt).toHaveLength(2);
    expect(await bookingsListedForStaff(t, TUESDAY)).toEqual([
      expect.objectContaining({ reference, cancelledBy: 'guest' }),
    ]);
    const [row] = await t.database.db
      .select({ cancelledAt: bookings.cancelledAt })
      .from(bookings)
      .where(eq(bookings.reference, reference));
    expect(row?.cancelledAt).toEqual(NOW);
  });

  it('refuses a change from a stale tab with the booking as it stands: nothing changed, no e-mail', async () => {
    const { token } = await bookAndOpen();
    const opened = await versionOf(token);
    const first = await change(token, guestBooking({ partyAdults: 4, version: opened }));
    expect(first.statusCode).toBe(200);
    const latest = (await open(token)).json();
    expect(latest.booking.updatedAt).not.toBe(opened);

    const stale = await change(token, guestBooking({ timeSlot: '20:00', version: opened }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MANAGE_MESSAGES.changedSinceOpened, latest });
    expect((await open(token)).json()).toEqual(latest);
    const sent = await mailInOutboxFolder(t);
    expect(sent.filter((mail) => mail.subject.includes('has changed'))).toHaveLength(1);
    expect(sent.filter((mail) => mail.subject.startsWith('Changed by the guest'))).toHaveLength(1);

    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/manage/${token}`,
      payload: guestBooking({ timeSlot: '20:00' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: MANAGE_MESSAGES.reloadToChange });
    // Made again from the booking as it stands, the change goes through.
    const again = await change(token, guestBooking({ timeSlot: '20:00', partyAdults: 4 }));
    expect(again.json()).toMatchObject({ booking: { timeSlot: '20:00', partySize: 4 } });
  });

  it('saves exactly one of two changes made from the same version at once', async () => {
    const { token } = await bookAndOpen();
    const version = await versionOf(token);
    const answers = await Promise.all([
      change(token, guestBooking({ partyAdults: 4, version })),
      change(token, guestBooking({ timeSlot: '20:00', version })),
    ]);
    await expectExactlyOneChangeSaved(answers, () => open(token));
    const sent = await mailInOutboxFolder(t);
    expect(sent.filter((mail) => mail.subject.includes('has changed'))).toHaveLength(1);
    expect(sent.filter((mail) => mail.subject.startsWith('Changed by the guest'))).toHaveLength(1);
  });

  it('refuses a change from a tab opened before another tab cancelled, answering the booking cancelled', async () => {
    const { token } = await bookAndOpen();
    const opened = await versionOf(token);
    expect((await cancel(token)).statusCode).toBe(200);
    const latest = (await open(token)).json();

    const stale = await change(token, guestBooking({ partyAdults: 4, version: opened }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MANAGE_MESSAGES.alreadyCancelled, latest });
    expect(latest.booking.status).toBe('CANCELLED');
  });

  it('cancels from a tab opened before another tab’s change: a cancellation overwrites nothing', async () => {
    const { token } = await bookAndOpen();
    expect((await change(token, guestBooking({ partyAdults: 4 }))).statusCode).toBe(200);
    const cancelled = await cancel(token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ booking: { status: 'CANCELLED', partySize: 4 } });
  });

  it('tells the pub what the guest changed, before and after, as it tells of a new booking', async () => {
    const { reference, token } = await bookAndOpen();
    const changed = await change(
      token,
      guestBooking({
        timeSlot: '20:00',
        partyAdults: 4,
        allergies: 'Coeliac; nuts',
        specialNotes: 'A high chair',
      }),
    );
    expect(changed.statusCode).toBe(200);
    const notices = (await mailInOutboxFolder(t)).filter((mail) =>
      mail.subject.startsWith('Changed by the guest'),
    );
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice?.subject).toBe(
      `Changed by the guest ${reference}: Tuesday 8 December 2026, 8pm, 4 guests — Edith Crawley`,
    );
    expect(notice?.headers.get('to')).toContain(seedContent.venue.email);
    expect(notice?.headers.get('reply-to')).toContain('edith@example.com');
    const [changes, now] = (notice?.text ?? '').split('The booking now:');
    expect(changes).toMatch(/Time:\s+7pm \(Dinner\) → 8pm \(Dinner\)/);
    expect(changes).toMatch(/Party:\s+2 adults → 4 adults/);
    expect(changes).toMatch(/Allergies:\s+Coeliac → Coeliac; nuts/);
    expect(changes).toMatch(/Special notes:\s+— → A high chair/);
    expect(changes).not.toMatch(/Date:/);
    expect(now).toMatch(/Date:\s+Tuesday 8 December 2026/);
    expect(now).toMatch(/Phone:\s+07700 900321/);
    expect(notice?.html).toContain('7pm (Dinner) → 8pm (Dinner)');
  });

  it('refuses to cancel or change a booking that has started', async () => {
    const { token } = await bookAndOpen();
    t.setNow(new Date('2026-12-08T19:05:00Z'));
    expect((await open(token)).json()).toMatchObject({ started: true });
    const late = await cancel(token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: MANAGE_MESSAGES.tooLateToCancel });
    const lateChange = await change(token, guestBooking({ timeSlot: '20:00' }));
    expect(lateChange.json()).toEqual({
      error: MANAGE_MESSAGES.tooLateToChange,
      latest: expect.objectContaining({ started: true }),
    });
  });
});
