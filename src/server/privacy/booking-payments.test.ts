import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingPayments, bookings } from '#db/schema.ts';
import { termsFor } from '#shared/deposits/rules.ts';
import type { GuestData } from '#shared/privacy/guests.ts';
import { signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { depositRule, GUARANTEED_TABLES } from '#tests/helpers/deposit-rules.ts';
import { whereTheGuestIsStored } from '#tests/helpers/guest-data.ts';
import { GUEST, VISIT } from '#tests/helpers/guest-records.ts';
import { BOOKED_AT, noonOn, retentionOn } from '#tests/helpers/retention.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { withGuestRecords } from './privacy-test-kit.ts';

/** The day after her last visit (Christmas Day): nothing of hers is still to come. */
const AFTER_HER_VISITS = new Date('2026-12-26T10:00:00Z');

/** A card guarantee on every table: £15 a head, free to cancel until a day before. */
const RULE = depositRule({ ...GUARANTEED_TABLES, id: 'tuesdays', name: 'Tuesday dinners', partyFrom: 1 });

describe.each(databaseTargets)('a table booking’s payment in a guest’s data on $name', (target) => {
  const t = useTestApp(target, BOOKED_AT, { per: 'test' });
  let cookie: string;

  beforeEach(async () => {
    cookie = await withGuestRecords(t);
  });

  const bookingAt = async (timeSlot: string) => {
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.timeSlot, timeSlot));
    return row as NonNullable<typeof row>;
  };
  const paymentOf = async (bookingId: string) => {
    const [row] = await t.database.db
      .select()
      .from(bookingPayments)
      .where(eq(bookingPayments.bookingId, bookingId));
    return row;
  };

  /** Stores a payment for the booking at `timeSlot`, and answers the booking. */
  async function withPayment(
    timeSlot: string,
    paymentFor: (
      booking: typeof bookings.$inferSelect,
    ) => Omit<typeof bookingPayments.$inferInsert, 'bookingId'>,
  ) {
    const booking = await bookingAt(timeSlot);
    await t.database.db.insert(bookingPayments).values({ bookingId: booking.id, ...paymentFor(booking) });
    return booking;
  }

  /** Her table (19:00) was guaranteed with a card; she did not come and staff charged the fee. */
  const guaranteeHers = () =>
    withPayment('19:00', () => ({
      terms: termsFor(RULE, { date: VISIT.table, timeSlot: '19:00', guests: 3 }),
      pid: 'pid-hers',
      kind: 'guarantee',
      state: 'card-held',
      stripeSessionId: 'cs_hers',
      customerId: 'cus_hers',
      paymentMethodId: 'pm_hers',
      feePence: 3000,
      feeState: 'charged',
      feeReason: 'Did not come, did not answer the phone',
      feeBy: 'Sam (manager)',
      feeIntentId: 'pi_fee_hers',
      notes: { customerEmail: GUEST.email },
      createdAt: BOOKED_AT,
      updatedAt: BOOKED_AT,
    }));

  /** His table (19:30) paid a £40 deposit, its card still saved at Stripe. */
  const depositHis = () =>
    withPayment('19:30', (booking) => ({
      terms: termsFor({ ...RULE, kind: 'deposit', perPersonPence: 1000 }, { ...booking, guests: 4 }),
      pid: 'pid-his',
      kind: 'deposit',
      state: 'paid',
      paymentIntentId: 'pi_his',
      customerId: 'cus_his',
      paidPence: 4000,
      notes: { customerEmail: 'bart@example.org' },
    }));

  /** The day after her last visit, staff (signed in again) erase her by her e-mail address. */
  async function eraseHerAfterHerVisits() {
    t.setNow(AFTER_HER_VISITS);
    cookie = await signIn(t);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/admin/guests/erase',
      headers: { cookie },
      payload: { q: GUEST.email },
    });
    expect(erased.statusCode).toBe(200);
  }

  const search = async (q: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/guests?q=${encodeURIComponent(q)}`,
        headers: { cookie },
      })
    ).json() as GuestData;

  it('lists each table booking’s payment in the search and the export, never Stripe’s references', async () => {
    await guaranteeHers();
    const expected = {
      kind: 'guarantee',
      state: 'card-held',
      terms: 'Card guarantee (no-show fee up to £45.00)',
      paidPence: 0,
      refund: null,
      kept: null,
      fee: { pence: 3000, state: 'charged', reason: 'Did not come, did not answer the phone' },
      waived: null,
      createdAt: BOOKED_AT.toISOString(),
    };
    expect((await search(GUEST.phone)).bookings.map((booking) => booking.payment)).toEqual([expected]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/guests/export?q=${encodeURIComponent(GUEST.email)}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.json().bookings[0].payment).toEqual(expected);
    expect(file.body).not.toMatch(/cus_hers|pm_hers|cs_hers|pi_fee_hers|Sam \(manager\)/);
    // His booking has none, and hers is not in his data.
    expect((await search('bart@example.org')).bookings.map((booking) => booking.payment)).toEqual([null]);

    await depositHis();
    const his = (await search('bart@example.org')).bookings[0]?.payment;
    expect(his).toMatchObject({ kind: 'deposit', state: 'paid', terms: '£40.00 deposit', paidPence: 4000 });
  });

  it('erases her Stripe Customer, saved card and Stripe’s notes with her, keeping the amounts; his stay', async () => {
    const hers = await guaranteeHers();
    const his = await depositHis();
    const before = { hers: await paymentOf(hers.id), his: await paymentOf(his.id) };
    expect(await whereTheGuestIsStored(t)).toContain('booking_payments.notes');

    await eraseHerAfterHerVisits();

    const erased = {
      ...before.hers,
      paymentMethodId: null,
      notes: null,
      // No fee can be charged to a card she is no longer linked to.
      releasedAt: AFTER_HER_VISITS,
      updatedAt: AFTER_HER_VISITS,
    };
    // Her Customer is forgotten once Stripe (here the demo) has deleted it, at the deposits' next pass.
    expect(await paymentOf(hers.id)).toEqual(erased);
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 1 });
    expect(await paymentOf(hers.id)).toEqual({ ...erased, customerId: null });
    expect(await t.app.deposits.runDue()).toMatchObject({ customersErased: 0 });
    expect(await paymentOf(his.id)).toEqual(before.his);
    expect(await whereTheGuestIsStored(t)).toEqual([]);
    // The payment is still hers to the pub's accounts, under the anonymised booking.
    expect((await bookingAt('19:00')).email).toBe('');
  });

  it('leaves a fee Stripe has not answered its card and key, for retention to take once it is settled', async () => {
    const hers = await guaranteeHers();
    const charging = { feeState: 'charging' as const, notes: { feeKey: 'no-show-fee-1' } };
    await t.database.db.update(bookingPayments).set(charging).where(eq(bookingPayments.bookingId, hers.id));
    await eraseHerAfterHerVisits();
    expect((await bookingAt('19:00')).anonymisedAt).toEqual(AFTER_HER_VISITS);
    expect(await paymentOf(hers.id)).toMatchObject({
      customerId: 'cus_hers',
      paymentMethodId: 'pm_hers',
      ...charging,
      releasedAt: null,
    });

    // Stripe answers; the next day's retention run finishes the erasure.
    await t.database.db
      .update(bookingPayments)
      .set({ feeState: 'charged' })
      .where(eq(bookingPayments.bookingId, hers.id));
    await retentionOn(t, '2026-12-27');
    await t.app.deposits.runDue();
    expect(await paymentOf(hers.id)).toMatchObject({
      customerId: null,
      paymentMethodId: null,
      notes: null,
      feeState: 'charged',
      feePence: 3000,
      releasedAt: noonOn('2026-12-27'),
    });
  });

  it('keeps the payment’s references until the booking is anonymised, 24 months after the visit', async () => {
    const hers = await guaranteeHers();
    const before = await paymentOf(hers.id);

    // Notes go 30 days after the visit; the payment is not a note.
    await retentionOn(t, '2027-01-08');
    expect(await paymentOf(hers.id)).toEqual(before);
    await retentionOn(t, '2028-12-07');
    expect(await paymentOf(hers.id)).toEqual(before);

    await retentionOn(t, '2028-12-09');
    await t.app.deposits.runDue();
    const at = noonOn('2028-12-09');
    expect(await paymentOf(hers.id)).toEqual({
      ...before,
      customerId: null,
      paymentMethodId: null,
      notes: null,
      releasedAt: at,
      updatedAt: at,
    });
    // The next day's run finds nothing more to do.
    await retentionOn(t, '2028-12-10');
    expect((await paymentOf(hers.id))?.updatedAt).toEqual(at);
  });

  it('goes with its booking when the booking is deleted', async () => {
    const hers = await guaranteeHers();
    await t.database.db.delete(bookings).where(eq(bookings.id, hers.id));
    expect(await t.database.db.select().from(bookingPayments)).toEqual([]);
  });
});
