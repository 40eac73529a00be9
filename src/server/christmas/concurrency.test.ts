import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { BEFORE_CUTOFF, christmasOrder } from '#tests/helpers/christmas.ts';
import { postgres, startTestApp, type TestApp, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';
import { isChristmasRow, reservationIn, selectReservations } from './store.ts';

const PARTIES = 40;
const EARLY_SEATS = 30;
const SEATED_PARTIES = EARLY_SEATS / 2;

describe.skipIf(!postgres)(`${PARTIES} parties of 2 race for ${EARLY_SEATS} early seats (PostgreSQL)`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(postgres as TestDatabaseTarget, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());

  it(`holds seats for ${SEATED_PARTIES} parties and turns ${PARTIES - SEATED_PARTIES} away`, async () => {
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

    const statuses = answers.map((answer) => answer.statusCode);
    expect({
      held: statuses.filter((status) => status === 201).length,
      full: statuses.filter((status) => status === 409).length,
    }).toEqual({ held: SEATED_PARTIES, full: PARTIES - SEATED_PARTIES });
    for (const answer of answers.filter((refused) => refused.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: 'Only 0 seats left in this sitting.' });
    }

    const [held] = await t.database.db
      .select({
        guests: sql<number>`sum(${occasionBookings.partyAdults} + ${occasionBookings.partyChildren})`,
      })
      .from(occasionBookings)
      .where(and(isChristmasRow, eq(occasionBookings.sittingId, 'xmas-early'), reservationIn('PENDING')));
    expect(Number(held?.guests)).toBe(EARLY_SEATS);

    const availability = await t.app.inject({ method: 'GET', url: '/api/christmas/availability' });
    expect(availability.json()['xmas-early']).toEqual({
      capacity: EARLY_SEATS,
      remaining: 0,
      closed: false,
    });
  });
});

const ATTEMPTS = 10;

describe.skipIf(!postgres)(`${ATTEMPTS} simultaneous checkouts by one client (PostgreSQL)`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(postgres as TestDatabaseTarget, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(occasionBookings).where(isChristmasRow);
  });

  // Alternate sittings, so that the sittings' own locks cannot serialise the attempts.
  it.each([
    [
      'one e-mail address from many IP addresses',
      (index: number) => ({
        ip: `198.51.100.${index + 1}`,
        email: index % 2 ? 'Ada@example.com' : 'ada@example.com',
      }),
    ],
    [
      'one IP address under many e-mail addresses',
      (index: number) => ({ ip: '198.51.100.1', email: `ada${index}@example.com` }),
    ],
  ])('%s leave exactly one live hold, every other session expired', async (_case, clientOf) => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) => {
        const client = clientOf(index);
        return t.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout-session',
          remoteAddress: client.ip,
          payload: christmasOrder(
            { adults: 2, session: index % 2 ? 'xmas-late' : 'xmas-early' },
            { email: client.email },
          ),
        });
      }),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);

    const reservations = await selectReservations(t.database.db);
    expect(reservations).toHaveLength(ATTEMPTS);
    const live = reservations.filter((reservation) => reservation.state === 'PENDING');
    expect(live).toHaveLength(1);
    for (const reservation of reservations) {
      if (reservation !== live[0]) expect(reservation.cancelReason).toBe('replaced');
      const session = await t.app.payments?.retrieveCheckoutSession(reservation.stripeSessionId as string);
      expect(session?.status).toBe(reservation === live[0] ? 'open' : 'expired');
    }
    const seats = (await t.app.inject({ method: 'GET', url: '/api/christmas/availability' })).json();
    expect(seats['xmas-early'].remaining + seats['xmas-late'].remaining).toBe(62 - 2);
  });
});
