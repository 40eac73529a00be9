import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgres,
  startTestApp,
  type TestApp,
  type TestDatabaseTarget,
} from '../../../tests/helpers/test-app.ts';
import { bookings } from '../../db/schema.ts';

const GUESTS = 50;
const PLACES = 7;

describe.skipIf(!postgres)(`${GUESTS} guests race for the ${PLACES} places of a slot (PostgreSQL)`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(postgres as TestDatabaseTarget, new Date('2026-06-01T09:00:00Z'));
  });
  afterAll(() => t.close());

  it(`books ${PLACES} and turns ${GUESTS - PLACES} away as fully booked`, async () => {
    const answers = await Promise.all(
      Array.from({ length: GUESTS }, (_, index) =>
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
    expect({
      booked: statuses.filter((status) => status === 201).length,
      fullyBooked: statuses.filter((status) => status === 409).length,
    }).toEqual({ booked: PLACES, fullyBooked: GUESTS - PLACES });
    for (const answer of answers.filter((refused) => refused.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: 'Sorry, that time is fully booked. Please choose another.' });
    }

    const [stored] = await t.database.db
      .select({ value: count() })
      .from(bookings)
      .where(and(eq(bookings.date, '2026-06-12'), eq(bookings.timeSlot, '19:30')));
    expect(stored?.value).toBe(PLACES);
  });
});
