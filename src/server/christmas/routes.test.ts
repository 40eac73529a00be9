import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { occasionBookings, occasionClosures } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import {
  AFTER_CUTOFF,
  BEFORE_CUTOFF,
  bookSeats,
  CHRISTMAS_DATE,
  christmasOrder,
} from '#tests/helpers/christmas.ts';
import { useChristmasCheckoutApp } from '#tests/helpers/christmas-checkout.ts';
import { expectLimitPerAddress } from '#tests/helpers/rate-limit.ts';
import { databaseTargets, pglite, startTestApp, testConfig } from '#tests/helpers/test-app.ts';
import { ConfigError } from '../env.ts';
import { selectReservations, updateChristmasBookings } from './store.ts';

/** A sitting closed by staff, as the admin stores it. */
const closureOf = (sittingId: string, reason?: string) => ({
  occasionSlug: CHRISTMAS_OCCASION_SLUG,
  date: CHRISTMAS_DATE,
  sittingId,
  ...(reason === undefined ? {} : { reason }),
});

/** Another guest: one e-mail or one IP address holds one checkout at a time. */
const EDITH = { email: 'edith@example.com', remoteAddress: '198.51.100.2' };

describe.each(databaseTargets)('Christmas checkout rules with the demo provider on $name', (target) => {
  const { t, post, checkout, startCheckout, availability } = useChristmasCheckoutApp(target);

  describe('GET /api/christmas/availability', () => {
    it('answers each sitting’s capacity, remaining seats and closed flag', async () => {
      expect(await availability()).toEqual({
        'xmas-early': { capacity: 30, remaining: 30, closed: false },
        'xmas-late': { capacity: 32, remaining: 32, closed: false },
      });
    });

    it('counts confirmed guests and live holds, not cancelled bookings or expired holds', async () => {
      await bookSeats(t.database.db, 'xmas-early', 4);
      await updateChristmasBookings(t.database.db, eq(occasionBookings.partySize, 4), {
        status: 'CANCELLED',
      });
      await bookSeats(t.database.db, 'xmas-early', 5);
      await startCheckout(christmasOrder({ adults: 2, children: 1 }));
      await startCheckout(
        christmasOrder({ adults: 6, session: 'late' }, { email: EDITH.email }),
        EDITH.remoteAddress,
      );
      const seats = await availability();
      expect(seats['xmas-early'].remaining).toBe(30 - 5 - 3);
      expect(seats['xmas-late'].remaining).toBe(32 - 6);

      // 31 minutes on, the holds have lapsed even without a word from the provider.
      t.setNow(new Date(BEFORE_CUTOFF.getTime() + 31 * 60_000));
      const later = await availability();
      expect(later['xmas-early'].remaining).toBe(25);
      expect(later['xmas-late'].remaining).toBe(32);
    });

    it('closes a sitting with a closure row, and both after the online cut-off', async () => {
      await t.database.db.insert(occasionClosures).values(closureOf('xmas-late', 'Kitchen short'));
      const seats = await availability();
      expect(seats['xmas-early'].closed).toBe(false);
      expect(seats['xmas-late'].closed).toBe(true);
      t.setNow(AFTER_CUTOFF);
      const after = await availability();
      expect(after['xmas-early'].closed).toBe(true);
      expect(after['xmas-late'].closed).toBe(true);
    });
  });

  describe('POST /api/stripe/create-checkout-session: the rules, in order, with the spec’s texts', () => {
    it.each([
      ['an unknown sitting', christmasOrder({ session: 'boxing-day' }), 'Please choose a valid sitting.'],
      ['no sitting', christmasOrder({}, { session: undefined }), 'Please choose a valid sitting.'],
      [
        'no guests',
        christmasOrder({ adults: 0 }, { selections: { starters: [], mains: [], desserts: [] } }),
        'Party size must be at least 1.',
      ],
      [
        'too few mains',
        christmasOrder({ adults: 3 }, { selections: { mains: [{ item: 'roast-turkey', count: 2 }] } }),
        'Please select exactly 3 mains (1 per guest).',
      ],
      [
        'too many starters',
        christmasOrder(
          { adults: 2 },
          {
            selections: {
              starters: [{ item: 'prawn-cocktail', count: 3 }],
              mains: [{ item: 'lamb-shank', count: 2 }],
            },
          },
        ),
        'Starters and desserts cannot exceed the number of guests.',
      ],
      [
        'too many desserts',
        christmasOrder(
          { adults: 1 },
          {
            selections: {
              mains: [{ item: 'sea-bass', count: 1 }],
              desserts: [{ item: 'cheese-board', count: 2 }],
            },
          },
        ),
        'Starters and desserts cannot exceed the number of guests.',
      ],
      [
        'a negative count',
        christmasOrder({ adults: 2 }, { selections: { mains: [{ item: 'sea-bass', count: -1 }] } }),
        'Dish counts must be whole numbers, 0 or more.',
      ],
      [
        'half a dish',
        christmasOrder({ adults: 1 }, { selections: { mains: [{ item: 'sea-bass', count: 0.5 }] } }),
        'Dish counts must be whole numbers, 0 or more.',
      ],
      [
        'a dish that is not on the menu',
        christmasOrder({ adults: 1 }, { selections: { mains: [{ item: 'goose', count: 1 }] } }),
        'Please choose dishes from our Christmas menu.',
      ],
      ['no name', christmasOrder({}, { name: '  ' }), 'Please enter your name.'],
      ['no phone', christmasOrder({}, { phone: '' }), 'Please enter your phone number.'],
      [
        'a phone that is not one',
        christmasOrder({}, { phone: 'call me' }),
        'Please enter a valid phone number.',
      ],
      ['a bad e-mail', christmasOrder({}, { email: 'margaret.example.com' }), 'Please enter a valid email.'],
      [
        'adults as words',
        christmasOrder({}, { partyAdults: 'two' }),
        'Adults must be a whole number, 0 or more.',
      ],
    ])('refuses %s with 400', async (_case, body, error) => {
      const response = await checkout(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
    });

    it('answers malformed and hostile bodies with a 400 JSON error and stores nothing', async () => {
      for (const payload of ['not json', '[]', '{"selections": "lots"}', '{"partyAdults": 1e9}']) {
        const response = await post('/api/stripe/create-checkout-session', payload, {
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
      const oversized = await checkout(christmasOrder({}, { specialNotes: 'x'.repeat(70_000) }));
      expect(oversized.statusCode).toBe(413);
      expect(await selectReservations(t.database.db)).toHaveLength(0);
    });

    it('refuses a party larger than the seats left with 409', async () => {
      await bookSeats(t.database.db, 'xmas-early', 27);
      const response = await checkout(christmasOrder({ adults: 4 }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'Only 3 seats left in this sitting.' });
      expect((await checkout(christmasOrder({ adults: 3 }))).statusCode).toBe(201);
      const another = christmasOrder({ adults: 1 }, { email: EDITH.email });
      expect((await checkout(another, EDITH.remoteAddress)).json()).toEqual({
        error: 'Only 0 seats left in this sitting.',
      });
    });

    it('refuses a sitting staff have closed with 409', async () => {
      await t.database.db.insert(occasionClosures).values(closureOf('xmas-early'));
      const response = await checkout(christmasOrder());
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(
        'Online booking for this sitting has closed. Please call us to ask about a table.',
      );
      expect((await checkout(christmasOrder({ session: 'xmas-late' }))).statusCode).toBe(201);
    });

    it('after the cut-off, refuses every order with 409', async () => {
      t.setNow(AFTER_CUTOFF);
      for (const session of ['xmas-early', 'xmas-late']) {
        const response = await checkout(christmasOrder({ session }));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: 'Online Christmas Day orders have closed. Please call us to ask about a table.',
        });
      }
    });
  });
});

// These do not depend on the database: PGlite is enough.

describe('Christmas checkout configuration', () => {
  it('in production without Stripe keys, refuses the checkout with a clear error and offers no demo', async () => {
    const t = await startTestApp(pglite, BEFORE_CUTOFF, {
      env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused@127.0.0.1/unused' },
    });
    try {
      expect(t.app.payments).toBeNull();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        payload: christmasOrder(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/^Online Christmas Day payments are not available right now\./);
      expect(await selectReservations(t.database.db)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('rate-limits checkouts per IP address', async () => {
    const t = await startTestApp(pglite, BEFORE_CUTOFF, { env: { CHECKOUT_RATE_LIMIT_PER_15_MIN: '2' } });
    try {
      const send = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/stripe/create-checkout-session',
          remoteAddress: ip,
          payload: christmasOrder({ adults: 1 }),
        });
      await expectLimitPerAddress(send, {
        limit: 2,
        answered: 201,
        error: 'Too many checkout attempts. Please wait a few minutes, or call us.',
      });
    } finally {
      await t.close();
    }
  });

  it('refuses half a Stripe configuration, a fake Stripe in production and a frozen clock outside tests', () => {
    expect(() => testConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() =>
      testConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      testConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x@127.0.0.1/x',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:9999',
      }),
    ).toThrow(/STRIPE_API_BASE/);
    expect(() => testConfig({ NODE_ENV: 'development', TEST_CLOCK: '2026-12-01T10:00:00Z' })).toThrow(
      /TEST_CLOCK/,
    );
    const config = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe?.apiBase).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
  });
});
