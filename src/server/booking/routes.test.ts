import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, closures, events } from '#db/schema.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { coversLeft } from '#tests/helpers/availability.ts';
import { expectLimitPerAddress } from '#tests/helpers/rate-limit.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { tableBookingRequest } from '#tests/helpers/table-booking.ts';
import { databaseTargets, startTestApp } from '#tests/helpers/test-app.ts';
import { newReference } from '../lib/references.ts';

/** Monday 1 June 2026, 10:00 in London. */
const NOW = new Date('2026-06-01T09:00:00Z');
const TUESDAY = '2026-06-09';

const bookingBody = (overrides: Record<string, unknown> = {}) =>
  tableBookingRequest(TUESDAY, {
    partyChildren: 1,
    hasAccessibilityNeeds: false,
    accessibilityNotes: '',
    occasion: 'None',
    occasionNotes: '',
    allergies: '',
    specialNotes: '',
    website: '',
    ...overrides,
  });

describe.each(databaseTargets)('POST /api/bookings on $name', (target) => {
  const t = useTestApp(target, NOW);

  beforeAll(async () => {
    await t.database.db
      .insert(events)
      .values({ title: 'Quiz', slug: 'quiz-night', date: TUESDAY, time: '19:30' });
  });

  function post(body: unknown, options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      ...options,
      payload: body as InjectOptions['payload'],
    });
  }

  async function storedCount(): Promise<number> {
    const [row] = await t.database.db.select({ value: count() }).from(bookings);
    return row?.value ?? 0;
  }

  const remainingAt = (date: string, time: string) => coversLeft(t, date, time);

  async function fillSlot(date: string, timeSlot: string, places: number) {
    await t.database.db.insert(bookings).values(
      Array.from({ length: places }, () => ({
        reference: newReference('RC'),
        date,
        service: 'dinner' as const,
        timeSlot,
        name: 'Walk-in',
        email: 'walk-in@example.com',
        phone: '07700 900000',
        partyAdults: 2,
        partyChildren: 0,
      })),
    );
  }

  it('stores a confirmed booking and answers 201 with the stored fields', async () => {
    const response = await post(bookingBody({ status: 'CANCELLED', _id: 'chosen-by-me', partySize: 99 }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([...Object.keys(storedBookingFixture()), 'manageUrl'].sort());
    expect(body.manageUrl).toMatch(/^https:\/\/pub\.test\/bookings\/manage\/[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      date: TUESDAY,
      service: 'dinner',
      timeSlot: '19:00',
      name: 'Margaret Ellis',
      email: 'margaret@example.com',
      phone: '07700 900123',
      partyAdults: 2,
      partyChildren: 1,
      partySize: 3,
      status: 'CONFIRMED',
      eventSlug: null,
      hasAccessibilityNeeds: false,
      occasion: 'None',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(body.reference).toMatch(/^RC-[2-9A-HJKMNP-Z]{6}$/);
    expect(body._id).not.toBe('chosen-by-me');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, body._id));
    expect(row).toMatchObject({ reference: body.reference, status: 'CONFIRMED', service: 'dinner' });
  });

  it('derives lunch from a time before 17:00', async () => {
    const response = await post(bookingBody({ date: '2026-06-07', timeSlot: '12:30' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().service).toBe('lunch');
  });

  it('takes covers: the slot’s covers go down by the party', async () => {
    expect(await remainingAt(TUESDAY, '21:30')).toBe(24);
    expect((await post(bookingBody({ timeSlot: '21:30' }))).statusCode).toBe(201);
    expect(await remainingAt(TUESDAY, '21:30')).toBe(21);
  });

  describe('spec §5, through the API', () => {
    beforeAll(async () => {
      await t.database.db
        .insert(closures)
        .values({ date: '2026-06-16', service: 'dinner', reason: 'Private party' });
      // Twelve tables of two: all 24 covers of the slot.
      await fillSlot('2026-06-17', '19:00', 12);
    });

    it.each([
      [1, 400, 'Spam detected.', { website: 'http://cheap.example', name: '' }],
      [2, 400, 'Please enter your name.', { name: '   ', phone: '' }],
      [3, 400, 'Please enter your phone number.', { phone: '', email: 'nope' }],
      [4, 400, 'Please enter a valid email.', { email: 'margaret.example.com', date: '' }],
      [5, 400, 'Please choose a date.', { date: '', timeSlot: '' }],
      [6, 400, 'We’re closed for food on Mondays. Please choose Tue–Sun.', { date: '2026-06-08' }],
      [7, 400, 'Please choose a time.', { timeSlot: '', partyAdults: 0 }],
      [8, 400, 'That time is not available on the selected day.', { timeSlot: '19:15' }],
      [9, 409, 'Bookings are closed for that time.', { date: '2026-06-16', partyAdults: 20 }],
      [10, 409, 'Sorry, that time is fully booked. Please choose another.', { date: '2026-06-17' }],
      [11, 400, 'Please enter adults or children (at least 1).', { partyAdults: 0, partyChildren: '' }],
      [
        12,
        400,
        'For groups of 9 or more, please call us so we can seat you comfortably.',
        { partyAdults: 9 },
      ],
    ])('rule %i: answers %i “%s” and stores nothing', async (_rule, status, message, overrides) => {
      const before = await storedCount();
      const response = await post(bookingBody(overrides));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: message });
      expect(await storedCount()).toBe(before);
    });

    it('refuses children without an adult (400) and stores nothing', async () => {
      const before = await storedCount();
      const response = await post(bookingBody({ partyAdults: 0, partyChildren: 2 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Please include at least 1 adult: children must be accompanied by an adult.',
      });
      expect(await storedCount()).toBe(before);
      expect((await post(bookingBody({ partyAdults: 1, partyChildren: 2 }))).statusCode).toBe(201);
    });

    it('checks that the phone looks like a phone number, right after rule 3', async () => {
      const badPhone = await post(bookingBody({ phone: 'call me', email: 'nope' }));
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json()).toEqual({ error: 'Please enter a valid phone number.' });
      const nameFirst = await post(bookingBody({ name: '', phone: 'call me' }));
      expect(nameFirst.json()).toEqual({ error: 'Please enter your name.' });
      expect((await post(bookingBody({ phone: '12345' }))).json()).toEqual({
        error: 'Please enter a valid phone number.',
      });
    });

    it('refuses dates outside the bookable range as unavailable times', async () => {
      for (const date of ['2026-05-26', '2026-12-01']) {
        const response = await post(bookingBody({ date }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'That time is not available on the selected day.' });
      }
    });

    it('closes a slot less than 60 minutes away (409)', async () => {
      // 18:30 in London on the Tuesday: 19:00 is half an hour away, 19:30 exactly an hour.
      t.setNow(new Date('2026-06-09T17:30:00Z'));
      try {
        const tooSoon = await post(bookingBody({ timeSlot: '19:00' }));
        expect(tooSoon.statusCode).toBe(409);
        expect(tooSoon.json()).toEqual({ error: 'Bookings are closed for that time.' });
        expect((await post(bookingBody({ timeSlot: '19:30' }))).statusCode).toBe(201);
      } finally {
        t.setNow(NOW);
      }
    });
  });

  it('keeps accessibility notes only when the box is ticked', async () => {
    const unticked = await post(
      bookingBody({
        timeSlot: '18:00',
        hasAccessibilityNeeds: false,
        accessibilityNotes: 'Step-free access',
      }),
    );
    expect(unticked.json()).toMatchObject({ hasAccessibilityNeeds: false, accessibilityNotes: '' });
    const ticked = await post(
      bookingBody({ timeSlot: '18:00', hasAccessibilityNeeds: true, accessibilityNotes: 'Step-free access' }),
    );
    expect(ticked.json()).toMatchObject({
      hasAccessibilityNeeds: true,
      accessibilityNotes: 'Step-free access',
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, unticked.json()._id));
    expect(row?.accessibilityNotes).toBe('');
  });

  it('trims the text it stores', async () => {
    const response = await post(
      bookingBody({
        timeSlot: '18:30',
        name: '  Tom Adeyemi ',
        email: ' tom@example.com ',
        phone: ' 07700 900456 ',
        allergies: '  Peanuts  ',
        occasion: ' Birthday ',
        date: ` ${TUESDAY} `,
      }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, response.json()._id));
    expect(row).toMatchObject({
      name: 'Tom Adeyemi',
      email: 'tom@example.com',
      phone: '07700 900456',
      allergies: 'Peanuts',
      occasion: 'Birthday',
      date: TUESDAY,
    });
  });

  it('keeps an event slug only when that event exists', async () => {
    const known = await post(bookingBody({ timeSlot: '21:00', eventSlug: 'quiz-night' }));
    expect(known.json().eventSlug).toBe('quiz-night');
    const unknown = await post(bookingBody({ timeSlot: '21:00', eventSlug: 'no-such-event' }));
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().eventSlug).toBeNull();
  });

  it.each<[string, Omit<InjectOptions, 'method' | 'url'>, number, string | null]>([
    [
      'an over-long name',
      { payload: bookingBody({ name: 'x'.repeat(101) }) },
      400,
      'Name is too long (100 characters at most).',
    ],
    [
      'a NUL byte',
      { payload: bookingBody({ name: 'Bob\u0000' }) },
      400,
      'Name contains characters we cannot accept.',
    ],
    [
      'words for a number',
      { payload: bookingBody({ partyAdults: 'lots' }) },
      400,
      'Adults must be a whole number, 0 or more.',
    ],
    [
      'negative children',
      { payload: bookingBody({ partyChildren: -2 }) },
      400,
      'Children must be a whole number, 0 or more.',
    ],
    [
      'a made-up occasion',
      { payload: bookingBody({ occasion: "'; DROP TABLE bookings; --" }) },
      400,
      'Please choose an occasion from the list.',
    ],
    [
      'a list instead of an object',
      { payload: [bookingBody()] },
      400,
      'Please send the booking as a JSON object.',
    ],
    [
      'JSON null',
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      400,
      'Please send the booking as a JSON object.',
    ],
    ['broken JSON', { payload: '{"name": ', headers: { 'content-type': 'application/json' } }, 400, null],
    ['an empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }, 400, null],
    [
      'plain text',
      { payload: 'name=Bob', headers: { 'content-type': 'text/plain' } },
      400,
      'Please send the booking as a JSON object.',
    ],
    [
      'a form post',
      { payload: 'name=Bob', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      null,
    ],
    ['a 100 KB body', { payload: bookingBody({ specialNotes: 'x'.repeat(100_000) }) }, 413, null],
    [
      'an over-long Idempotency-Key',
      { payload: bookingBody(), headers: { 'idempotency-key': 'k'.repeat(201) } },
      400,
      'The Idempotency-Key header must be 1 to 200 printable characters.',
    ],
  ])('answers %s with a 4xx JSON error and stores nothing', async (_what, options, status, message) => {
    const before = await storedCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/bookings', ...options });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(typeof body.error).toBe('string');
    if (message) expect(body).toMatchObject({ error: message });
    expect(await storedCount()).toBe(before);
  });

  it('limits booking attempts per address (429 JSON)', async () => {
    const limited = await startTestApp(target, NOW, { env: { BOOKING_RATE_LIMIT_PER_15_MIN: '3' } });
    try {
      const attempt = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: bookingBody({ name: '' }),
          remoteAddress,
        });
      await expectLimitPerAddress(attempt, {
        limit: 3,
        answered: 400,
        error: 'Too many booking attempts. Please wait a few minutes, or call us.',
      });
    } finally {
      await limited.close();
    }
  });
});
