import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  christmasBookings,
  christmasClosures,
  christmasReservations,
  manageLinks,
  outboxMessages,
} from '#db/schema.ts';
import type { AuditEntry } from '#shared/audit/types.ts';
import { COURSES, type SittingId } from '#shared/christmas/ids.ts';
import type {
  ChristmasSeatsOverview,
  ChristmasSelections,
  StoredChristmasBooking,
} from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import {
  AFTER_CUTOFF,
  BEFORE_CUTOFF,
  bookSeats,
  christmasOrder,
  phoneBooking,
} from '#tests/helpers/christmas.ts';
import { parseCsv } from '#tests/helpers/csv.ts';
import { deliverQueuedMail, mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { seedSeason as christmasSeason } from '#tests/helpers/seed-content.ts';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const HOSTILE_NAME = '<script>alert("x")</script> & Sons';
const HOSTILE_ALLERGY = '<img src=x onerror=alert(1)> nuts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(databaseTargets)('Christmas admin on $name', (target) => {
  let t: TestApp;
  /** A session idle for 12 hours ends: one is signed in on 1 December, one on Christmas Eve. */
  const sessions = { december: '', christmasEve: '' };
  let cookie: string;

  function travel(instant: Date) {
    t.setNow(instant);
    cookie = instant.getTime() >= AFTER_CUTOFF.getTime() ? sessions.christmasEve : sessions.december;
  }

  beforeAll(async () => {
    t = await startTestApp(target, AFTER_CUTOFF);
    await createTestAdmin(t);
    sessions.christmasEve = await signIn(t);
    t.setNow(BEFORE_CUTOFF);
    sessions.december = await signIn(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // What the last test queued goes out at its own time, before the clock goes back.
    await deliverQueuedMail(t.app);
    await rm(join(t.dataDir, 'outbox'), { recursive: true, force: true });
    travel(BEFORE_CUTOFF);
    await t.database.db.delete(christmasReservations);
    await t.database.db.delete(christmasBookings);
    await t.database.db.delete(christmasClosures);
  });

  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const create = (payload: object) => call('POST', '/api/christmas/admin/bookings', payload);
  const setStatus = (id: string, status: string) =>
    call('PATCH', `/api/christmas/admin/bookings/${id}`, { status });
  const checkout = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', payload: body });

  async function created(payload: object): Promise<StoredChristmasBooking> {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function publicSeats() {
    return (await t.app.inject({ method: 'GET', url: '/api/christmas/availability' })).json();
  }

  describe('without a session', () => {
    const calls: [Method, string][] = [
      ['GET', '/api/christmas/admin/bookings'],
      ['POST', '/api/christmas/admin/bookings'],
      ['PATCH', '/api/christmas/admin/bookings/5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1'],
      ['GET', '/api/christmas/admin/availability'],
      ['GET', '/api/christmas/admin/closures'],
      ['POST', '/api/christmas/admin/closures'],
      ['DELETE', '/api/christmas/admin/closures/5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1'],
      ['GET', '/api/christmas/orders.csv'],
      ['GET', '/api/christmas/orders.csv?sittingId=xmas-early'],
      ['GET', '/api/christmas/orders-summary.csv'],
      ['GET', '/api/christmas/orders-summary.csv?sittingId=late'],
      ['GET', '/api/christmas/print/summary'],
      ['GET', '/api/christmas/print/orders?sittingId=xmas-late'],
      ['GET', '/api/christmas/print/booking/5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1'],
    ];

    it.each(calls)(
      '%s %s answers 401 {"error":"Unauthorized"} and gives nothing away',
      async (method, url) => {
        await bookSeats(t.database.db, 'xmas-early', 2);
        for (const headers of [{}, { cookie: 'rc_admin=not-a-session' }]) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            ...(['POST', 'PATCH'].includes(method) ? { payload: phoneBooking() } : {}),
          });
          expect(response.statusCode).toBe(401);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.headers['content-disposition']).toBeUndefined();
          expect(response.json()).toEqual({ error: 'Unauthorized' });
        }
        const [stored] = await t.database.db.select({ value: count() }).from(christmasBookings);
        expect(stored?.value).toBe(1);
      },
    );
  });

  describe('a phone or walk-in booking', () => {
    it('is stored CONFIRMED with a reference and source phone, takes its seats and e-mails the guest', async () => {
      const booking = await created(
        phoneBooking(
          { adults: 3, children: 1, sittingId: '2:30 – 4:30 PM' },
          {
            allergies: 'Coeliac',
            selections: {
              starters: [
                { item: 'smoked-salmon', count: 3 },
                { item: 'parsnip-soup', count: 1 },
              ],
              mains: [{ item: 'roast-turkey', count: 4 }],
              desserts: [
                { item: 'cheese-board', count: 2 },
                { item: 'christmas-pudding', count: 2 },
              ],
            },
          },
        ),
      );
      expect(booking).toMatchObject({
        reference: expect.stringMatching(/^XMAS-[2-9A-HJKMNP-Z]{4}$/),
        status: 'CONFIRMED',
        source: 'phone',
        sittingId: 'xmas-late',
        sittingLabel: '2:30 – 4:30 PM',
        partyAdults: 3,
        partyChildren: 1,
        partySize: 4,
        allergies: 'Coeliac',
        depositPaidPence: 0,
        totalPence: 3 * 9500 + 5000 + 2 * 1000,
        createdAt: BEFORE_CUTOFF.toISOString(),
        // Stored as the checkout stores them: in menu order.
        selections: {
          starters: [
            { item: 'parsnip-soup', count: 1 },
            { item: 'smoked-salmon', count: 3 },
          ],
          mains: [{ item: 'roast-turkey', count: 4 }],
          desserts: [
            { item: 'christmas-pudding', count: 2 },
            { item: 'cheese-board', count: 2 },
          ],
        },
      });
      expect((await publicSeats())['xmas-late'].remaining).toBe(28);

      const list = (await call('GET', '/api/christmas/admin/bookings')).json() as StoredChristmasBooking[];
      expect(list).toEqual([booking]);

      const mails = await mailInOutboxFolder(t);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.headers.get('to')).toContain('arthur@example.com');
      expect(mail?.subject).toBe(`Your Christmas Day booking at The Rose & Crown — ${booking.reference}`);
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain('Thank you for booking with us');
        expect(part).toContain('2:30 – 4:30 PM');
        expect(part).toContain('3 adults and 1 child');
        expect(part).toContain('4 × Roast Norfolk turkey');
        expect(part).toContain('£355.00');
        expect(part).not.toContain('Deposit paid');
        expect(part).not.toContain('deposit is paid');
      }
    });

    it('filters the list by sitting, whatever the spelling', async () => {
      const early = await created(phoneBooking({ sittingId: 'xmas-early' }));
      const late = await created(phoneBooking({ sittingId: 'xmas-late' }));
      for (const [query, expected] of [
        ['', [early, late]],
        ['?sittingId=', [early, late]],
        ['?sittingId=early', [early]],
        ['?sittingId=12-2pm', [early]],
        ['?sittingId=xmas_late', [late]],
        ['?sittingId=14:30-16:30', [late]],
      ] as const) {
        const response = await call('GET', `/api/christmas/admin/bookings${query}`);
        expect(response.statusCode).toBe(200);
        expect((response.json() as StoredChristmasBooking[]).map((entry) => entry._id)).toEqual(
          expected.map((entry) => entry._id),
        );
      }
      const unknown = await call('GET', '/api/christmas/admin/bookings?sittingId=boxing-day');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toContain('Please choose a valid sitting.');
    });

    it.each([
      [
        'more starters than guests',
        phoneBooking(
          { adults: 3 },
          {
            selections: {
              ...phoneBooking({ adults: 3 }).selections,
              starters: [{ item: 'prawn-cocktail', count: 4 }],
            },
          },
        ),
        'Starters and desserts cannot exceed the number of guests.',
      ],
      [
        'too many mains',
        phoneBooking(
          { adults: 2 },
          {
            selections: {
              ...phoneBooking({ adults: 2 }).selections,
              mains: [
                { item: 'roast-turkey', count: 2 },
                { item: 'sea-bass', count: 1 },
              ],
            },
          },
        ),
        'Please select exactly 2 mains (1 per guest).',
      ],
      [
        'desserts over by one',
        phoneBooking(
          { adults: 1, children: 1 },
          {
            selections: {
              ...phoneBooking({ adults: 1, children: 1 }).selections,
              desserts: [{ item: 'mulled-pear', count: 3 }],
            },
          },
        ),
        'Starters and desserts cannot exceed the number of guests.',
      ],
      [
        'no guests',
        phoneBooking({ adults: 0 }, { selections: { starters: [], mains: [], desserts: [] } }),
        'Party size must be at least 1.',
      ],
      ['no name', phoneBooking({}, { name: ' ' }), 'Please enter the guest’s name.'],
      [
        'neither a phone number nor an e-mail address',
        phoneBooking({}, { phone: '', email: '' }),
        'Please enter a phone number or an e-mail address.',
      ],
      [
        'a phone that is not one',
        phoneBooking({}, { phone: 'ring the bar' }),
        'Please enter a valid phone number.',
      ],
      ['an e-mail that is not one', phoneBooking({}, { email: 'arthur' }), 'Please enter a valid email.'],
      [
        'no word of the deposit',
        phoneBooking({}, { depositMethod: undefined }),
        'Please choose how the deposit was taken.',
      ],
      [
        'a deposit taken some other way',
        phoneBooking({}, { depositMethod: 'cheque' }),
        'Please choose how the deposit was taken.',
      ],
      ['no sitting', phoneBooking({ sittingId: '' }), 'Please choose a valid sitting.'],
      ['an unknown sitting', phoneBooking({ sittingId: 'boxing-day' }), 'Please choose a valid sitting.'],
      [
        'a dish that is not on the menu',
        phoneBooking(
          { adults: 1 },
          { selections: { ...phoneBooking({ adults: 1 }).selections, mains: [{ item: 'goose', count: 1 }] } },
        ),
        'Please choose dishes from our Christmas menu.',
      ],
      [
        'a negative count',
        phoneBooking(
          { adults: 1 },
          {
            selections: {
              ...phoneBooking({ adults: 1 }).selections,
              mains: [
                { item: 'sea-bass', count: 2 },
                { item: 'lamb-shank', count: -1 },
              ],
            },
          },
        ),
        'Dish counts must be whole numbers, 0 or more.',
      ],
      [
        'adults as words',
        phoneBooking({}, { partyAdults: 'two' }),
        'Adults must be a whole number, 0 or more.',
      ],
    ])('refuses %s with 400 and the precise message, storing nothing', async (_case, payload, error) => {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
      const [stored] = await t.database.db.select({ value: count() }).from(christmasBookings);
      expect(stored?.value).toBe(0);
      expect(await mailInOutboxFolder(t)).toEqual([]);
    });

    it('answers malformed bodies with a 400 JSON error', async () => {
      for (const payload of ['not json', '[]', '{"selections": "lots"}']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/christmas/admin/bookings',
          headers: { cookie, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
    });

    it('respects the seats left: ‘Only N seats left in this sitting.’', async () => {
      await bookSeats(t.database.db, 'xmas-early', 27);
      const refused = await create(phoneBooking({ adults: 4 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Only 3 seats left in this sitting.' });
      await created(phoneBooking({ adults: 2, children: 1 }));
      expect((await create(phoneBooking({ adults: 1 }))).json()).toEqual({
        error: 'Only 0 seats left in this sitting.',
      });
      expect((await publicSeats())['xmas-early'].remaining).toBe(0);
      await created(phoneBooking({ adults: 1, sittingId: 'late' }));
    });

    it('cannot take seats an online checkout is holding, until the hold lapses', async () => {
      await bookSeats(t.database.db, 'xmas-early', 20);
      expect((await checkout(christmasOrder({ adults: 6 }))).statusCode).toBe(201);
      expect((await publicSeats())['xmas-early'].remaining).toBe(4);

      const refused = await create(phoneBooking({ adults: 5 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Only 4 seats left in this sitting.' });

      travel(new Date(BEFORE_CUTOFF.getTime() + 32 * 60_000));
      await created(phoneBooking({ adults: 5 }));
      expect((await publicSeats())['xmas-early'].remaining).toBe(5);
    });

    it('is still taken for a sitting closed online, and after the online cut-off', async () => {
      expect(
        (await call('POST', '/api/christmas/admin/closures', { sittingId: 'xmas-early' })).statusCode,
      ).toBe(201);
      await created(phoneBooking({ adults: 2 }));
      travel(AFTER_CUTOFF);
      await created(phoneBooking({ adults: 2, sittingId: 'xmas-late' }));
      const seats = await publicSeats();
      expect(seats['xmas-early']).toEqual({ capacity: 30, remaining: 28, closed: true });
      expect(seats['xmas-late']).toEqual({ capacity: 32, remaining: 30, closed: true });
    });
  });

  describe('a phone booking as a phone call gives it (issue 27)', () => {
    async function christmasCreatedEntries() {
      const response = await call('GET', '/api/admin/audit?type=christmas.created');
      expect(response.statusCode).toBe(200);
      return (response.json() as { entries: AuditEntry[] }).entries;
    }

    it('takes a phone number without an e-mail address: stored, and nothing queued for the guest', async () => {
      const booking = await created(phoneBooking({ adults: 2 }, { email: '' }));
      expect(booking).toMatchObject({ status: 'CONFIRMED', email: '', phone: '0118 496 0555' });
      const [stored] = await t.database.db
        .select()
        .from(christmasBookings)
        .where(eq(christmasBookings.id, booking._id));
      expect(stored?.email).toBe('');
      expect(
        await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.reference, booking.reference)),
      ).toEqual([]);
      expect(
        await t.database.db.select().from(manageLinks).where(eq(manageLinks.christmasBookingId, booking._id)),
      ).toEqual([]);
      expect(await mailInOutboxFolder(t)).toEqual([]);
      expect((await call('GET', '/api/christmas/admin/bookings')).json()).toEqual([booking]);
      const slip = await call('GET', `/api/christmas/print/booking/${booking._id}`);
      expect(slip.statusCode).toBe(200);
      expect(slip.body).toContain('<dt>Email</dt><dd>—</dd>');
    });

    it('takes an e-mail address without a phone number, and e-mails the confirmation', async () => {
      const booking = await created(phoneBooking({ adults: 2 }, { phone: '' }));
      expect(booking).toMatchObject({ phone: '', email: 'arthur@example.com' });
      const mails = await mailInOutboxFolder(t);
      expect(mails.map((mail) => mail.headers.get('to'))).toEqual(['Arthur Pennington <arthur@example.com>']);
    });

    it.each([
      ['card-by-phone', 7500, 'Deposit £75.00 by card on the phone', '£75.00 (card by phone)'],
      ['cash', 7500, 'Deposit £75.00 in cash', '£75.00 (cash)'],
      ['waived', 0, 'Deposit waived', '£0.00 (waived)'],
    ] as const)(
      'records a deposit taken %s: %i pence, in the booking, the trail and on the slip',
      async (method, pence, summary, slipText) => {
        const booking = await created(phoneBooking({ adults: 2, children: 1 }, { depositMethod: method }));
        expect(booking).toMatchObject({ depositMethod: method, depositPaidPence: pence });
        expect((await call('GET', '/api/christmas/admin/bookings')).json()).toEqual([booking]);

        const entry = (await christmasCreatedEntries()).find(
          (candidate) => candidate.subjectId === booking._id,
        );
        expect(entry?.summary).toBe(`${booking.reference}, 3 guests, 12:00 – 2:00 PM (phone): ${summary}`);
        expect(entry?.changes).toEqual({
          depositMethod: { before: null, after: method },
          depositPaidPence: { before: null, after: pence },
        });

        const slip = await call('GET', `/api/christmas/print/booking/${booking._id}`);
        expect(slip.body).toContain(`<th scope="row">Deposit paid</th><td>${slipText}</td>`);
        expect(slip.body).toContain(
          `<th scope="row">Balance due on the day</th><td>${formatMoney(booking.totalPence - pence)}</td>`,
        );

        const [mail] = await mailInOutboxFolder(t);
        if (pence > 0) expect(mail?.text).toContain('Deposit paid');
        else expect(mail?.text).not.toContain('Deposit paid');
      },
    );
  });

  describe('status', () => {
    it('cancelling frees the seats; confirming again takes them back only while they fit', async () => {
      const booking = await created(phoneBooking({ adults: 4 }));
      expect((await publicSeats())['xmas-early'].remaining).toBe(26);

      travel(new Date(BEFORE_CUTOFF.getTime() + 60_000));
      const cancelled = await setStatus(booking._id, 'CANCELLED');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        _id: booking._id,
        status: 'CANCELLED',
        createdAt: BEFORE_CUTOFF.toISOString(),
        updatedAt: new Date(BEFORE_CUTOFF.getTime() + 60_000).toISOString(),
      });
      expect((await publicSeats())['xmas-early'].remaining).toBe(30);

      await bookSeats(t.database.db, 'xmas-early', 28);
      const refused = await setStatus(booking._id, 'CONFIRMED');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Only 2 seats left in this sitting.' });
      const [stored] = await t.database.db
        .select({ status: christmasBookings.status })
        .from(christmasBookings)
        .where(eq(christmasBookings.id, booking._id));
      expect(stored?.status).toBe('CANCELLED');

      await t.database.db.delete(christmasBookings).where(eq(christmasBookings.partySize, 28));
      expect((await setStatus(booking._id, 'CONFIRMED')).json().status).toBe('CONFIRMED');
      expect((await publicSeats())['xmas-early'].remaining).toBe(26);
    });

    it('offers CONFIRMED and CANCELLED only, and answers 404 for an unknown booking', async () => {
      const booking = await created(phoneBooking());
      for (const status of ['PENDING', 'cancelled', '']) {
        const response = await setStatus(booking._id, status);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain('status must be CONFIRMED or CANCELLED.');
      }
      for (const id of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', booking.reference]) {
        const response = await setStatus(id, 'CANCELLED');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Booking not found' });
      }
    });
  });

  describe('closures', () => {
    it('close a sitting in the public availability and refuse its checkouts; reopening opens it', async () => {
      const closing = await call('POST', '/api/christmas/admin/closures', {
        sittingId: 'Early',
        reason: 'Kitchen short-handed',
      });
      expect(closing.statusCode).toBe(201);
      const closure = closing.json();
      expect(closure).toMatchObject({ sittingId: 'xmas-early', reason: 'Kitchen short-handed' });

      const again = await call('POST', '/api/christmas/admin/closures', { sittingId: 'xmas-early' });
      expect(again.statusCode).toBe(200);
      expect(again.json()._id).toBe(closure._id);
      expect((await call('GET', '/api/christmas/admin/closures')).json()).toEqual([closure]);

      const seats = await publicSeats();
      expect(seats['xmas-early']).toEqual({ capacity: 30, remaining: 30, closed: true });
      expect(seats['xmas-late'].closed).toBe(false);
      const refused = await checkout(christmasOrder());
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'Online booking for this sitting has closed. Please call us to ask about a table.',
      });
      expect((await checkout(christmasOrder({ session: 'xmas-late' }))).statusCode).toBe(201);

      const overview = (
        await call('GET', '/api/christmas/admin/availability')
      ).json() as ChristmasSeatsOverview;
      expect(overview['xmas-early']).toMatchObject({ closed: true, pastCutoff: false, closure });

      expect((await call('DELETE', `/api/christmas/admin/closures/${closure._id}`)).statusCode).toBe(204);
      expect((await publicSeats())['xmas-early'].closed).toBe(false);
      expect((await checkout(christmasOrder())).statusCode).toBe(201);
      const gone = await call('DELETE', `/api/christmas/admin/closures/${closure._id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: 'Closure not found' });
      expect((await call('DELETE', '/api/christmas/admin/closures/not-an-id')).statusCode).toBe(404);
    });

    it('refuses an unknown sitting and an overlong reason', async () => {
      for (const payload of [
        { sittingId: 'boxing-day' },
        {},
        { sittingId: 'xmas-late', reason: 'x'.repeat(201) },
      ]) {
        const response = await call('POST', '/api/christmas/admin/closures', payload);
        expect(response.statusCode).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
      expect(
        (await call('POST', '/api/christmas/admin/closures', { sittingId: 'boxing-day' })).json(),
      ).toEqual({
        error: 'Please choose a valid sitting.',
      });
    });
  });

  it('shows staff each sitting booked and held out of its capacity', async () => {
    await created(phoneBooking({ adults: 4 }));
    await bookSeats(t.database.db, 'xmas-late', 10);
    expect((await checkout(christmasOrder({ adults: 3, session: 'late' }))).statusCode).toBe(201);
    const overview = (await call('GET', '/api/christmas/admin/availability')).json();
    expect(overview).toEqual({
      'xmas-early': {
        capacity: 30,
        booked: 4,
        held: 0,
        remaining: 26,
        closed: false,
        pastCutoff: false,
        closure: null,
      },
      'xmas-late': {
        capacity: 32,
        booked: 10,
        held: 3,
        remaining: 19,
        closed: false,
        pastCutoff: false,
        closure: null,
      },
    });
    travel(AFTER_CUTOFF);
    const after = (await call('GET', '/api/christmas/admin/availability')).json();
    expect(after['xmas-late']).toMatchObject({ held: 0, remaining: 22, closed: true, pastCutoff: true });
  });

  describe('downloads', () => {
    /** A deterministic spread of parties and dishes over both sittings, some cancelled, some paid online. */
    async function seedBookings(): Promise<void> {
      let seed = 7;
      const next = (below: number) => {
        seed = (seed * 48_271) % 2_147_483_647;
        return seed % below;
      };
      const spread = (course: (typeof COURSES)[number], guests: number) => {
        const dishes = christmasSeason.menu[course];
        const counts = new Map<string, number>();
        for (let guest = 0; guest < guests; guest++) {
          const dish = dishes[next(dishes.length)]?.id as string;
          counts.set(dish, (counts.get(dish) ?? 0) + 1);
        }
        return [...counts].map(([item, count]) => ({ item, count }));
      };
      const ids: string[] = [];
      for (let index = 0; index < 14; index++) {
        const adults = 1 + next(3);
        const children = next(3);
        const guests = adults + children;
        const booking = await created(
          phoneBooking(
            { adults, children, sittingId: index % 2 === 0 ? 'xmas-early' : 'xmas-late' },
            {
              name: `Guest ${index + 1}`,
              selections: {
                starters: spread('starters', guests),
                mains: spread('mains', guests),
                desserts: spread('desserts', guests),
              },
            },
          ),
        );
        ids.push(booking._id);
      }
      for (const id of ids.slice(0, 3)) expect((await setStatus(id, 'CANCELLED')).statusCode).toBe(200);
      // An online booking whose starters and desserts are fewer than its guests, as the checkout allows.
      await t.database.db.insert(christmasBookings).values({
        reference: 'XMAS-ONL1',
        sittingId: 'xmas-late',
        sittingLabel: '2:30 – 4:30 PM',
        name: 'Online Guest',
        email: 'online@example.com',
        phone: '07700 900777',
        partyAdults: 3,
        partyChildren: 0,
        partySize: 3,
        selections: {
          starters: [{ item: 'goats-cheese-tart', count: 1 }],
          mains: [{ item: 'chestnut-wellington', count: 3 }],
          desserts: [],
        },
        totalPence: 28_500,
        depositPaidPence: 7500,
        source: 'online',
      });
    }

    async function confirmedRows(sittingId?: SittingId) {
      const rows = await t.database.db.select().from(christmasBookings);
      return rows.filter(
        (row) => row.status === 'CONFIRMED' && (sittingId === undefined || row.sittingId === sittingId),
      );
    }

    function storedCount(rows: { selections: unknown }[], course: string, item: string): number {
      return rows
        .flatMap((row) => (row.selections as ChristmasSelections)[course as keyof ChristmasSelections])
        .filter((selection) => selection.item === item)
        .reduce((sum, selection) => sum + selection.count, 0);
    }

    it('the prep summary’s counts equal the sum of the stored selections, per sitting and in total', async () => {
      await seedBookings();
      const response = await call('GET', '/api/christmas/orders-summary.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="christmas_prep_summary_2026-12-25_all.csv"',
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = parseCsv(response.body.slice(1));
      expect(header).toEqual(['Course', 'Dish', '12:00 – 2:00 PM', '2:30 – 4:30 PM', 'Total']);

      const early = await confirmedRows('xmas-early');
      const late = await confirmedRows('xmas-late');
      const all = await confirmedRows();
      expect(all).toHaveLength(12);
      const row = (course: string, dish: string) =>
        lines
          .find((line) => line[0] === course && line[1] === dish)
          ?.slice(2)
          .map(Number);

      expect(row('Covers', 'Bookings')).toEqual([early.length, late.length, all.length]);
      const guests = (rows: typeof all) => rows.reduce((sum, entry) => sum + entry.partySize, 0);
      expect(row('Covers', 'Guests')).toEqual([guests(early), guests(late), guests(all)]);
      const adults = (rows: typeof all) => rows.reduce((sum, entry) => sum + entry.partyAdults, 0);
      expect(row('Covers', 'Adults')).toEqual([adults(early), adults(late), adults(all)]);

      let dishRows = 0;
      for (const course of COURSES) {
        const label = course[0]?.toUpperCase() + course.slice(1);
        for (const dish of christmasSeason.menu[course]) {
          expect(row(label, dish.name), `${label}: ${dish.name}`).toEqual([
            storedCount(early, course, dish.id),
            storedCount(late, course, dish.id),
            storedCount(all, course, dish.id),
          ]);
          dishRows++;
        }
        const courseTotal = (rows: typeof all) =>
          christmasSeason.menu[course].reduce((sum, dish) => sum + storedCount(rows, course, dish.id), 0);
        expect(row(label, `All ${course}`)).toEqual([
          courseTotal(early),
          courseTotal(late),
          courseTotal(all),
        ]);
      }
      expect(dishRows).toBe(16);
      expect(lines).toHaveLength(4 + 16 + 3);
      // Every phone booking allocates each course to every guest: the mains are the guests.
      expect(row('Mains', 'All mains')).toEqual(row('Covers', 'Guests'));

      const filtered = await call('GET', '/api/christmas/orders-summary.csv?sittingId=late');
      expect(filtered.headers['content-disposition']).toBe(
        'attachment; filename="christmas_prep_summary_2026-12-25_xmas-late.csv"',
      );
      const [filteredHeader, ...filteredLines] = parseCsv(filtered.body.slice(1));
      expect(filteredHeader).toEqual(['Course', 'Dish', '2:30 – 4:30 PM']);
      expect(filteredLines.find((line) => line[1] === 'Chestnut & cranberry wellington')?.[2]).toBe(
        String(storedCount(late, 'mains', 'chestnut-wellington')),
      );
    });

    it('orders.csv has one row per booking, a column per dish, and formula-proof cells', async () => {
      const booking = await created(
        phoneBooking(
          { adults: 2, children: 1, sittingId: 'late' },
          {
            name: '=HYPERLINK("http://evil.example","Click")',
            phone: '+44 118 496 0555',
            allergies: '@SUM(1+1)',
            occasionNotes: 'Birthday',
            specialNotes: 'High chair, please',
            selections: {
              starters: [{ item: 'parsnip-soup', count: 3 }],
              mains: [
                { item: 'roast-turkey', count: 2 },
                { item: 'chestnut-wellington', count: 1 },
              ],
              desserts: [
                { item: 'cheese-board', count: 1 },
                { item: 'mulled-pear', count: 2 },
              ],
            },
          },
        ),
      );
      const cancelled = await created(phoneBooking({ adults: 1 }, { name: 'Cancelled Guest' }));
      await setStatus(cancelled._id, 'CANCELLED');

      const response = await call('GET', '/api/christmas/orders.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="christmas_orders_2026-12-25_all.csv"',
      );
      const [header, early, late, ...rest] = parseCsv(response.body.slice(1));
      const dishNames = COURSES.flatMap((course) => christmasSeason.menu[course].map((dish) => dish.name));
      expect(header).toEqual([
        'Reference',
        'Sitting',
        'Name',
        'Phone',
        'Email',
        'Adults',
        'Children',
        ...dishNames,
        'Cheese boards',
        'Allergies',
        'Notes',
        'Status',
        'Source',
        'Created',
      ]);
      expect(rest).toEqual([]);
      expect(early?.slice(0, 3)).toEqual([cancelled.reference, '12:00 – 2:00 PM', 'Cancelled Guest']);
      expect(early?.at(-3)).toBe('CANCELLED');

      const cell = (name: string) => late?.[header?.indexOf(name) ?? -1];
      expect(late?.slice(0, 7)).toEqual([
        booking.reference,
        '2:30 – 4:30 PM',
        `'=HYPERLINK("http://evil.example","Click")`,
        "'+44 118 496 0555",
        'arthur@example.com',
        '2',
        '1',
      ]);
      expect(cell('Spiced parsnip & apple soup')).toBe('3');
      expect(cell('Oak-smoked salmon')).toBe('0');
      expect(cell('Roast Norfolk turkey')).toBe('2');
      expect(cell('Chestnut & cranberry wellington')).toBe('1');
      expect(cell('Mulled wine poached pear')).toBe('2');
      expect(cell('British cheese board')).toBe('1');
      expect(cell('Cheese boards')).toBe('1');
      expect(cell('Allergies')).toBe("'@SUM(1+1)");
      expect(cell('Notes')).toBe('Occasion: Birthday\nHigh chair, please');
      expect(cell('Status')).toBe('CONFIRMED');
      expect(cell('Source')).toBe('Phone');
      expect(cell('Created')).toBe('2026-12-01 10:00');
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);

      const filtered = parseCsv(
        (await call('GET', '/api/christmas/orders.csv?sittingId=xmas-early')).body.slice(1),
      );
      expect(filtered.map((line) => line[0])).toEqual(['Reference', cancelled.reference]);
    });

    it('answers 400 JSON for an unknown sitting', async () => {
      for (const url of [
        '/api/christmas/orders.csv?sittingId=boxing-day',
        '/api/christmas/orders-summary.csv?sittingId=x',
        '/api/christmas/print/orders?sittingId=<script>',
      ]) {
        const response = await call('GET', url);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain('Please choose a valid sitting.');
      }
    });
  });

  describe('print pages', () => {
    function styleHashOf(html: string): string {
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      return `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    }

    it('escape a hostile name and allergy, and allow their own style but no script', async () => {
      const hostile = await created(
        phoneBooking(
          { adults: 2 },
          { name: HOSTILE_NAME, allergies: HOSTILE_ALLERGY, specialNotes: '"><b>x' },
        ),
      );
      await created(phoneBooking({ adults: 3, sittingId: 'late' }, { name: 'Late Guest' }));

      for (const url of [
        '/api/christmas/print/orders',
        '/api/christmas/print/summary',
        `/api/christmas/print/booking/${hostile._id}`,
      ]) {
        const response = await call('GET', url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        const html = response.body;
        expect(html, url).not.toContain('<script');
        expect(html, url).not.toContain('<img');
        expect(html, url).not.toContain('<b>x');
        expect(html, url).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
        expect(html, url).toContain('&lt;img src=x onerror=alert(1)&gt; nuts');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain(`style-src ${styleHashOf(html)}`);
        expect(csp).not.toContain('script-src');
        expect(csp).not.toContain('unsafe-inline');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });

    it('give each sitting its own page, flag allergies and count the dishes', async () => {
      await created(phoneBooking({ adults: 2 }, { name: 'Early Guest', allergies: 'Peanuts' }));
      await created(phoneBooking({ adults: 3, sittingId: 'late' }, { name: 'Late Guest' }));
      const cancelled = await created(phoneBooking({ adults: 1 }, { name: 'Gone Guest' }));
      await setStatus(cancelled._id, 'CANCELLED');

      const sheets = (html: string) => html.match(/<section class="sheet">/g)?.length ?? 0;
      const orders = (await call('GET', '/api/christmas/print/orders')).body;
      expect(sheets(orders)).toBe(2);
      expect(orders).toContain('Orders · 12:00 – 2:00 PM');
      expect(orders).toContain('Orders · 2:30 – 4:30 PM');
      expect(orders).toContain('<span class="flag">Allergy</span>Peanuts');
      expect(orders).not.toContain('Gone Guest');
      expect(orders).toContain('break-before: page');

      const summary = (await call('GET', '/api/christmas/print/summary')).body;
      expect(sheets(summary)).toBe(3);
      expect(summary).toContain('Chef’s prep · both sittings');
      expect(summary).toContain('<td class="count">5</td><td>Roast sirloin of beef</td>');
      expect(summary).toContain('<td class="count">2</td><td>Roast sirloin of beef</td>');

      const late = (await call('GET', '/api/christmas/print/summary?sittingId=xmas-late')).body;
      expect(sheets(late)).toBe(1);
      expect(late).toContain('<td class="count">3</td><td>Roast sirloin of beef</td>');
      expect(late).toContain('No allergies noted.');

      const slip = (await call('GET', `/api/christmas/print/booking/${cancelled._id}`)).body;
      expect(slip).toContain('<p class="cancelled">Cancelled</p>');
      expect(slip).toContain('Balance due on the day');
      expect(slip).toContain(cancelled.reference);
    });

    it('answers 404 for an unknown booking slip', async () => {
      for (const id of ['5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1', 'XMAS-ABCD']) {
        const response = await call('GET', `/api/christmas/print/booking/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Booking not found' });
      }
    });
  });

  it('never overbooks when phone bookings and online checkouts race for the last seats', async () => {
    await bookSeats(t.database.db, 'xmas-early', 10);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        index % 2 === 0
          ? create(phoneBooking({ adults: 2 }, { name: `Phone ${index}` }))
          : t.app.inject({
              method: 'POST',
              url: '/api/stripe/create-checkout-session',
              remoteAddress: `198.51.100.${index + 1}`,
              payload: christmasOrder({ adults: 2 }, { email: `party${index}@example.com` }),
            }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    for (const answer of answers.filter((entry) => entry.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: 'Only 0 seats left in this sitting.' });
    }
    const overview = (
      await call('GET', '/api/christmas/admin/availability')
    ).json() as ChristmasSeatsOverview;
    expect(overview['xmas-early'].booked + overview['xmas-early'].held).toBe(30);
    expect(overview['xmas-early'].remaining).toBe(0);
  });
});
