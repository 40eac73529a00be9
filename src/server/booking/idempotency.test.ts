import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, idempotencyKeys } from '#db/schema.ts';
import { databaseTargets, postgres, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** Monday 1 June 2026, 10:00 in London. */
const NOW = new Date('2026-06-01T09:00:00Z');
const TUESDAY = '2026-06-09';
const WEDNESDAY = '2026-06-10';
const DAY_AND_AN_HOUR_MS = 25 * 60 * 60 * 1000;
const KEY_REUSED = 'This request was already used for a different booking.';

function bookingBody(timeSlot: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Margaret Ellis',
    phone: '07700 900123',
    email: 'margaret@example.com',
    date: TUESDAY,
    timeSlot,
    partyAdults: 2,
    partyChildren: 1,
    ...overrides,
  };
}

describe.each(databaseTargets)('a booking sent again with its Idempotency-Key on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
  });
  afterAll(() => t.close());

  function book(body: ReturnType<typeof bookingBody>, idempotencyKey: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'idempotency-key': idempotencyKey },
      payload: body,
    });
  }

  async function remainingAt(timeSlot: string): Promise<number> {
    const response = await t.app.inject({ method: 'GET', url: `/api/availability?date=${TUESDAY}` });
    const slot = (response.json() as { time: string; remaining: number }[]).find(
      (candidate) => candidate.time === timeSlot,
    );
    if (!slot) throw new Error(`${TUESDAY} has no ${timeSlot} slot`);
    return slot.remaining;
  }

  async function bookingsAt(timeSlot: string): Promise<number | undefined> {
    const [row] = await t.database.db
      .select({ value: count() })
      .from(bookings)
      .where(and(eq(bookings.date, TUESDAY), eq(bookings.timeSlot, timeSlot)));
    return row?.value;
  }

  it('answers the same key and booking with the first answer, and books the slot once', async () => {
    const placesBefore = await remainingAt('19:00');

    const first = await book(bookingBody('19:00'), 'retry-after-timeout');
    const again = await book(bookingBody('19:00'), 'retry-after-timeout');

    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(first.statusCode);
    // The guest's link is answered once: it is never stored, so the replay has the rest of the answer.
    const { manageUrl, ...booking } = first.json();
    expect(manageUrl).toMatch(/\/bookings\/manage\//);
    expect(again.json()).toEqual(booking);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await bookingsAt('19:00')).toBe(1);
    expect(await remainingAt('19:00')).toBe(placesBefore - 3);
  });

  it('answers again an answer stored before a field of the booking existed, with its empty value', async () => {
    const first = await book(bookingBody('21:30'), 'stored-long-ago');
    const { manageUrl, cancelledBy, comingConfirmedAt, madeBy, changedBy, ...older } = first.json();
    await t.database.db
      .update(idempotencyKeys)
      .set({ responseBody: older })
      .where(eq(idempotencyKeys.key, 'stored-long-ago'));
    const again = await book(bookingBody('21:30'), 'stored-long-ago');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      ...older,
      cancelledBy: null,
      comingConfirmedAt: null,
      madeBy: null,
      changedBy: null,
    });
  });

  it('refuses the same key with a different booking (422) and stores nothing for it', async () => {
    const first = await book(bookingBody('19:30'), 'changed-form');
    expect(first.statusCode).toBe(201);
    const placesBefore = await remainingAt('20:00');

    const different = await book(bookingBody('20:00', { partyAdults: 4 }), 'changed-form');

    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({ error: KEY_REUSED });
    expect(await bookingsAt('20:00')).toBe(0);
    expect(await remainingAt('20:00')).toBe(placesBefore);
    const original = await book(bookingBody('19:30'), 'changed-form');
    expect(original.statusCode).toBe(201);
    const { manageUrl: _link, ...booking } = first.json();
    expect(original.json()).toEqual(booking);
    expect(await bookingsAt('19:30')).toBe(1);
  });

  // PGlite serves them one after another, so only PostgreSQL can let one overtake another.
  it.skipIf(target !== postgres)(
    'books once when the same submission arrives five times at once',
    async () => {
      const placesBefore = await remainingAt('20:30');

      const answers = await Promise.all(
        Array.from({ length: 5 }, () => book(bookingBody('20:30'), 'double-click')),
      );

      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.json().reference)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
      expect(await bookingsAt('20:30')).toBe(1);
      expect(await remainingAt('20:30')).toBe(placesBefore - 3);
    },
  );
  it('lets a guest correct a refused booking and send it again with the same key', async () => {
    expect((await book(bookingBody('18:00', { name: '' }), 'corrected-form')).statusCode).toBe(400);
    expect((await book(bookingBody('18:00'), 'corrected-form')).statusCode).toBe(201);
    expect(await bookingsAt('18:00')).toBe(1);
  });

  describe('after 24 hours', () => {
    afterEach(() => t.setNow(NOW));

    it('forgets the key: the same submission books again', async () => {
      const first = await book(bookingBody('12:00', { date: WEDNESDAY }), 'next-day-retry');
      t.setNow(new Date(NOW.getTime() + DAY_AND_AN_HOUR_MS));
      const later = await book(bookingBody('12:00', { date: WEDNESDAY }), 'next-day-retry');
      expect(later.statusCode).toBe(201);
      expect(later.json().reference).not.toBe(first.json().reference);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    });

    it('keeps no stored answer, with its guest details, once past its day', async () => {
      const storedKeys = async () =>
        (await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map(
          (row) => row.key,
        );
      expect((await book(bookingBody('12:30', { date: WEDNESDAY }), 'old-guest')).statusCode).toBe(201);
      expect(await storedKeys()).toContain('old-guest');
      t.setNow(new Date(NOW.getTime() + DAY_AND_AN_HOUR_MS));
      expect((await book(bookingBody('13:00', { date: WEDNESDAY }), 'next-guest')).statusCode).toBe(201);
      const keys = await storedKeys();
      expect(keys).toContain('next-guest');
      expect(keys).not.toContain('old-guest');
    });
  });
});
