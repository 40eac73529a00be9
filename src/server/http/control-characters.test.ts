import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bookings, closures, events, occasionBookings, occasionClosures } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { isChristmasRow } from '../christmas/store.ts';

const TUESDAY = '2026-12-08';
const event = { title: 'Quiz Night', slug: 'quiz-night', date: TUESDAY, time: '19:30' };

/** Every text a guest or staff member types, with a NUL or another control character slipped in. */
const cases: (Record<'name' | 'field' | 'url' | 'error', string> & { payload: Record<string, unknown> })[] = [
  {
    name: 'a guest’s name',
    field: 'name',
    url: '/api/bookings',
    payload: { name: 'Ada\u0000', phone: '07700 900123', email: 'ada@example.com', date: TUESDAY },
    error: 'Name contains characters we cannot accept.',
  },
  {
    name: 'the staff sign-in e-mail',
    field: 'email',
    url: '/api/auth/login',
    payload: { email: `${TEST_ADMIN.email}\u0000`, password: TEST_ADMIN.password },
    error: 'email: Email contains characters we cannot accept.',
  },
  {
    name: 'an event title',
    field: 'title',
    url: '/api/events',
    payload: { ...event, title: 'Quiz\u0000Night' },
    error: 'Title contains characters we cannot accept.',
  },
  {
    name: 'an event summary',
    field: 'summary',
    url: '/api/events',
    payload: { ...event, summary: 'Teams of six\u0000' },
    error: 'Summary contains characters we cannot accept.',
  },
  {
    name: 'an event tag',
    field: 'tags',
    url: '/api/events',
    payload: { ...event, tags: 'quiz, \u0007music' },
    error: 'Tags contains characters we cannot accept.',
  },
  {
    name: 'a service closure’s reason',
    field: 'reason',
    url: '/api/closures',
    payload: { date: TUESDAY, service: 'lunch', reason: 'Staff\u0000party' },
    error: 'reason: Reason contains characters we cannot accept.',
  },
  {
    name: 'a Christmas order’s allergies',
    field: 'allergies',
    url: '/api/stripe/create-checkout-session',
    payload: christmasOrder({}, { allergies: 'nuts\u0000' }),
    error: 'Allergies contains characters we cannot accept.',
  },
  {
    name: 'a phone booking’s name',
    field: 'name',
    url: '/api/christmas/admin/bookings',
    payload: phoneBooking({}, { name: 'Ada\u0000' }),
    error: 'Name contains characters we cannot accept.',
  },
  {
    name: 'a Christmas sitting closure’s reason',
    field: 'reason',
    url: '/api/christmas/admin/closures',
    payload: { sittingId: 'xmas-early', reason: 'Full\u0000' },
    error: 'Reason contains characters we cannot accept.',
  },
];

// PostgreSQL refuses a NUL in text: before this rule it answered 500. Now the schema refuses it first.
describe.each(databaseTargets)('control characters in text on $name', (target) => {
  const t = useTestApp(target, BEFORE_CUTOFF, { signedIn: true });

  it.each(cases)('refuses $name with 400, naming its field', async ({ field, url, payload, error }) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: t.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('stored none of them', async () => {
    const tables: [PgTable, SQL?][] = [
      [bookings],
      [events],
      [closures],
      // Christmas bookings and checkouts, and its closed sittings.
      [occasionBookings, isChristmasRow],
      [occasionClosures, eq(occasionClosures.occasionSlug, CHRISTMAS_OCCASION_SLUG)],
    ];
    for (const [table, where] of tables) {
      const [row] = await t.database.db.select({ rows: count() }).from(table).where(where);
      expect(row?.rows).toBe(0);
    }
  });
});
