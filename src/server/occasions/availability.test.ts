import { beforeEach, describe, expect, it } from 'vitest';
import { occasionBookings, occasionClosures } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { insertOccasionBooking } from '#tests/helpers/occasion-rows.ts';
import { BEFORE_PARTY_NIGHTS, clearOccasions, PARTY_NIGHTS } from '#tests/helpers/occasions.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { occasionSeats, sittingSeats, takenSeats } from './availability.ts';

const NOW = BEFORE_PARTY_NIGHTS;
const MINUTE = 60_000;
const partyNights = seedContent.occasions.occasions.find((occasion) => occasion.slug === PARTY_NIGHTS);
if (!partyNights) throw new Error('the seed has no party nights');

let count = 0;
function booking(
  status: 'HELD' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED',
  partySize: number,
  options: { date?: string; sittingId?: string; holdExpiresAt?: Date | null } = {},
) {
  count += 1;
  return {
    reference: `OCC-T${count}`,
    occasionSlug: PARTY_NIGHTS,
    occasionName: 'Christmas party nights',
    date: options.date ?? '2026-12-11',
    sittingId: options.sittingId ?? 'dinner',
    sittingLabel: 'Dinner',
    status,
    pid: `pid-availability-${count}-${Date.now()}`,
    holdExpiresAt: options.holdExpiresAt ?? null,
    name: 'Olive',
    email: 'olive@example.com',
    phone: '07700 900456',
    partyAdults: partySize,
    partyChildren: 0,
    partySize,
    totalPence: partySize * 3800,
    paymentKind: 'deposit' as const,
    amountDuePence: partySize * 1000,
    source: 'online' as const,
    dinerToken: `token-availability-${count}-${Date.now()}`,
  };
}

describe.each(databaseTargets)('The seats of an occasion’s sittings, on $name', (target) => {
  const t = useTestApp(target, NOW);
  beforeEach(() => clearOccasions(t));

  it('takes off confirmed parties and live holds, not lapsed, expired or cancelled ones', async () => {
    const [held] = await t.database.db
      .insert(occasionBookings)
      .values([
        booking('HELD', 6, { holdExpiresAt: new Date(NOW.getTime() + 10 * MINUTE) }),
        booking('CONFIRMED', 12),
        // Paid, still settling: no end to its hold.
        booking('HELD', 3, { holdExpiresAt: null }),
        booking('HELD', 20, { holdExpiresAt: new Date(NOW.getTime() - MINUTE) }),
        booking('EXPIRED', 20),
        booking('CANCELLED', 20),
        booking('CONFIRMED', 8, { sittingId: 'lunch' }),
        booking('CONFIRMED', 5, { date: '2026-12-12' }),
      ])
      .returning();
    const db = t.database.db;

    expect(await sittingSeats(db, NOW, partyNights, '2026-12-11', 'dinner')).toEqual({
      sittingId: 'dinner',
      seats: 40,
      booked: 12,
      held: 9,
      remaining: 19,
      closed: false,
    });
    expect(
      await sittingSeats(db, NOW, partyNights, '2026-12-11', 'dinner', { excludeBookingId: held?.id }),
    ).toMatchObject({ held: 3, remaining: 25 });
    // Ten minutes on, the first hold has lapsed.
    expect(
      await sittingSeats(db, new Date(NOW.getTime() + 10 * MINUTE), partyNights, '2026-12-11', 'dinner'),
    ).toMatchObject({ held: 3, remaining: 25 });

    await db
      .insert(occasionClosures)
      .values({ occasionSlug: PARTY_NIGHTS, date: '2026-12-11', sittingId: 'lunch', reason: 'Wake' });
    expect(await occasionSeats(db, NOW, partyNights, ['2026-12-11', '2026-12-12'])).toEqual([
      {
        date: '2026-12-11',
        sittings: [
          { sittingId: 'lunch', seats: 40, booked: 8, held: 0, remaining: 32, closed: true },
          { sittingId: 'dinner', seats: 40, booked: 12, held: 9, remaining: 19, closed: false },
        ],
      },
      {
        date: '2026-12-12',
        sittings: [
          { sittingId: 'lunch', seats: 40, booked: 0, held: 0, remaining: 40, closed: false },
          { sittingId: 'dinner', seats: 40, booked: 5, held: 0, remaining: 35, closed: false },
        ],
      },
    ]);

    // Every occasion's covers on a date, as the diary counts them.
    expect(
      (await takenSeats(db, NOW, { dates: ['2026-12-11'] })).sort((a, b) =>
        a.sittingId.localeCompare(b.sittingId),
      ),
    ).toEqual([
      { occasionSlug: PARTY_NIGHTS, date: '2026-12-11', sittingId: 'dinner', booked: 12, held: 9 },
      { occasionSlug: PARTY_NIGHTS, date: '2026-12-11', sittingId: 'lunch', booked: 8, held: 0 },
    ]);
    expect(await takenSeats(db, NOW, { dates: [] })).toEqual([]);
  });

  it('counts no Christmas Day party among the occasions’ seats: Christmas counts its own', async () => {
    await insertOccasionBooking(t, {
      slug: CHRISTMAS_OCCASION_SLUG,
      date: '2026-12-25',
      sittingId: 'xmas-early',
      partySize: 6,
    });
    expect(await takenSeats(t.database.db, NOW, { dates: ['2026-12-25'] })).toEqual([]);
  });

  it('never shows fewer than no seats left', async () => {
    await t.database.db.insert(occasionBookings).values(booking('CONFIRMED', 45));
    expect(await sittingSeats(t.database.db, NOW, partyNights, '2026-12-11', 'dinner')).toMatchObject({
      booked: 45,
      remaining: 0,
    });
  });
});
