import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, occasionBookings } from '#db/schema.ts';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES } from '#shared/christmas/manage.ts';
import { TILL_SETTLEMENT_MESSAGES, type TillOutcome } from '#shared/money/till-settlement.ts';
import { type AppFixture, useTestApp } from '#tests/helpers/app-fixture.ts';
import { phoneBooking as christmasPhoneBooking } from '#tests/helpers/christmas.ts';
import { insertDiners, insertOccasionBooking } from '#tests/helpers/occasion-rows.ts';
import { BEFORE_PARTY_NIGHTS, clearOccasions, PARTY_NIGHTS } from '#tests/helpers/occasions.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';
import { insertChristmasBooking } from '../christmas/store.ts';
import { issueManageToken } from '../manage/links.ts';
import { issueOrganiserToken } from './organiser-links.ts';

/*
 * Money staff took (a Christmas Day phone booking's deposit, an occasion phone booking's deposit or price),
 * settled at the till once its booking is cancelled (decision 051): given back or kept, recorded once.
 */

const UNKNOWN_ID = '5d1d7a44-96a4-4c9e-9e62-0c3f4f55b3a1';
const NOT_FOUND = { error: 'Booking not found' };

type Method = 'cash' | 'waived';

/** One kind of booking staff settle: how to make one, where to settle it, and what the trail calls it. */
interface Kind {
  name: string;
  settleUrl: (id: string) => string;
  /** What two guests (Christmas) or a party of four (an occasion) pay ahead, taken in cash. */
  paidPence: number;
  auditType: 'christmas.till-settled' | 'occasion.till-settled';
  subjectType: 'christmas-booking' | 'occasion-booking';
  /** A phone booking with its money taken as `method`, confirmed; its id and reference. */
  book(t: AppFixture, staff: string, method: Method): Promise<{ id: string; reference: string }>;
  cancel(t: AppFixture, manager: string, id: string): Promise<void>;
  /** A booking paid online through the checkout, then cancelled: stored as the checkout leaves it. */
  cancelledOnline(t: AppFixture): Promise<string>;
  /** The booking as the guest's own page (the organiser's, for an occasion) is answered it, through a new link. */
  guestView(t: AppFixture, id: string): Promise<{ status: string; tillRefundPence?: number | null }>;
}

const christmas: Kind = {
  name: 'a Christmas Day deposit',
  settleUrl: (id) => `/api/christmas/admin/bookings/${id}/till-settlement`,
  paidPence: 5000,
  auditType: 'christmas.till-settled',
  subjectType: 'christmas-booking',
  async book(t, staff, method) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/christmas/admin/bookings',
      headers: { cookie: staff },
      payload: christmasPhoneBooking({ adults: 2 }, { depositMethod: method }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json()._id, reference: response.json().reference };
  },
  async cancel(t, manager, id) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/christmas/admin/bookings/${id}`,
      headers: { cookie: manager },
      payload: { status: 'CANCELLED' },
    });
    expect(response.statusCode, response.body).toBe(200);
  },
  async cancelledOnline(t) {
    const booking = await insertChristmasBooking(t.database.db, {
      date: '2026-12-25',
      sittingId: 'xmas-early',
      sittingLabel: '12pm–2pm',
      name: 'Margaret Hale',
      email: 'margaret@example.com',
      phone: '07700 900123',
      partyAdults: 2,
      partyChildren: 0,
      partySize: 2,
      selections: { starters: [], mains: [], desserts: [] },
      totalPence: 19_000,
      depositPaidPence: 5000,
      source: 'online',
      status: 'CANCELLED',
      cancelledBy: 'guest',
    });
    return booking.id;
  },
  async guestView(t, id) {
    const token = await issueManageToken(t.database.db, { christmasBookingId: id }, BEFORE_PARTY_NIGHTS);
    const response = await t.app.inject({ method: 'GET', url: `/api/christmas/manage/${token}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().booking;
  },
};

const occasion: Kind = {
  name: 'an occasion’s deposit',
  settleUrl: (id) => `/api/admin/occasions/bookings/${id}/till-settlement`,
  paidPence: 4000,
  auditType: 'occasion.till-settled',
  subjectType: 'occasion-booking',
  async book(t, staff, method) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
      headers: { cookie: staff },
      payload: {
        date: '2026-12-11',
        sittingId: 'dinner',
        adults: 4,
        children: 0,
        name: 'Arthur Pennington',
        phone: '0118 496 0555',
        email: '',
        notes: '',
        paymentMethod: method,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().id, reference: response.json().reference };
  },
  async cancel(t, manager, id) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/occasions/bookings/${id}/cancel`,
      headers: { cookie: manager },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
  },
  async cancelledOnline(t) {
    const booking = await insertOccasionBooking(t, {
      slug: PARTY_NIGHTS,
      date: '2026-12-11',
      sittingId: 'dinner',
      partySize: 4,
      status: 'CANCELLED',
    });
    return booking.id;
  },
  async guestView(t, id) {
    const token = await issueOrganiserToken(t.database.db, id, BEFORE_PARTY_NIGHTS);
    const response = await t.app.inject({ method: 'GET', url: `/api/occasions/organiser/${token}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  },
};

