import { describe, expect, it } from 'vitest';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import {
  AFTER_CUTOFF,
  BEFORE_CUTOFF,
  bookSeats,
  christmasOrder,
  phoneBooking,
} from '#tests/helpers/christmas.ts';
import { type AdminMethod as Method, useChristmasAdmin } from '#tests/helpers/christmas-admin.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { selectChristmasBookings } from './store.ts';

describe.each(databaseTargets)('Christmas admin bookings on $name', (target) => {
  const { t, travel, call, create, created, checkout, publicSeats } = useChristmasAdmin(target);

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
        expect(await selectChristmasBookings(t.database.db)).toHaveLength(1);
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
        sittingLabel: '2:30pm–4:30pm',
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
        expect(part).toContain('2:30pm–4:30pm');
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
      expect(response.json()).toMatchObject({ error });
      expect(await selectChristmasBookings(t.database.db)).toHaveLength(0);
      expect(await mailInOutboxFolder(t)).toEqual([]);
    });

    it('answers malformed bodies with a 400 JSON error', async () => {
      for (const payload of ['not json', '[]', '{"selections": "lots"}']) {
        const response = await call('POST', '/api/christmas/admin/bookings', payload, {
          'content-type': 'application/json',
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
});
