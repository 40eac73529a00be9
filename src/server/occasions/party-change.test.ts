import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditEvents, occasionBookings } from '#db/schema.ts';
import type { PrepSheet, StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { OrganiserPage } from '#shared/occasions/api.ts';
import { OCCASION_BOOKING_MESSAGES } from '#shared/occasions/messages.ts';
import { PARTY_CHANGE_MESSAGES } from '#shared/occasions/party-change.ts';
import { PRE_ORDER_MESSAGES } from '#shared/occasions/pre-order-messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import {
  BEFORE_PARTY_NIGHTS,
  bookOccasion,
  clearOccasions,
  editOccasion,
  PARTY_NIGHTS,
  SUPPER_CLUB,
} from '#tests/helpers/occasions.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets, postgres } from '#tests/helpers/test-app.ts';

const FRIDAY = '2026-12-11';
const DINNER = { slug: PARTY_NIGHTS, date: FRIDAY, sittingId: 'dinner' };
const SUPPER = { slug: SUPPER_CLUB, date: '2027-01-22', sittingId: 'supper' };
const dishes = { starter: 'smoked-salmon', main: 'braised-beef', dessert: 'chocolate-torte' };
/** The seed's default dishes, and the moment after 11 December's choices were due (the end of 1 December). */
const DEFAULTS = { starter: 'winter-soup', main: 'roast-turkey', dessert: 'christmas-pudding' };
const AFTER_DEADLINE = new Date('2026-12-02T00:00:30Z');