/** The two staff sessions: `staff` settles, `manager` cancels (cancelling needs a manager). */
function useSettlementApp(target: TestDatabaseTarget) {
  const t = useTestApp(target, BEFORE_PARTY_NIGHTS);
  const sessions = { staff: '', manager: '' };
  beforeAll(async () => {
    sessions.staff = (await signedInAccount(t, 'staff')).cookie;
    sessions.manager = (await signedInAccount(t, 'manager')).cookie;
  });
  beforeEach(() => clearOccasions(t));

  const settle = (kind: Kind, id: string, outcome: TillOutcome | string, cookie = sessions.staff) =>
    t.app.inject({ method: 'POST', url: kind.settleUrl(id), headers: { cookie }, payload: { outcome } });
  const cancelledPhoneBooking = async (kind: Kind, method: Method = 'cash') => {
    const booking = await kind.book(t, sessions.staff, method);
    await kind.cancel(t, sessions.manager, booking.id);
    return booking;
  };
  const trailOf = (kind: Kind, id: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, kind.auditType), eq(auditEvents.subjectId, id)));
  return { t, sessions, settle, cancelledPhoneBooking, trailOf };
}

describe.each(databaseTargets)('money staff took, settled at the till on $name (decision 051)', (target) => {
  const { t, sessions, settle, cancelledPhoneBooking, trailOf } = useSettlementApp(target);

  describe.each([christmas, occasion])('$name', (kind) => {
    it('records the whole of it given back, answers the booking so, and writes it in the trail', async () => {
      const { id, reference } = await cancelledPhoneBooking(kind);

      const response = await settle(kind, id, 'given-back');

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'CANCELLED', tillRefundPence: kind.paidPence });
      const [row] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
      expect(row).toMatchObject({
        tillRefundPence: kind.paidPence,
        changedBy: 'A staff',
        updatedAt: BEFORE_PARTY_NIGHTS,
      });
      const pounds = `£${(kind.paidPence / 100).toFixed(2)}`;
      expect(await trailOf(kind, id)).toEqual([
        expect.objectContaining({
          actorKind: 'staff',
          actorName: 'A staff',
          subjectType: kind.subjectType,
          summary: `${reference}: ${pounds} given back at the till`,
          changes: { tillRefundPence: { before: null, after: kind.paidPence } },
        }),
      ]);
    });

    it('records it kept as nothing given back', async () => {
      const { id, reference } = await cancelledPhoneBooking(kind);

      const response = await settle(kind, id, 'kept');

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'CANCELLED', tillRefundPence: 0 });
      const pounds = `£${(kind.paidPence / 100).toFixed(2)}`;
      expect(await trailOf(kind, id)).toEqual([
        expect.objectContaining({
          summary: `${reference}: ${pounds} paid to staff kept`,
          changes: { tillRefundPence: { before: null, after: 0 } },
        }),
      ]);
    });

    it('answers the guest’s own page with what was recorded, given back or kept, not yet before', async () => {
      const givenBack = await cancelledPhoneBooking(kind);
      const kept = await cancelledPhoneBooking(kind);
      expect(await kind.guestView(t, givenBack.id)).toMatchObject({
        status: 'CANCELLED',
        tillRefundPence: null,
      });

      await settle(kind, givenBack.id, 'given-back');
      await settle(kind, kept.id, 'kept');

      expect(await kind.guestView(t, givenBack.id)).toMatchObject({ tillRefundPence: kind.paidPence });
      expect(await kind.guestView(t, kept.id)).toMatchObject({ tillRefundPence: 0 });
    });

    it('records it once: a second settlement is refused and the first stands', async () => {
      const { id } = await cancelledPhoneBooking(kind);
      expect((await settle(kind, id, 'kept')).statusCode).toBe(200);

      const again = await settle(kind, id, 'given-back');

      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: TILL_SETTLEMENT_MESSAGES.alreadySettled });
      const [row] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
      expect(row?.tillRefundPence).toBe(0);
      expect(await trailOf(kind, id)).toHaveLength(1);
    });

    it('refuses a booking not cancelled', async () => {
      const { id } = await kind.book(t, sessions.staff, 'cash');

      const response = await settle(kind, id, 'given-back');

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: TILL_SETTLEMENT_MESSAGES.notCancelled });
      expect(await trailOf(kind, id)).toEqual([]);
    });

    it('refuses money paid online, and a phone booking whose payment staff waived', async () => {
      const online = await kind.cancelledOnline(t);
      const waived = await cancelledPhoneBooking(kind, 'waived');

      for (const id of [online, waived.id]) {
        const response = await settle(kind, id, 'given-back');
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: TILL_SETTLEMENT_MESSAGES.notPaidToStaff });
        const [row] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
        expect(row?.tillRefundPence).toBeNull();
      }
    });

    it('answers 404 for an id that names no booking, or not a uuid', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-booking']) {
        const response = await settle(kind, id, 'kept');
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('refuses an outcome it does not know, with the words staff read', async () => {
      const { id } = await cancelledPhoneBooking(kind);

      const response = await settle(kind, id, 'half');

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'Please say whether the money was given back or kept.',
      });
    });

    it('answers 401 without a session, and records nothing', async () => {
      const { id } = await cancelledPhoneBooking(kind);

      for (const cookie of ['', 'rc_admin=not-a-session']) {
        const response = await settle(kind, id, 'given-back', cookie);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'Unauthorized' });
      }
      expect(await trailOf(kind, id)).toEqual([]);
    });
  });

  it('keeps each kind to its own route: a Christmas booking is not found by the occasions’ and the other way', async () => {
    const christmasBooking = await cancelledPhoneBooking(christmas);
    const occasionBooking = await cancelledPhoneBooking(occasion);

    const crossed = [
      await settle(occasion, christmasBooking.id, 'given-back'),
      await settle(christmas, occasionBooking.id, 'given-back'),
    ];

    for (const response of crossed) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    const rows = await t.database.db.select().from(occasionBookings);
    expect(rows.map((row) => row.tillRefundPence)).toEqual([null, null]);
  });

  it('settles a booking of an occasion since removed: its dishes, menu gone, add nothing', async () => {
    const removed = await insertOccasionBooking(t, {
      slug: 'autumn-feast',
      date: '2026-10-30',
      sittingId: 'dinner',
      partySize: 3,
      paidPence: 3000,
      paymentMethod: 'card-by-phone',
      status: 'CANCELLED',
    });
    await insertDiners(t, removed.id, [{ name: 'Ada', choices: { mains: 'roast-goose' } }]);

    const response = await settle(occasion, removed.id, 'given-back');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ tillRefundPence: 3000, supplementsPence: 0 });
  });

  it('keeps a Christmas booking whose deposit was given back cancelled; one whose deposit was kept may be confirmed again and settled afresh', async () => {
    const givenBack = await cancelledPhoneBooking(christmas);
    await settle(christmas, givenBack.id, 'given-back');
    const confirmGivenBack = await t.app.inject({
      method: 'PATCH',
      url: `/api/christmas/admin/bookings/${givenBack.id}`,
      headers: { cookie: sessions.manager },
      payload: { status: 'CONFIRMED' },
    });
    expect(confirmGivenBack.statusCode).toBe(409);
    expect(confirmGivenBack.json()).toEqual({ error: CHRISTMAS_STAFF_CANCEL_MESSAGES.refundedCannotConfirm });

    const kept = await cancelledPhoneBooking(christmas);
    await settle(christmas, kept.id, 'kept');
    const confirmKept = await t.app.inject({
      method: 'PATCH',
      url: `/api/christmas/admin/bookings/${kept.id}`,
      headers: { cookie: sessions.manager },
      payload: { status: 'CONFIRMED' },
    });
    expect(confirmKept.statusCode, confirmKept.body).toBe(200);
    expect(confirmKept.json()).toMatchObject({ status: 'CONFIRMED', tillRefundPence: null });
    await christmas.cancel(t, sessions.manager, kept.id);
    const settledAgain = await settle(christmas, kept.id, 'given-back');
    expect(settledAgain.json()).toMatchObject({ tillRefundPence: christmas.paidPence });
  });
});

describeOnPostgres('two staff settling one booking at once (PostgreSQL)', (target) => {
  const { t, settle, cancelledPhoneBooking, trailOf } = useSettlementApp(target);

  it.each([christmas, occasion])(
    'records $name once: one answer 200, the other alreadySettled',
    async (kind) => {
      const { id } = await cancelledPhoneBooking(kind);

      const answers = await Promise.all([settle(kind, id, 'given-back'), settle(kind, id, 'kept')]);

      const [settled, refused] = answers.toSorted((a, b) => a.statusCode - b.statusCode);
      expect([settled?.statusCode, refused?.statusCode]).toEqual([200, 409]);
      expect(refused?.json()).toEqual({ error: TILL_SETTLEMENT_MESSAGES.alreadySettled });
      const [row] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.id, id));
      expect(row?.tillRefundPence).toBe(settled?.json().tillRefundPence);
      expect(await trailOf(kind, id)).toHaveLength(1);
    },
  );
});
