import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { BEFORE_PARTY_NIGHTS, occasionBookingPayload, SUPPER_CLUB } from '#tests/helpers/occasions.ts';
import { postgres, startTestApp, type TestApp, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';

const BUYERS = 60;
const TICKETS = 24;

describe.skipIf(!postgres)('A ticketed supper club under a PostgreSQL race', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(postgres as TestDatabaseTarget, BEFORE_PARTY_NIGHTS);
  });
  afterAll(() => t.close());

  it(`sells exactly its ${TICKETS} tickets to ${BUYERS} buyers of one ticket each`, async () => {
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/occasions/${SUPPER_CLUB}/bookings`,
          remoteAddress: `198.51.100.${index + 1}`,
          payload: occasionBookingPayload({
            date: '2027-01-22',
            sittingId: 'supper',
            adults: 1,
            email: `buyer${index + 1}@example.com`,
          }),
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect({
      sold: statuses.filter((status) => status === 201).length,
      refused: statuses.filter((status) => status === 409).length,
    }).toEqual({ sold: TICKETS, refused: BUYERS - TICKETS });
    const full = 'Sorry, that sitting is full. Please choose another.';
    for (const answer of answers.filter((refused) => refused.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: full, issues: [{ path: 'sittingId', message: full }] });
    }

    const [taken] = await t.database.db
      .select({ guests: sql<number>`sum(${occasionBookings.partySize})` })
      .from(occasionBookings)
      .where(
        and(
          eq(occasionBookings.occasionSlug, SUPPER_CLUB),
          inArray(occasionBookings.status, ['HELD', 'CONFIRMED']),
        ),
      );
    expect(Number(taken?.guests)).toBe(TICKETS);

    const page = (await t.app.inject({ method: 'GET', url: `/api/occasions/${SUPPER_CLUB}` })).json();
    expect(page.dates[0].sittings[0]).toEqual({
      sittingId: 'supper',
      seats: TICKETS,
      remaining: 0,
      closed: false,
    });
  });
});
