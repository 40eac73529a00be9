import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manageLinks, occasionBookings, outboxMessages } from '#db/schema.ts';
import type { AuditEntry } from '#shared/audit/types.ts';
import type { ChristmasSeatsOverview } from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import {
  AFTER_CUTOFF,
  BEFORE_CUTOFF,
  bookSeats,
  christmasOrder,
  phoneBooking,
} from '#tests/helpers/christmas.ts';
import { useChristmasAdmin } from '#tests/helpers/christmas-admin.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { isChristmasRow, selectChristmasBooking } from './store.ts';

describe.each(databaseTargets)('Christmas admin seats, statuses and closures on $name', (target) => {
  const { t, travel, call, create, created, setStatus, checkout, publicSeats } = useChristmasAdmin(target);

  describe('a phone booking as a phone call gives it (issue 27)', () => {
    async function christmasCreatedEntries() {
      const response = await call('GET', '/api/admin/audit?type=christmas.created');
      expect(response.statusCode).toBe(200);
      return (response.json() as { entries: AuditEntry[] }).entries;
    }

    it('takes a phone number without an e-mail address: stored, and nothing queued for the guest', async () => {
      const booking = await created(phoneBooking({ adults: 2 }, { email: '' }));
      expect(booking).toMatchObject({ status: 'CONFIRMED', email: '', phone: '0118 496 0555' });
      const stored = await selectChristmasBooking(t.database.db, eq(occasionBookings.id, booking._id));
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
        expect(entry?.summary).toBe(`${booking.reference}, 3 guests, 12pm–2pm (phone): ${summary}`);
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
      const stored = await selectChristmasBooking(t.database.db, eq(occasionBookings.id, booking._id));
      expect(stored?.status).toBe('CANCELLED');

      await t.database.db
        .delete(occasionBookings)
        .where(and(isChristmasRow, eq(occasionBookings.partySize, 28)));
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
