import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, standbyEntries } from '#db/schema.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { formatTime } from '#shared/time/london-time.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { pglite } from '#tests/helpers/test-app.ts';
import {
  cancelAsGuest,
  cancelBooking,
  claimTokenIn,
  fillSaturdayEvening,
  joined,
  mailOf,
  NOW,
  offersMade,
  SATURDAY,
} from './standby-test-kit.ts';

const EDITH = { name: 'Edith Crawley', email: 'edith@example.com' };
const SYBIL = { name: 'Sybil Branson', email: 'sybil@example.com' };
const MINUTE = 60_000;

describe('freed places are offered to the standby list', () => {
  const t = useTestApp(pglite, NOW, { per: 'test', signedIn: true });

  /** Saturday 7pm to 8:30pm full, Edith then Sybil waiting for two, and Margaret's two at 7:30pm cancelled. */
  async function cancellationWithTwoWaiting(windows: Record<string, unknown> = {}) {
    const margaret = await fillSaturdayEvening(t);
    await joined(t, 1, { ...EDITH, ...windows });
    await joined(t, 2, { ...SYBIL, ...windows });
    t.setNow(new Date(NOW.getTime() + 10 * MINUTE));
    await cancelBooking(t, margaret.bookingId);
  }

  const claim = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/standby/offers/${token}/claim` });

  it('sends one offer, to the first to join, when a cancellation frees two covers and two parties of two wait', async () => {
    await cancellationWithTwoWaiting();
    await t.app.standby.runDue();
    expect(await offersMade(t)).toEqual([
      { email: EDITH.email, timeSlot: '19:00', state: 'OPEN', offeredBy: null },
    ]);
    const offers = await mailOf(t, 'standby-offer');
    expect(offers.map((mail) => mail.to)).toEqual([EDITH.email]);
    const text = offers[0]?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('It is not yet a booking');
    expect(text).toContain('first guest to claim it gets it');
    expect(text).toContain(`30 minutes, until ${formatTime('12:40')}`);
    // A second pass finds the place spoken for.
    await t.app.standby.runDue();
    expect(await offersMade(t)).toHaveLength(1);
  });

  it('books the table for the guest who claims, as a standby booking, and shows the offer as claimed', async () => {
    await cancellationWithTwoWaiting();
    await t.app.standby.runDue();
    const [mail] = await mailOf(t, 'standby-offer');
    const token = claimTokenIn(mail?.text ?? '');
    const view = await t.app.inject({ method: 'GET', url: `/api/standby/offers/${token}` });
    expect(view.json()).toMatchObject({ date: SATURDAY, timeSlot: '19:00', partySize: 2, state: 'OPEN' });
    const claimed = await claim(token);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const booking = claimed.json() as { _id: string; source: string; status: string; manageUrl: string };
    expect(booking).toMatchObject({
      source: 'standby',
      status: 'CONFIRMED',
      timeSlot: '19:00',
      email: EDITH.email,
    });
    expect(booking.manageUrl).toMatch(/\/bookings\/manage\//);
    const [entry] = await t.database.db
      .select()
      .from(standbyEntries)
      .where(eq(standbyEntries.email, EDITH.email));
    expect(entry).toMatchObject({ status: 'BOOKED', bookingId: booking._id });
    expect((await t.app.inject({ method: 'GET', url: `/api/standby/offers/${token}` })).json()).toMatchObject(
      {
        state: 'CLAIMED',
      },
    );
    expect((await mailOf(t, 'table-booking')).map((sent) => sent.to)).toContain(EDITH.email);
    // Claimed twice (a second tap): the entry no longer waits.
    expect((await claim(token)).json()).toEqual({ error: STANDBY_MESSAGES.entryClosed });
  });

  it('answers an expired claim link with its time, and the next pass offers the next guest', async () => {
    await cancellationWithTwoWaiting();
    await t.app.standby.runDue();
    const edithToken = claimTokenIn((await mailOf(t, 'standby-offer'))[0]?.text ?? '');
    t.setNow(new Date(NOW.getTime() + 41 * MINUTE));
    const late = await claim(edithToken);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: STANDBY_MESSAGES.expired(formatTime('12:40')) });
    await t.app.standby.runDue();
    expect(await offersMade(t)).toEqual([
      { email: EDITH.email, timeSlot: '19:00', state: 'EXPIRED', offeredBy: null },
      { email: SYBIL.email, timeSlot: '19:00', state: 'OPEN', offeredBy: null },
    ]);
    expect((await mailOf(t, 'standby-offer')).map((mail) => mail.to)).toEqual([EDITH.email, SYBIL.email]);
    const taken = await t.database.db.select().from(bookings).where(eq(bookings.source, 'standby'));
    expect(taken).toEqual([]);
  });

  it('offers no slot less than the minimum notice away, but a later one of the window', async () => {
    const margaret = await fillSaturdayEvening(t);
    await joined(t, 1, { ...EDITH, windowEnd: '19:00' });
    await joined(t, 2, { ...SYBIL, windowEnd: '19:30' });
    // Saturday 6:30pm: 7pm is half an hour away, under the hour's notice; 7:30pm is just far enough.
    t.setNow(new Date(`${SATURDAY}T18:30:00Z`));
    await cancelAsGuest(t, margaret.manageToken);
    await t.app.standby.runDue();
    expect(await offersMade(t)).toEqual([
      { email: SYBIL.email, timeSlot: '19:30', state: 'OPEN', offeredBy: null },
    ]);
  });

  it('forgets the entries of a date gone by, with their offers, and keeps them on the day itself', async () => {
    await cancellationWithTwoWaiting();
    await t.app.standby.runDue();
    const entriesLeft = async () => (await t.database.db.select().from(standbyEntries)).length;
    t.setNow(new Date(`${SATURDAY}T23:00:00Z`));
    await t.app.retention.runDue();
    expect(await entriesLeft()).toBe(2);
    t.setNow(new Date('2026-12-06T00:30:00Z'));
    await t.app.retention.runDue();
    expect(await entriesLeft()).toBe(0);
    expect(await offersMade(t)).toEqual([]);
  });
});
