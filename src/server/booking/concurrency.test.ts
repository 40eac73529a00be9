import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#db/schema.ts';
import { ACTIVE_BOOKING_STATUSES } from '#shared/booking/status.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { postgres, startTestApp, type TestApp, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';

const GUESTS_RACING = 50;
const DATE = '2026-06-12';
/** Neighbouring times: a party at 19:00 still holds its covers at 19:30 and 20:00. */
const TIMES = ['19:00', '19:30', '20:00'];
const settings = seedContent['booking-settings'];

describe.skipIf(!postgres)(
  `${GUESTS_RACING} parties of mixed sizes race for a dinner's covers (PostgreSQL)`,
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(postgres as TestDatabaseTarget, new Date('2026-06-01T09:00:00Z'));
    });
    afterAll(() => t.close());

    it('never seats more covers than a slot or the service takes, and turns the rest away as full', async () => {
      const answers = await Promise.all(
        Array.from({ length: GUESTS_RACING }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: '/api/bookings',
            remoteAddress: `198.51.100.${index + 1}`,
            payload: {
              name: `Guest ${index + 1}`,
              phone: '07700 900123',
              email: `guest${index + 1}@example.com`,
              date: DATE,
              timeSlot: TIMES[index % TIMES.length],
              partyAdults: 1 + (index % 8),
            },
          }),
        ),
      );

      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(statuses.filter((status) => status === 409).length).toBeGreaterThan(0);
      for (const answer of answers.filter((refused) => refused.statusCode === 409)) {
        expect(answer.json()).toEqual({ error: 'Sorry, that time is fully booked. Please choose another.' });
      }

      const stored = await t.database.db
        .select({
          timeSlot: bookings.timeSlot,
          adults: bookings.partyAdults,
          children: bookings.partyChildren,
        })
        .from(bookings)
        .where(and(eq(bookings.date, DATE), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])));
      expect(stored).toHaveLength(statuses.filter((status) => status === 201).length);
      const seated = stored.map((row) => ({ timeSlot: row.timeSlot, guests: row.adults + row.children }));
      const servedCovers = seated.reduce((sum, party) => sum + party.guests, 0);
      expect(servedCovers).toBeLessThanOrEqual(settings.coversPerService);
      // No slot of the evening seats more than its covers, counting each party through its table time.
      for (const slot of ['18:00', '18:30', ...TIMES, '20:30', '21:00', '21:30']) {
        const seatedThen = seated.filter((party) => {
          const start = Number(party.timeSlot.slice(0, 2)) * 60 + Number(party.timeSlot.slice(3));
          const slotStart = Number(slot.slice(0, 2)) * 60 + Number(slot.slice(3));
          const turn =
            party.guests >= settings.largePartyFrom ? settings.largePartyTurnMinutes : settings.turnMinutes;
          return start < slotStart + settings.slotEveryMinutes && slotStart < start + turn;
        });
        expect(seatedThen.reduce((sum, party) => sum + party.guests, 0)).toBeLessThanOrEqual(
          settings.coversPerSlot,
        );
      }
    });
  },
);
