import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { bookings } from '../../db/schema.ts';

const REQUESTS = 50;
const PLACES = 7;

describe.each(databaseTargets)('simultaneous bookings on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, new Date('2026-06-01T09:00:00Z'));
  });
  afterAll(() => t.close());

  it(`gives the ${PLACES} places of a slot to ${PLACES} of ${REQUESTS} requests sent at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          remoteAddress: `198.51.100.${index + 1}`,
          payload: {
            name: `Guest ${index + 1}`,
            phone: '07700 900123',
            email: `guest${index + 1}@example.com`,
            date: '2026-06-12',
            timeSlot: '19:30',
            partyAdults: 2,
          },
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PLACES);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(REQUESTS - PLACES);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ error: 'Sorry, that time is fully booked. Please choose another.' });
    }

    const [stored] = await t.database.db
      .select({ value: count() })
      .from(bookings)
      .where(and(eq(bookings.date, '2026-06-12'), eq(bookings.timeSlot, '19:30')));
    expect(stored?.value).toBe(PLACES);
  });
});
