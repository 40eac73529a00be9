import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import type { AuditEntry } from '#shared/audit/types.ts';
import type { StoredChristmasBooking } from '#shared/christmas/schemas.ts';
import { AFTER_CUTOFF, bookSeats, phoneBooking } from '#tests/helpers/christmas.ts';
import { useChristmasAdmin } from '#tests/helpers/christmas-admin.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { selectChristmasBooking } from './store.ts';

/** A change to a party of `adults` + `children`, every course one per guest as a phone booking has them. */
function order(options: { adults: number; children?: number }, overrides: Record<string, unknown> = {}) {
  const booking = phoneBooking(options);
  return {
    partyAdults: booking.partyAdults,
    partyChildren: booking.partyChildren,
    selections: booking.selections,
    allergies: '',
    occasionNotes: '',
    specialNotes: '',
    ...overrides,
  };
}

describe.each(databaseTargets)('staff change a Christmas booking by phone on $name', (target) => {
  const { t, travel, call, created, setStatus, publicSeats } = useChristmasAdmin(target);
  const change = (id: string, body: object) => call('PUT', `/api/christmas/admin/bookings/${id}/order`, body);

  const stored = (id: string) => selectChristmasBooking(t.database.db, eq(occasionBookings.id, id));

  async function changedEntries(id: string): Promise<AuditEntry[]> {
    const response = await call('GET', '/api/admin/audit?type=christmas.changed');
    expect(response.statusCode).toBe(200);
    return (response.json() as { entries: AuditEntry[] }).entries.filter((entry) => entry.subjectId === id);
  }

  it('grows a party after the online cut-off: priced again, seats taken, the trail and the guest told', async () => {
    const booking = await created(phoneBooking({ adults: 2 }, { depositMethod: 'cash' }));
    expect(booking).toMatchObject({ totalPence: 2 * 9500, depositPaidPence: 5000 });
    travel(AFTER_CUTOFF);

    const response = await change(
      booking._id,
      order(
        { adults: 3, children: 1 },
        {
          allergies: 'Coeliac (the child)',
          selections: {
            starters: [{ item: 'prawn-cocktail', count: 4 }],
            mains: [
              { item: 'roast-turkey', count: 3 },
              { item: 'sirloin-of-beef', count: 1 },
            ],
            desserts: [
              { item: 'cheese-board', count: 2 },
              { item: 'sticky-toffee-pudding', count: 2 },
            ],
          },
        },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json() as StoredChristmasBooking;
    expect(changed).toMatchObject({
      _id: booking._id,
      status: 'CONFIRMED',
      partyAdults: 3,
      partyChildren: 1,
      partySize: 4,
      allergies: 'Coeliac (the child)',
      totalPence: 3 * 9500 + 5000 + 2 * 1000,
      depositPaidPence: 5000,
      depositMethod: 'cash',
      changedBy: 'landlord',
      updatedAt: AFTER_CUTOFF.toISOString(),
      selections: {
        starters: [{ item: 'prawn-cocktail', count: 4 }],
        mains: [
          { item: 'roast-turkey', count: 3 },
          { item: 'sirloin-of-beef', count: 1 },
        ],
        desserts: [
          { item: 'sticky-toffee-pudding', count: 2 },
          { item: 'cheese-board', count: 2 },
        ],
      },
    });
    expect((await call('GET', '/api/christmas/admin/bookings')).json()).toEqual([changed]);
    const overview = (await call('GET', '/api/christmas/admin/availability')).json();
    expect(overview['xmas-early']).toMatchObject({ booked: 4, remaining: 26 });

    const [entry] = await changedEntries(booking._id);
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorName: 'landlord',
      summary: `${booking.reference}, 4 guests, 12pm–2pm: changed`,
    });
    expect(entry?.changes).toMatchObject({
      partyAdults: { before: 2, after: 3 },
      partyChildren: { before: 0, after: 1 },
      totalPence: { before: 19_000, after: 35_500 },
      allergies: { before: '(personal data)', after: '(personal data)' },
    });

    const mails = (await mailInOutboxFolder(t)).filter((mail) => mail.subject?.startsWith('We have changed'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.headers.get('to')).toContain('arthur@example.com');
    expect(mail?.subject).toBe(
      `We have changed your Christmas Day booking at The Rose & Crown — ${booking.reference}`,
    );
    expect(mail?.text).toContain('As you asked, we have changed your Christmas Day booking.');
    expect(mail?.text).toContain('3 adults and 1 child');
    expect(mail?.text).toContain('Balance due on the day: £305.00');
    expect(mail?.text).toMatch(/\/christmas\/manage\/[\w-]{43}/);
  });

  it('shrinks a party only with the dishes of the new party, and refuses a change that changes nothing', async () => {
    const booking = await created(phoneBooking({ adults: 4 }, { email: '' }));

    const mismatched = await change(booking._id, order({ adults: 4 }, { partyAdults: 2 }));
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json()).toEqual({
      error: 'Please select exactly 2 mains (1 per guest).',
      issues: [{ path: 'mains', message: 'Please select exactly 2 mains (1 per guest).' }],
    });
    expect(await stored(booking._id)).toMatchObject({ partySize: 4, totalPence: 4 * 9500 });

    const same = await change(booking._id, order({ adults: 4 }));
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('Nothing has changed yet: change a detail, or keep the booking as it is.');

    const shrunk = await change(booking._id, order({ adults: 2 }));
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json()).toMatchObject({ partyAdults: 2, partySize: 2, totalPence: 2 * 9500 });
    expect((await publicSeats())['xmas-early'].remaining).toBe(28);
    expect(await mailInOutboxFolder(t)).toEqual([]);
  });

  it('refuses a party larger than the seats left, on the party, and changes nothing', async () => {
    const booking = await created(phoneBooking({ adults: 2 }));
    await bookSeats(t.database.db, 'xmas-early', 27);

    const refused = await change(booking._id, order({ adults: 4 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Only 1 seats left in this sitting.',
      issues: [{ path: 'partyAdults', message: 'Only 1 seats left in this sitting.' }],
    });
    expect(await stored(booking._id)).toMatchObject({ partySize: 2, totalPence: 2 * 9500, changedBy: null });
    expect(await changedEntries(booking._id)).toEqual([]);

    expect((await change(booking._id, order({ adults: 3 }))).statusCode).toBe(200);
    expect((await publicSeats())['xmas-early'].remaining).toBe(0);
  });

  it('refuses a total below the deposit already paid', async () => {
    const booking = await created(phoneBooking({ adults: 4 }, { depositMethod: 'cash' }));
    const refused = await change(booking._id, order({ adults: 0, children: 1 }));
    const message =
      'The deposit already paid, £100.00, is more than the new total of £50.00: ' +
      'keep more guests, or cancel the booking instead.';
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: message, issues: [{ path: 'partyAdults', message }] });
    expect(await stored(booking._id)).toMatchObject({ partySize: 4, depositPaidPence: 10_000 });
  });

  it('refuses a cancelled booking, and one whose sitting has started', async () => {
    const cancelled = await created(phoneBooking({ adults: 2 }));
    expect((await setStatus(cancelled._id, 'CANCELLED')).statusCode).toBe(200);
    const refused = await change(cancelled._id, order({ adults: 3 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This booking is cancelled, so it cannot be changed.' });
    expect(await stored(cancelled._id)).toMatchObject({ status: 'CANCELLED', partySize: 2 });

    const booking = await created(phoneBooking({ adults: 2 }));
    // Staff at work through the night keep their session; the early sitting starts at noon.
    for (const instant of ['2026-12-24T20:00:00Z', '2026-12-25T07:00:00Z', '2026-12-25T12:00:00Z']) {
      travel(new Date(instant));
      expect((await call('GET', '/api/auth/me')).statusCode).toBe(200);
    }
    const onTheDay = await change(booking._id, order({ adults: 3 }));
    expect(onTheDay.statusCode).toBe(409);
    expect(onTheDay.json()).toEqual({
      error: 'This booking’s sitting has started, so it can no longer be changed.',
    });
  });

  it('answers 401 signed out and 404 for a booking it does not know', async () => {
    const booking = await created(phoneBooking({ adults: 2 }));
    for (const headers of [{}, { cookie: 'rc_admin=not-a-session' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/christmas/admin/bookings/${booking._id}/order`,
        headers,
        payload: order({ adults: 3 }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Unauthorized' });
    }
    expect(await stored(booking._id)).toMatchObject({ partySize: 2 });

    for (const id of [randomUUID(), booking.reference]) {
      const response = await change(id, order({ adults: 3 }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Booking not found' });
    }
  });

  it.runIf(target.name === 'postgres')(
    'gives the last seats to one of two staff growing two bookings at once',
    async () => {
      const first = await created(phoneBooking({ adults: 2 }, { name: 'First' }));
      const second = await created(phoneBooking({ adults: 2 }, { name: 'Second' }));
      await bookSeats(t.database.db, 'xmas-early', 24);

      const answers = await Promise.all([
        change(first._id, order({ adults: 4 })),
        change(second._id, order({ adults: 4 })),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe(
        'Only 0 seats left in this sitting.',
      );
      const sizes = [(await stored(first._id))?.partySize, (await stored(second._id))?.partySize];
      expect(sizes.sort()).toEqual([2, 4]);
      expect((await publicSeats())['xmas-early'].remaining).toBe(0);
    },
  );
});
