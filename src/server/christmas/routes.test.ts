import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { christmasBookings, christmasClosures, christmasReservations } from '#db/schema.ts';
import { AFTER_CUTOFF, BEFORE_CUTOFF, bookSeats, christmasOrder } from '#tests/helpers/christmas.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets, startTestApp, type TestApp, testConfig } from '#tests/helpers/test-app.ts';
import { ConfigError } from '../env.ts';

const ORDER_FIELDS = { name: 'Margaret Ellis', email: 'margaret@example.com' };
/** Another guest: one e-mail or one IP address holds one checkout at a time. */
const EDITH = { email: 'edith@example.com', remoteAddress: '198.51.100.2' };

describe.each(databaseTargets)('Christmas checkout with the demo provider on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target, BEFORE_CUTOFF);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.setNow(BEFORE_CUTOFF);
    await t.database.db.delete(christmasReservations);
    await t.database.db.delete(christmasBookings);
    await t.database.db.delete(christmasClosures);
  });

  function post(
    url: string,
    body?: unknown,
    options: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
  ) {
    return t.app.inject({ method: 'POST', url, ...options, payload: body as InjectOptions['payload'] });
  }
  const checkout = (body: unknown, remoteAddress?: string) =>
    post('/api/stripe/create-checkout-session', body, remoteAddress ? { remoteAddress } : {});

  async function availability() {
    const response = await t.app.inject({ method: 'GET', url: '/api/christmas/availability' });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function pidOf(url: string): Promise<string> {
    return new URL(url).searchParams.get('pid') as string;
  }

  async function startCheckout(body = christmasOrder(), remoteAddress?: string): Promise<string> {
    const response = await checkout(body, remoteAddress);
    expect(response.statusCode).toBe(201);
    return pidOf(response.json().url);
  }

  describe('GET /api/christmas/availability', () => {
    it('answers each sitting’s capacity, remaining seats and closed flag', async () => {
      expect(await availability()).toEqual({
        'xmas-early': { capacity: 30, remaining: 30, closed: false },
        'xmas-late': { capacity: 32, remaining: 32, closed: false },
      });
    });

    it('counts confirmed guests and live holds, not cancelled bookings or expired holds', async () => {
      await bookSeats(t.database.db, 'xmas-early', 4);
      await t.database.db
        .update(christmasBookings)
        .set({ status: 'CANCELLED' })
        .where(eq(christmasBookings.partySize, 4));
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
      await t.database.db
        .insert(christmasClosures)
        .values({ sittingId: 'xmas-late', reason: 'Kitchen short' });
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
      expect(response.json()).toEqual({ error });
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
      const [stored] = await t.database.db.select({ value: count() }).from(christmasReservations);
      expect(stored?.value).toBe(0);
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
      await t.database.db.insert(christmasClosures).values({ sittingId: 'xmas-early' });
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

  describe('a checkout that goes ahead', () => {
    it('holds the seats in a PENDING reservation and sends the guest to the demo checkout', async () => {
      const response = await checkout(
        christmasOrder(
          { adults: 2, children: 1, session: '2:30 – 4:30 PM' },
          {
            utmSource: 'modal',
            allergies: 'Coeliac',
            selections: {
              starters: [{ item: 'smoked-salmon', count: 2 }],
              mains: [
                { item: 'roast-turkey', count: 2 },
                { item: 'chestnut-wellington', count: 1 },
              ],
              desserts: [{ item: 'cheese-board', count: 1 }],
            },
          },
        ),
      );
      expect(response.statusCode).toBe(201);
      const { url } = response.json();
      expect(url).toMatch(/^https:\/\/pub\.test\/christmas\/demo-checkout\?pid=[\w-]{32}$/);
      const pid = await pidOf(url);

      const [reservation] = await t.database.db
        .select()
        .from(christmasReservations)
        .where(eq(christmasReservations.pid, pid));
      expect(reservation).toMatchObject({
        state: 'PENDING',
        sittingId: 'xmas-late',
        partyAdults: 2,
        partyChildren: 1,
        utmSource: 'modal',
        allergies: 'Coeliac',
        depositPence: 7500,
        totalPence: 2 * 9500 + 5000 + 1000,
        selections: {
          starters: [{ item: 'smoked-salmon', count: 2 }],
          mains: [
            { item: 'roast-turkey', count: 2 },
            { item: 'chestnut-wellington', count: 1 },
          ],
          desserts: [{ item: 'cheese-board', count: 1 }],
        },
      });
      expect(reservation?.expiresAt.getTime()).toBe(BEFORE_CUTOFF.getTime() + 31 * 60_000);
      expect(reservation?.stripeSessionId).toMatch(/^demo_cs_/);
      expect((await availability())['xmas-late'].remaining).toBe(29);

      const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
      expect(pending.json()).toEqual({ state: 'PENDING' });
    });

    it('records no utm_source it does not recognise', async () => {
      const pid = await startCheckout(christmasOrder({}, { utmSource: '<script>' }));
      const [reservation] = await t.database.db
        .select({ utmSource: christmasReservations.utmSource })
        .from(christmasReservations)
        .where(eq(christmasReservations.pid, pid));
      expect(reservation?.utmSource).toBeNull();
    });

    it('shows the demo checkout, and its Pay confirms the booking and sends the e-mails once', async () => {
      const pid = await startCheckout(christmasOrder({ adults: 2, children: 1 }));
      const details = await t.app.inject({ method: 'GET', url: `/api/christmas/demo-checkout/${pid}` });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        state: 'PENDING',
        sittingLabel: '12:00 – 2:00 PM',
        date: '2026-12-25',
        partyAdults: 2,
        partyChildren: 1,
        depositPerGuestPence: 2500,
        depositPence: 7500,
        email: 'margaret@example.com',
        cancelUrl: `https://pub.test/christmas/cancel?pid=${pid}`,
      });

      const paid = await post(`/api/christmas/demo-checkout/${pid}/pay`);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ url: `https://pub.test/christmas/success?pid=${pid}` });

      const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
      const status = pending.json();
      expect(status.state).toBe('PAID_CONFIRMED');
      expect(status.reference).toMatch(/^XMAS-[2-9A-HJKMNP-Z]{4}$/);
      expect(status.confirmation).toMatchObject({
        reference: status.reference,
        sittingId: 'xmas-early',
        sittingLabel: '12:00 – 2:00 PM',
        partyAdults: 2,
        partyChildren: 1,
        depositPaidPence: 7500,
        totalPence: 24_000,
        balanceDuePence: 16_500,
        ...{ email: ORDER_FIELDS.email },
      });

      const [booking] = await t.database.db.select().from(christmasBookings);
      expect(booking).toMatchObject({
        reference: status.reference,
        status: 'CONFIRMED',
        sittingId: 'xmas-early',
        sittingLabel: '12:00 – 2:00 PM',
        partySize: 3,
        source: 'online',
        depositPaidPence: 7500,
        name: ORDER_FIELDS.name,
      });
      expect((await availability())['xmas-early'].remaining).toBe(27);

      // Paying again, or finalizing, changes nothing.
      expect((await post(`/api/christmas/demo-checkout/${pid}/pay`)).statusCode).toBe(409);
      const finalized = await post(`/api/christmas/finalize/${pid}`);
      expect(finalized.statusCode).toBe(200);
      expect(finalized.json().reference).toBe(status.reference);
      const [bookingsStored] = await t.database.db.select({ value: count() }).from(christmasBookings);
      expect(bookingsStored?.value).toBe(1);

      const mails = await mailInOutboxFolder(t);
      expect(mails).toHaveLength(2);
      const guest = mails.find((mail) => mail.subject.startsWith('Your Christmas Day booking'));
      expect(guest?.subject).toBe(`Your Christmas Day booking at The Rose & Crown — ${status.reference}`);
      for (const part of [guest?.text, guest?.html]) {
        expect(part).toContain(status.reference);
        expect(part).toContain('Friday 25 December 2026');
        expect(part).toContain('12:00 – 2:00 PM');
        expect(part).toContain('2 adults and 1 child');
        expect(part).toContain('3 × Roast Norfolk turkey');
        expect(part).toContain('£75.00');
        expect(part).toContain('£165.00');
        expect(part).toContain('non-refundable if you or your guests do not attend');
      }
    });

    it('confirms nothing when the demo payment comes after the hold has lapsed', async () => {
      const pid = await startCheckout();
      t.setNow(new Date(BEFORE_CUTOFF.getTime() + 32 * 60_000));
      const paid = await post(`/api/christmas/demo-checkout/${pid}/pay`);
      expect(paid.statusCode).toBe(409);
      expect((await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` })).json()).toEqual({
        state: 'CANCELLED',
      });
    });

    it('releases the hold from the cancel URL, after which the checkout cannot be paid', async () => {
      const pid = await startCheckout(christmasOrder({ adults: 4 }));
      expect((await availability())['xmas-early'].remaining).toBe(26);
      const cancelled = await post(`/api/christmas/cancel/${pid}`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toEqual({ state: 'CANCELLED' });
      expect((await availability())['xmas-early'].remaining).toBe(30);
      expect((await post(`/api/christmas/demo-checkout/${pid}/pay`)).statusCode).toBe(409);
      const finalize = await post(`/api/christmas/finalize/${pid}`);
      expect(finalize.statusCode).toBe(409);
      expect(finalize.json().state).toBe('CANCELLED');
      const [reservation] = await t.database.db
        .select({ cancelReason: christmasReservations.cancelReason })
        .from(christmasReservations);
      expect(reservation?.cancelReason).toBe('cancelled');
    });

    it('answers 404 for a reservation that does not exist and 400 for a malformed id', async () => {
      const unknown = 'A'.repeat(32);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${unknown}` })).statusCode,
      ).toBe(404);
      expect((await post(`/api/christmas/finalize/${unknown}`)).statusCode).toBe(404);
      expect((await post(`/api/christmas/cancel/${unknown}`)).statusCode).toBe(404);
      expect((await post(`/api/christmas/demo-checkout/${unknown}/pay`)).statusCode).toBe(404);
      const malformed = await t.app.inject({ method: 'GET', url: '/api/christmas/pending/%27%20or%201=1' });
      expect(malformed.statusCode).toBe(400);
    });

    it('has no webhook without Stripe', async () => {
      const response = await post('/api/stripe/webhook', '{}', {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});

// These do not depend on the database: PGlite is enough.
const pglite = databaseTargets[0] as (typeof databaseTargets)[number];

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
      const [stored] = await t.database.db.select({ value: count() }).from(christmasReservations);
      expect(stored?.value).toBe(0);
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
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      const third = await send('203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        error: 'Too many checkout attempts. Please wait a few minutes, or call us.',
      });
      expect((await send('203.0.113.8')).statusCode).toBe(201);
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
