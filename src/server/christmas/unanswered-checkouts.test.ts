import { and, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { BEFORE_CUTOFF, christmasOrder } from '#tests/helpers/christmas.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import type { CheckoutSession, Payments } from '../payments/payments.ts';
import { isChristmasRow, reservationIn, selectReservation, selectReservations } from './store.ts';

/**
 * Issue 26, defect 20: a checkout whose answer never reaches the guest (refused after its hold was made,
 * replaced, its session not recorded, or abandoned by a guest who stopped waiting) must leave no hold behind.
 * A live hold is a PENDING reservation that has not expired: each one belongs to a checkout that was answered.
 */

interface Guest {
  ip: string;
  email: string;
}

const guest = (index: number): Guest => ({
  ip: `203.0.113.${index + 1}`,
  email: `guest${index}@example.com`,
});

async function liveHolds(t: TestApp) {
  return t.database.db
    .select({
      pid: occasionBookings.pid,
      email: occasionBookings.email,
      holderIp: occasionBookings.holderIp,
      guests: occasionBookings.partyAdults,
    })
    .from(occasionBookings)
    .where(and(isChristmasRow, reservationIn('PENDING'), gt(occasionBookings.holdExpiresAt, BEFORE_CUTOFF)));
}

/** Back to no Christmas checkouts at all. */
function clearCheckouts(t: TestApp) {
  return t.database.db.delete(occasionBookings).where(isChristmasRow);
}

async function earlySeatsLeft(t: TestApp): Promise<number> {
  const seats = (await t.app.inject({ method: 'GET', url: '/api/christmas/availability' })).json();
  return seats['xmas-early'].remaining;
}

function checkout(t: TestApp, who: Guest, adults = 2) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    remoteAddress: who.ip,
    payload: christmasOrder({ adults }, { email: who.email }),
  });
}

const pidOf = (url: string) => new URL(url).searchParams.get('pid') as string;

describe.each(databaseTargets)('A checkout that is never answered holds no seats, on $name', (target) => {
  let t: TestApp;
  const payments = () => t.app.payments as Payments;

  beforeAll(async () => {
    t = await startTestApp(target, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearCheckouts(t);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('releases the hold and expires the session when the session cannot be recorded', async () => {
    const taken = await checkout(t, guest(1));
    expect(taken.statusCode).toBe(201);
    const [first] = await liveHolds(t);
    const firstRow = await selectReservation(t.database.db, eq(occasionBookings.pid, first?.pid as string));
    // The provider answers with a session id the database already holds: recording it fails.
    const create = payments().createCheckoutSession.bind(payments());
    let created: CheckoutSession | undefined;
    vi.spyOn(payments(), 'createCheckoutSession').mockImplementationOnce(async (request) => {
      created = await create(request);
      return { ...created, id: firstRow?.stripeSessionId as string };
    });
    const expire = vi.spyOn(payments(), 'expireCheckoutSession');

    const refused = await checkout(t, guest(2));

    expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    expect((await liveHolds(t)).map((hold) => hold.pid)).toEqual([first?.pid]);
    expect(created).toBeDefined();
    expect(await earlySeatsLeft(t)).toBe(28);
    expect(expire).toHaveBeenCalledWith(firstRow?.stripeSessionId);
  });

  it('releases the hold when the provider answers without a payment page', async () => {
    const create = payments().createCheckoutSession.bind(payments());
    vi.spyOn(payments(), 'createCheckoutSession').mockImplementationOnce(async (request) => ({
      ...(await create(request)),
      url: null,
    }));
    const refused = await checkout(t, guest(3));
    expect(refused.statusCode).toBe(502);
    expect(await liveHolds(t)).toEqual([]);
    expect(await earlySeatsLeft(t)).toBe(30);
  });
});

describeOnPostgres('Checkouts that fail, race and replace each other (PostgreSQL)', (postgres) => {
  let t: TestApp;
  const payments = () => t.app.payments as Payments;

  beforeAll(async () => {
    t = await startTestApp(postgres, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('releases the hold of a guest who stops waiting for the answer', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await clearCheckouts(t);
    const guestGivesUp = new AbortController();
    const create = payments().createCheckoutSession.bind(payments());
    let providerAnswered!: () => void;
    const answered = new Promise<void>((resolve) => {
      providerAnswered = resolve;
    });
    vi.spyOn(payments(), 'createCheckoutSession').mockImplementationOnce(async (request) => {
      guestGivesUp.abort();
      // The provider answers once the guest's connection is gone.
      await new Promise((wait) => setTimeout(wait, 200));
      providerAnswered();
      return create(request);
    });

    const sent = fetch(`${address}/api/stripe/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(christmasOrder({ adults: 4 }, { email: 'impatient@example.com' })),
      signal: guestGivesUp.signal,
    });
    await expect(sent).rejects.toThrow();
    await answered;
    await vi.waitFor(
      async () => {
        const [row] = await selectReservations(t.database.db);
        expect(row).toMatchObject({ state: 'CANCELLED', cancelReason: 'checkout_failed' });
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await earlySeatsLeft(t)).toBe(30);
  });

  /** `shared-session`: the provider repeats a session id, so only the first checkout to record it can. */
  type Fault = 'none' | 'provider-down' | 'no-page' | 'slow' | 'shared-session';
  const attempt = fc.record({
    guest: fc.integer({ min: 0, max: 5 }),
    adults: fc.integer({ min: 1, max: 12 }),
    fault: fc.constantFrom<Fault>('none', 'none', 'provider-down', 'no-page', 'slow', 'shared-session'),
  });

  it('leaves live holds only for answered checkouts, at most one per guest, never more seats than the sitting', async () => {
    const create = payments().createCheckoutSession.bind(payments());
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 2, maxLength: 12 }), async (attempts) => {
        await clearCheckouts(t);
        vi.restoreAllMocks();
        const faults = new Map(attempts.map((one, index) => [`guest${index}@order.example`, one.fault]));
        vi.spyOn(payments(), 'createCheckoutSession').mockImplementation(async (request) => {
          const fault = faults.get(request.customerEmail) ?? 'none';
          if (fault === 'provider-down') throw new Error('provider unreachable');
          if (fault === 'slow') await new Promise((wait) => setTimeout(wait, 30));
          const session = await create(request);
          if (fault === 'no-page') return { ...session, url: null };
          return fault === 'shared-session' ? { ...session, id: 'demo_cs_shared' } : session;
        });

        const answers = await Promise.all(
          attempts.map((one, index) =>
            t.app.inject({
              method: 'POST',
              url: '/api/stripe/create-checkout-session',
              remoteAddress: guest(one.guest).ip,
              payload: christmasOrder({ adults: one.adults }, { email: `guest${index}@order.example` }),
            }),
          ),
        );

        const answered = new Set(
          answers.filter((answer) => answer.statusCode === 201).map((answer) => pidOf(answer.json().url)),
        );
        const holds = await liveHolds(t);
        for (const hold of holds) expect(answered.has(hold.pid)).toBe(true);
        const holders = holds.map((hold) => hold.holderIp);
        expect(new Set(holders).size).toBe(holders.length);
        const held = holds.reduce((sum, hold) => sum + hold.guests, 0);
        expect(held).toBeLessThanOrEqual(30);
        expect(await earlySeatsLeft(t)).toBe(30 - held);
      }),
      { numRuns: 10 },
    );
  });
});
