import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEFORE_CUTOFF, christmasOrder } from '../../../tests/helpers/christmas.ts';
import { databaseTargets, startTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { christmasReservations } from '../../db/schema.ts';

const PARTIES = 40;
const EARLY_SEATS = 30;

describe.each(databaseTargets)('simultaneous Christmas checkouts on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());

  it(`holds the ${EARLY_SEATS} early seats for exactly ${EARLY_SEATS / 2} of ${PARTIES} parties of 2`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PARTIES }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout-session',
          remoteAddress: `198.51.100.${index + 1}`,
          payload: christmasOrder({ adults: 2 }, { email: `party${index + 1}@example.com` }),
        }),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(EARLY_SEATS / 2);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(PARTIES - EARLY_SEATS / 2);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ error: 'Only 0 seats left in this sitting.' });
    }

    const [held] = await t.database.db
      .select({
        guests: sql<number>`sum(${christmasReservations.partyAdults} + ${christmasReservations.partyChildren})`,
      })
      .from(christmasReservations)
      .where(
        and(eq(christmasReservations.sittingId, 'xmas-early'), eq(christmasReservations.state, 'PENDING')),
      );
    expect(Number(held?.guests)).toBe(EARLY_SEATS);

    const availability = await t.app.inject({ method: 'GET', url: '/api/christmas/availability' });
    expect(availability.json()['xmas-early']).toEqual({ capacity: 30, remaining: 0, closed: false });
  });
});