describe.each(databaseTargets)('staff change a party’s numbers on $name (issue 30)', (target) => {
  const t = useTestApp(target, BEFORE_PARTY_NIGHTS);

  async function staff() {
    const { cookie } = await signedInAccount(t, 'staff');
    return {
      changeParty: (id: string, party: unknown) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/occasions/bookings/${id}/party`,
          headers: { cookie },
          payload: party as object,
        }),
      removeDiner: (id: string, dinerId: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/occasions/bookings/${id}/diners/${dinerId}`,
          headers: { cookie },
        }),
    };
  }

  async function stored(id: string) {
    const [row] = await t.app.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
    return row;
  }

  it('grows a paid party within the sitting’s seats: the price follows, the organiser is told what is left to pay', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 12, email: 'margaret@example.com' });
    const { changeParty } = await staff();

    const changed = await changeParty(booked.bookingId, { adults: 12, children: 2 });

    expect(changed.statusCode).toBe(200);
    expect(changed.json<StaffOccasionBooking>()).toMatchObject({
      adults: 12,
      children: 2,
      partySize: 14,
      totalPence: 12 * 3800 + 2 * 1900,
      paidPence: 12_000,
    });
    expect((await stored(booked.bookingId))?.changedBy).toBe('A staff');
    const [entry] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'occasion.party-changed'), eq(auditEvents.subjectId, booked.bookingId)),
      );
    expect(entry).toMatchObject({ actorKind: 'staff', actorName: 'A staff' });
    expect(entry?.changes).toEqual({
      party: { before: '12 adults', after: '12 adults and 2 children' },
      totalPence: { before: 45_600, after: 49_400 },
    });
    const letter = (await mailInOutboxFolder(t)).find((mail) => mail.subject.includes('has changed'));
    expect(letter?.headers.get('to')).toContain('margaret@example.com');
    expect(letter?.text).toContain('is now for 12 adults and 2 children');
    expect(letter?.text).toMatch(/Left to pay on the day:\s+£374\.00/);
    const organiser = await t.app.inject({
      method: 'GET',
      url: `/api/occasions/organiser/${booked.organiserToken}`,
    });
    expect(organiser.json<OrganiserPage>()).toMatchObject({ partySize: 14, totalPence: 49_400 });
  });

  it('refuses a party larger than the seats left, one staff have already seen, and a cancelled booking', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 30 });
    await bookOccasion(t, { ...DINNER, adults: 8 });
    const { changeParty } = await staff();

    const tooMany = await changeParty(booked.bookingId, { adults: 33, children: 0 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      error: PARTY_CHANGE_MESSAGES.atMost(32),
      issues: [{ path: 'adults', message: PARTY_CHANGE_MESSAGES.atMost(32) }],
    });
    expect((await changeParty(booked.bookingId, { adults: 32, children: 0 })).statusCode).toBe(200);

    const same = await changeParty(booked.bookingId, { adults: 32, children: 0 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(PARTY_CHANGE_MESSAGES.unchanged);
    const noAdult = await changeParty(booked.bookingId, { adults: 0, children: 3 });
    expect(noAdult.json()).toMatchObject({ error: OCCASION_BOOKING_MESSAGES.adults });

    await t.app.db
      .update(occasionBookings)
      .set({ status: 'CANCELLED' })
      .where(eq(occasionBookings.id, booked.bookingId));
    const cancelled = await changeParty(booked.bookingId, { adults: 20, children: 0 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe(PARTY_CHANGE_MESSAGES.notConfirmed);
    expect(await stored(booked.bookingId)).toMatchObject({ partySize: 32, totalPence: 32 * 3800 });
    const unknown = await changeParty('00000000-0000-4000-8000-000000000000', { adults: 2 });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/occasions/bookings/${booked.bookingId}/party`,
      payload: { adults: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never shrinks a party below the diners who have chosen: staff take a diner off first', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 6 });
    for (const name of ['Ann', 'Ben', 'Cat']) {
      const chose = await t.app.inject({
        method: 'POST',
        url: `/api/occasions/diners/${booked.dinerToken}`,
        payload: { name, email: '', choices: dishes, allergies: '' },
      });
      expect(chose.statusCode).toBe(201);
    }
    const { changeParty, removeDiner } = await staff();

    const belowDiners = await changeParty(booked.bookingId, { adults: 2, children: 0 });
    expect(belowDiners.statusCode).toBe(400);
    expect(belowDiners.json().error).toBe(PARTY_CHANGE_MESSAGES.dinersNamed(3, 2));
    expect((await stored(booked.bookingId))?.partySize).toBe(6);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/occasions/organiser/${booked.organiserToken}`,
    });
    const cat = page.json<OrganiserPage>().diners.find((diner) => diner.name === 'Cat');
    expect((await removeDiner(booked.bookingId, cat?.id ?? '')).statusCode).toBe(204);
    const again = await removeDiner(booked.bookingId, cat?.id ?? '');
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(PRE_ORDER_MESSAGES.dinerNotFound);
    const [removal] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.type, 'occasion.diner-removed'), eq(auditEvents.subjectId, booked.bookingId)),
      );
    expect(removal?.summary).toMatch(/diner taken off the party by staff \(2 of 6 chosen\)$/);

    const shrunk = await changeParty(booked.bookingId, { adults: 2, children: 0 });
    expect(shrunk.statusCode).toBe(200);
    expect(shrunk.json<StaffOccasionBooking>()).toMatchObject({ partySize: 2, totalPence: 2 * 3800 });
    expect(
      shrunk
        .json<StaffOccasionBooking>()
        .diners.map((diner) => diner.name)
        .sort(),
    ).toEqual(['Ann', 'Ben']);
  });

  it('keeps a locked order’s sheets final: new places get the defaults, a smaller party gives up placeholders', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 6 });
    const chose = await t.app.inject({
      method: 'POST',
      url: `/api/occasions/diners/${booked.dinerToken}`,
      payload: { name: 'Ann', email: '', choices: dishes, allergies: '' },
    });
    expect(chose.statusCode).toBe(201);
    t.setNow(AFTER_DEADLINE);
    try {
      await t.app.preOrders.runDue();
      t.setNow(new Date(AFTER_DEADLINE.getTime() + 60_000));
      const { changeParty } = await staff();

      const grown = await changeParty(booked.bookingId, { adults: 8, children: 0 });
      expect(grown.json<StaffOccasionBooking>().diners.map((diner) => diner.name)).toEqual([
        'Ann',
        'Guest 2',
        'Guest 3',
        'Guest 4',
        'Guest 5',
        'Guest 6',
        'Guest 7',
        'Guest 8',
      ]);
      expect(grown.json<StaffOccasionBooking>().diners.at(-1)).toMatchObject({
        chosenBy: 'default',
        choices: DEFAULTS,
      });

      const shrunk = await changeParty(booked.bookingId, { adults: 3, children: 0 });
      expect(shrunk.statusCode).toBe(200);
      expect(shrunk.json<StaffOccasionBooking>().diners.map((diner) => diner.name)).toEqual([
        'Ann',
        'Guest 2',
        'Guest 3',
      ]);
      const prep = await t.app.inject({
        method: 'GET',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/prep?date=${FRIDAY}`,
        headers: { cookie: (await signedInAccount(t, 'staff')).cookie },
      });
      const dinner = prep.json<PrepSheet>().sittings.find((sitting) => sitting.sittingId === 'dinner');
      expect(dinner).toMatchObject({ covers: 3, notChosen: 0 });
    } finally {
      t.setNow(BEFORE_PARTY_NIGHTS);
    }
  });

  it('lets a party at a sitting since removed shrink, never grow', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 8 });
    await t.app.db
      .update(occasionBookings)
      .set({ sittingId: 'brunch' })
      .where(eq(occasionBookings.id, booked.bookingId));
    const { changeParty } = await staff();

    const grown = await changeParty(booked.bookingId, { adults: 9, children: 0 });
    expect(grown.statusCode).toBe(409);
    expect(grown.json().error).toBe(PARTY_CHANGE_MESSAGES.atMost(8));
    expect((await changeParty(booked.bookingId, { adults: 7, children: 0 })).statusCode).toBe(200);
  });

  it('refuses to shrink tickets paid in full below what was paid: no money moves here', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...SUPPER, adults: 3 });
    const { changeParty } = await staff();

    const fewer = await changeParty(booked.bookingId, { adults: 2, children: 0 });

    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().error).toBe(
      '£135.00 has been paid, more than £90.00 for 2 tickets. To give money back, cancel the booking and book again.',
    );
    expect(await stored(booked.bookingId)).toMatchObject({ partySize: 3, paidPence: 13_500 });
    const more = await changeParty(booked.bookingId, { adults: 4, children: 0 });
    expect(more.json<StaffOccasionBooking>()).toMatchObject({ partySize: 4, totalPence: 18_000 });
  });

  it('keeps the price the party booked at for the guests already booked', async () => {
    await clearOccasions(t);
    const booked = await bookOccasion(t, { ...DINNER, adults: 6 });
    await editOccasion(t, PARTY_NIGHTS, (occasion) => ({
      ...occasion,
      prices: { ...occasion.prices, adultPence: 4200 },
    }));
    const { changeParty } = await staff();

    const changed = await changeParty(booked.bookingId, { adults: 7, children: 0 });

    expect(changed.json<StaffOccasionBooking>().totalPence).toBe(6 * 3800 + 4200);
  });
});

describe.runIf(postgres)('staff changing two parties into the last seats on PostgreSQL (issue 30)', () => {
  const t = useTestApp(postgres as NonNullable<typeof postgres>, BEFORE_PARTY_NIGHTS);

  it('gives the last two seats to one party only', async () => {
    await clearOccasions(t);
    await bookOccasion(t, { ...DINNER, adults: 26 });
    const first = await bookOccasion(t, { ...DINNER, adults: 6 });
    const second = await bookOccasion(t, { ...DINNER, adults: 6 });
    const { cookie } = await signedInAccount(t, 'staff');

    const answers = await Promise.all(
      [first, second].map((booked) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/occasions/bookings/${booked.bookingId}/party`,
          headers: { cookie },
          payload: { adults: 8, children: 0 },
        }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db
      .select()
      .from(occasionBookings)
      .where(eq(occasionBookings.sittingId, 'dinner'));
    expect(rows.reduce((sum, row) => sum + row.partySize, 0)).toBe(40);
  });
  it('never seats more than the sitting, whatever staff book and change at once', async () => {
    const { cookie } = await signedInAccount(t, 'staff');
    const staffPost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), adults: fc.integer({ min: 1, max: 14 }) }),
      fc.record({
        kind: fc.constant('change' as const),
        which: fc.nat(),
        adults: fc.integer({ min: 1, max: 14 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 2, maxLength: 6 }), { minLength: 2, maxLength: 5 }),
        async (rounds) => {
          await clearOccasions(t);
          const booked: string[] = [];
          for (const round of rounds) {
            const answers = await Promise.all(
              round.map((one) =>
                one.kind === 'book' || booked.length === 0
                  ? staffPost(`/api/admin/occasions/${PARTY_NIGHTS}/bookings`, {
                      date: FRIDAY,
                      sittingId: 'dinner',
                      adults: one.adults,
                      children: 0,
                      name: 'Ruth Race',
                      phone: '07700 900456',
                      email: '',
                      notes: '',
                      paymentMethod: 'waived',
                    })
                  : staffPost(`/api/admin/occasions/bookings/${booked[one.which % booked.length]}/party`, {
                      adults: one.adults,
                      children: 0,
                    }),
              ),
            );
            for (const answer of answers) {
              expect([200, 201, 400, 409]).toContain(answer.statusCode);
              if (answer.statusCode === 201) booked.push(answer.json<StaffOccasionBooking>().id);
            }
            const rows = await t.app.db
              .select()
              .from(occasionBookings)
              .where(and(eq(occasionBookings.date, FRIDAY), eq(occasionBookings.sittingId, 'dinner')));
            expect(rows.reduce((sum, row) => sum + row.partySize, 0)).toBeLessThanOrEqual(40);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
