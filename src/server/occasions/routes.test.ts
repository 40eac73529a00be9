import { and, count, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEvents, occasionBookings, occasionClosures, outboxMessages } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { OCCASION_CANCEL_MESSAGES } from '#shared/occasions/messages.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import {
  BEFORE_PARTY_NIGHTS,
  bookOccasion,
  clearOccasions,
  editOccasion,
  occasionBookingByPid,
  occasionBookingPayload,
  PARTY_NIGHTS,
  SUPPER_CLUB,
} from '#tests/helpers/occasions.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { insertChristmasBooking, insertReservation } from '../christmas/store.ts';
import type { Payments } from '../payments/payments.ts';
import { bookingByOrganiserToken, issueOrganiserToken, newOccasionToken } from './organiser-links.ts';

const PHONE = '0118 496 0000';
const ELEVENTH_DINNER = { slug: PARTY_NIGHTS, date: '2026-12-11', sittingId: 'dinner' };

describe.each(databaseTargets)('Booking an occasion online and by phone, on $name', (target) => {
  const t = useTestApp(target, BEFORE_PARTY_NIGHTS, { signedIn: true });
  beforeEach(async () => {
    t.setNow(BEFORE_PARTY_NIGHTS);
    await clearOccasions(t);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function book(
    options: Partial<Parameters<typeof occasionBookingPayload>[0]> & { slug?: string; ip?: string } = {},
    overrides: Record<string, unknown> = {},
  ) {
    const { slug = PARTY_NIGHTS, ip = '203.0.113.10', ...rest } = options;
    return t.app.inject({
      method: 'POST',
      url: `/api/occasions/${slug}/bookings`,
      remoteAddress: ip,
      payload: {
        ...occasionBookingPayload({ date: '2026-12-11', sittingId: 'dinner', adults: 12, ...rest }),
        ...overrides,
      },
    });
  }

  async function startCheckout(...args: Parameters<typeof book>): Promise<string> {
    const response = await book(...args);
    expect(response.statusCode, response.body).toBe(201);
    const url = new URL(response.json().url);
    expect(url.pathname).toBe('/occasions/demo-checkout');
    return url.searchParams.get('pid') as string;
  }

  async function remaining(slug: string, date: string, sittingId: string): Promise<number> {
    const page = (await t.app.inject({ method: 'GET', url: `/api/occasions/${slug}` })).json();
    const day = page.dates.find((candidate: { date: string }) => candidate.date === date);
    return day.sittings.find((sitting: { sittingId: string }) => sitting.sittingId === sittingId).remaining;
  }

  async function bookingCount(): Promise<number> {
    const [row] = await t.database.db.select({ value: count() }).from(occasionBookings);
    return row?.value ?? 0;
  }

  async function auditTypes(bookingId: string): Promise<string[]> {
    return (await auditOf(bookingId)).map((row) => row.type);
  }

  function auditOf(bookingId: string) {
    return t.database.db
      .select({ type: auditEvents.type, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, bookingId))
      .orderBy(auditEvents.id);
  }

  async function mailOf(kind: string, reference: string) {
    return t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, kind), eq(outboxMessages.reference, reference)));
  }

  describe('What’s On and the occasion’s page', () => {
    it('lists the published occasions still to come, with their first and last dates and prices', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/occasions' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          slug: PARTY_NIGHTS,
          name: 'Christmas party nights',
          summary: expect.any(String),
          firstDate: '2026-12-04',
          lastDate: '2026-12-19',
          fromPricePence: 3800,
          featured: false,
          ticketed: false,
        },
        expect.objectContaining({ slug: SUPPER_CLUB, firstDate: '2027-01-22', ticketed: true }),
        expect.objectContaining({ slug: CHRISTMAS_OCCASION_SLUG, firstDate: '2026-12-25', featured: true }),
      ]);
      t.setNow(new Date('2026-12-12T09:00:00Z'));
      const later = (await t.app.inject({ method: 'GET', url: '/api/occasions' })).json();
      expect(later.find((summary: { slug: string }) => summary.slug === PARTY_NIGHTS).firstDate).toBe(
        '2026-12-12',
      );
      t.setNow(new Date('2026-12-20T09:00:00Z'));
      const after = (await t.app.inject({ method: 'GET', url: '/api/occasions' })).json();
      expect(after.map((summary: { slug: string }) => summary.slug)).toEqual([
        SUPPER_CLUB,
        CHRISTMAS_OCCASION_SLUG,
      ]);
    });

    it('shows every date to come with its deadlines and each sitting’s seats', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/occasions/${PARTY_NIGHTS}` });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.occasion.slug).toBe(PARTY_NIGHTS);
      expect(page.dates.map((day: { date: string }) => day.date)).toEqual([
        '2026-12-04',
        '2026-12-05',
        '2026-12-11',
        '2026-12-12',
        '2026-12-18',
        '2026-12-19',
      ]);
      expect(page.dates[2]).toEqual({
        date: '2026-12-11',
        // The end of 1 December (10 days before) and of 27 November (14 days before), London time.
        preOrderDeadline: '2026-12-01T23:59:59.999Z',
        refundCutoff: '2026-11-27T23:59:59.999Z',
        bookable: true,
        sittings: [
          { sittingId: 'lunch', seats: 40, remaining: 40, closed: false },
          { sittingId: 'dinner', seats: 40, remaining: 40, closed: false },
        ],
      });
      // 4 December's choices were due by the end of 24 November.
      t.setNow(new Date('2026-11-25T09:00:00Z'));
      const later = (await t.app.inject({ method: 'GET', url: `/api/occasions/${PARTY_NIGHTS}` })).json();
      expect(later.dates[0]).toMatchObject({ date: '2026-12-04', bookable: false });
      expect(later.dates[2]).toMatchObject({ date: '2026-12-11', bookable: true });
    });

    it('answers 404 for an unknown or unpublished occasion', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/api/occasions/no-such-night' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'We could not find that occasion.' });
      await editOccasion(t, SUPPER_CLUB, (occasion) => ({ ...occasion, published: false }));
      try {
        expect((await t.app.inject({ method: 'GET', url: `/api/occasions/${SUPPER_CLUB}` })).statusCode).toBe(
          404,
        );
        const list = (await t.app.inject({ method: 'GET', url: '/api/occasions' })).json();
        expect(list.map((summary: { slug: string }) => summary.slug)).toEqual([
          PARTY_NIGHTS,
          CHRISTMAS_OCCASION_SLUG,
        ]);
        expect(
          (await book({ slug: SUPPER_CLUB, date: '2027-01-22', sittingId: 'supper', adults: 2 })).statusCode,
        ).toBe(404);
      } finally {
        await editOccasion(t, SUPPER_CLUB, (occasion) => ({ ...occasion, published: true }));
      }
    });
  });

  describe('every wrong booking gets a clear message and changes nothing', () => {
    it.each([
      [
        'a date the occasion does not run on',
        {},
        { date: '2026-12-10' },
        'Please choose one of the dates this occasion runs on.',
        'date',
      ],
      [
        'an unknown sitting',
        {},
        { sittingId: 'breakfast' },
        'Please choose one of the sittings.',
        'sittingId',
      ],
      [
        'no adult',
        {},
        { adults: 0, children: 8 },
        'Please include at least 1 adult: children must be accompanied by an adult.',
        'adults',
      ],
      [
        'children at an adults-only event',
        { slug: SUPPER_CLUB },
        { date: '2027-01-22', sittingId: 'supper', adults: 2, children: 1 },
        'This occasion is for adults only.',
        'children',
      ],
      [
        'a party below the smallest',
        {},
        { adults: 5 },
        'Online bookings for this occasion are for parties of 6 or more.',
        'adults',
      ],
      [
        'a party above the largest',
        {},
        { adults: 30, children: 11 },
        `For parties of more than 40, please call us on ${PHONE} so we can seat you together.`,
        'adults',
      ],
      ['no name', {}, { name: ' ' }, 'Please enter your name.', 'name'],
      ['a bad e-mail', {}, { email: 'olive.example.com' }, 'Please enter a valid email.', 'email'],
      ['no phone', {}, { phone: '' }, 'Please enter your phone number.', 'phone'],
      ['a phone that is not one', {}, { phone: 'call me' }, 'Please enter a valid phone number.', 'phone'],
    ])('%s', async (_case, options, overrides, message, path) => {
      const response = await book(options, overrides);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: message, issues: [{ path, message }] });
      expect(await bookingCount()).toBe(0);
    });

    it.each([
      [
        'allergies too long to keep whole',
        { allergies: 'x'.repeat(501) },
        'Allergies is too long (500 characters at most).',
      ],
      ['a utm_source that is not one', { utmSource: 'Not one' }, 'Unknown source.'],
    ])('%s', async (_case, overrides, message) => {
      const response = await book({}, overrides);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect(await bookingCount()).toBe(0);
    });

    it('refuses a date whose online booking has closed, and a closed sitting, with 409', async () => {
      t.setNow(new Date('2026-11-25T09:00:00Z'));
      const late = await book({ date: '2026-12-04' });
      expect(late.statusCode).toBe(409);
      const lateMessage = `Online booking for that date has closed. Please call us on ${PHONE} to ask about a table.`;
      expect(late.json()).toEqual({ error: lateMessage, issues: [{ path: 'date', message: lateMessage }] });
      await t.database.db.insert(occasionClosures).values({
        occasionSlug: PARTY_NIGHTS,
        date: '2026-12-11',
        sittingId: 'dinner',
        reason: 'Private hire',
      });
      const page = (await t.app.inject({ method: 'GET', url: `/api/occasions/${PARTY_NIGHTS}` })).json();
      expect(page.dates.find((day: { date: string }) => day.date === '2026-12-11').sittings[1]).toMatchObject(
        {
          closed: true,
        },
      );
      const closed = await book();
      expect(closed.statusCode).toBe(409);
      const closedMessage = `That sitting is closed to online bookings. Please choose another, or call us on ${PHONE}.`;
      expect(closed.json()).toEqual({
        error: closedMessage,
        issues: [{ path: 'sittingId', message: closedMessage }],
      });
      expect(await bookingCount()).toBe(0);
    });
  });

  describe('paying through the demo checkout', () => {
    it('holds 12 seats for 11 December dinner, takes £120 and confirms once, with the organiser’s link', async () => {
      const pid = await startCheckout({ adults: 12, email: 'olive@example.com' });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(28);
      const held = await occasionBookingByPid(t, pid);
      expect(held).toMatchObject({
        status: 'HELD',
        partySize: 12,
        totalPence: 12 * 3800,
        amountDuePence: 12000,
        paymentKind: 'deposit',
        holderIp: '203.0.113.10',
      });
      expect(held.holdExpiresAt?.getTime()).toBe(BEFORE_PARTY_NIGHTS.getTime() + 31 * 60_000);
      expect((await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json()).toEqual({
        status: 'HELD',
        organiserUrl: null,
      });

      const demo = await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}/demo` });
      expect(demo.json()).toEqual({
        status: 'HELD',
        occasionName: 'Christmas party nights',
        ticketed: false,
        date: '2026-12-11',
        sittingLabel: 'Dinner',
        adults: 12,
        children: 0,
        amountPence: 12000,
        refundableUntil: '2026-11-27T23:59:59.999Z',
        email: 'olive@example.com',
        cancelUrl: `https://pub.test/occasions/checkout?pid=${pid}&cancelled=1`,
      });
      const paid = await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      expect(paid.json()).toEqual({ url: `https://pub.test/occasions/checkout?pid=${pid}` });

      const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
      expect(state.status).toBe('CONFIRMED');
      expect(state.organiserUrl).toMatch(/^https:\/\/pub\.test\/occasions\/organiser\/[A-Za-z0-9_-]{43}$/);
      const confirmed = await occasionBookingByPid(t, pid);
      expect(confirmed).toMatchObject({ status: 'CONFIRMED', paidPence: 12000, holdExpiresAt: null });
      expect(confirmed.paymentIntentId).toMatch(/^demo_pi_/);
      expect(confirmed.reference).toMatch(/^OCC-[2-9A-HJ-NP-Z]{5}$/);
      const token = state.organiserUrl.split('/').at(-1);
      expect((await bookingByOrganiserToken(t.database.db, token))?.id).toBe(confirmed.id);
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(28);

      const messages = await mailOf('occasion-booking', confirmed.reference);
      expect(messages).toHaveLength(2);
      const toOrganiser = messages.find(
        (row) => (row.message as { to: { address: string } }).to.address === 'olive@example.com',
      );
      const { text } = (toOrganiser as { message: { text: string } }).message;
      expect(text).toContain('£120.00');
      expect(text).toContain(`https://pub.test/occasions/diners/${confirmed.dinerToken}`);
      expect(text).toMatch(/Your booking: https:\/\/pub\.test\/occasions\/organiser\/[A-Za-z0-9_-]{43}/);
      expect(text).toContain('Cancel up to fourteen days before');
      expect(text).toContain('Cancel by 11:59pm on Friday 27 November 2026 for a full refund.');
      expect(text).not.toContain('not refundable');
      expect(await auditTypes(confirmed.id)).toEqual(['occasion.created', 'occasion.paid']);

      // Paying again, or asking again, confirms nothing twice.
      const again = await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      expect(again.statusCode).toBe(409);
      await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` });
      expect(await mailOf('occasion-booking', confirmed.reference)).toHaveLength(2);
      expect(await auditTypes(confirmed.id)).toEqual(['occasion.created', 'occasion.paid']);
    });

    it('keeps the party’s allergies, what it celebrates and where it came from, and repeats them to the organiser', async () => {
      const allergies = 'Two coeliacs;\nTom: tree nuts';
      const pid = await startCheckout(
        { adults: 12, email: 'olive@example.com' },
        { allergies: `  ${allergies} `, occasionNotes: 'Olive’s 40th', utmSource: 'modal' },
      );
      await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      const state = (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json();
      const booking = await occasionBookingByPid(t, pid);
      expect(booking).toMatchObject({
        status: 'CONFIRMED',
        allergies,
        occasionNotes: 'Olive’s 40th',
        utmSource: 'modal',
        cancelReason: null,
        changedBy: null,
      });
      const texts = (await mailOf('occasion-booking', booking.reference)).map(
        (row) => row.message as { to: { address: string }; text: string },
      );
      const toOrganiser = texts.find((message) => message.to.address === 'olive@example.com');
      expect(toOrganiser?.text).toMatch(/Allergies: +Two coeliacs;\n +Tom: tree nuts/);
      expect(toOrganiser?.text).toMatch(/Celebrating: +Olive’s 40th/);
      const notice = texts.find((message) => message !== toOrganiser);
      expect(notice?.text).toMatch(/Allergies: +Two coeliacs;/);
      expect(notice?.text).toMatch(/Celebrating: +Olive’s 40th/);

      const page = await t.app.inject({
        method: 'GET',
        url: `/api/occasions/organiser/${state.organiserUrl.split('/').at(-1)}`,
      });
      expect(page.json()).toMatchObject({ allergies, occasionNotes: 'Olive’s 40th' });

      // Without them, the letter has no such rows.
      const plain = await startCheckout({ adults: 6, email: 'ruth@example.com', ip: '203.0.113.12' });
      await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${plain}/demo-pay` });
      const plainBooking = await occasionBookingByPid(t, plain);
      expect(plainBooking).toMatchObject({ allergies: '', occasionNotes: '', utmSource: null });
      const plainLetter = (await mailOf('occasion-booking', plainBooking.reference))
        .map((row) => row.message as { to: { address: string }; text: string })
        .find((message) => message.to.address === 'ruth@example.com');
      expect(plainLetter?.text).toContain(plainBooking.reference);
      expect(plainLetter?.text).not.toContain('Allergies:');
    });

    it('on 30 November, for 11 December (past its refund cut-off): says the payment is not refundable, never a past deadline', async () => {
      t.setNow(new Date('2026-11-30T10:00:00Z'));
      const pid = await startCheckout({ adults: 12, email: 'olive@example.com' });
      const demo = (
        await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}/demo` })
      ).json();
      expect(demo).toMatchObject({ status: 'HELD', amountPence: 12000, refundableUntil: null });
      await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      const { reference } = await occasionBookingByPid(t, pid);
      const [toOrganiser] = (await mailOf('occasion-booking', reference)).filter(
        (row) => (row.message as { to: { address: string } }).to.address === 'olive@example.com',
      );
      const { text } = (toOrganiser as { message: { text: string } }).message;
      expect(text).toContain(
        'Please note: this date is already within our refund cut-off, so your payment is not refundable if you cancel.',
      );
      expect(text).not.toMatch(/Cancel by|27 November/);

      // A later date still before its cut-off keeps its deadline.
      const later = await startCheckout({
        adults: 6,
        date: '2026-12-18',
        email: 'ruth@example.com',
        ip: '203.0.113.11',
      });
      const laterDemo = await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${later}/demo` });
      expect(laterDemo.json().refundableUntil).toBe('2026-12-04T23:59:59.999Z');
    });

    it('gives the seats back when the guest cancels on the payment page, and then takes no payment', async () => {
      const pid = await startCheckout({ adults: 8 });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(32);
      const released = await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/release` });
      expect(released.json()).toEqual({ status: 'EXPIRED', organiserUrl: null });
      expect((await occasionBookingByPid(t, pid)).cancelReason).toBe('cancelled');
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(40);
      const paid = await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual({ error: 'This checkout has expired or was cancelled.' });
    });

    it('frees the seats when the hold expires', async () => {
      const pid = await startCheckout({ adults: 40 });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(0);
      const full = await book({ adults: 6, ip: '203.0.113.99', email: 'late@example.com' });
      expect(full.statusCode).toBe(409);
      const fullMessage = 'Sorry, that sitting is full. Please choose another.';
      expect(full.json()).toEqual({
        error: fullMessage,
        issues: [{ path: 'sittingId', message: fullMessage }],
      });
      t.setNow(new Date(BEFORE_PARTY_NIGHTS.getTime() + 31 * 60_000));
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(40);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}` })).json().status,
      ).toBe('EXPIRED');
      await startCheckout({ adults: 6, ip: '203.0.113.99', email: 'late@example.com' });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(34);
    });

    it('keeps one live checkout per e-mail address and per client address', async () => {
      const first = await startCheckout({ adults: 10, email: 'olive@example.com', ip: '203.0.113.1' });
      const second = await startCheckout({ adults: 6, email: 'OLIVE@example.com', ip: '203.0.113.2' });
      expect(await occasionBookingByPid(t, first)).toMatchObject({
        status: 'EXPIRED',
        cancelReason: 'replaced',
      });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(34);
      const third = await startCheckout({ adults: 7, email: 'someone@example.com', ip: '203.0.113.2' });
      expect((await occasionBookingByPid(t, second)).status).toBe('EXPIRED');
      expect((await occasionBookingByPid(t, third)).status).toBe('HELD');
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(33);
    });

    it('releases the hold and says so when the payment provider refuses', async () => {
      vi.spyOn(t.app.payments as Payments, 'createCheckoutSession').mockRejectedValue(
        new Error('Stripe is down'),
      );
      const response = await book({ adults: 12 });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: 'We could not start the payment just now. Please try again in a moment.',
      });
      const [row] = await t.database.db.select().from(occasionBookings);
      expect(row).toMatchObject({ status: 'EXPIRED', cancelReason: 'checkout_failed' });
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(40);
    });

    it('sells tickets for the supper club at their full price', async () => {
      const pid = await startCheckout({
        slug: SUPPER_CLUB,
        date: '2027-01-22',
        sittingId: 'supper',
        adults: 2,
      });
      const demo = (
        await t.app.inject({ method: 'GET', url: `/api/occasions/checkouts/${pid}/demo` })
      ).json();
      expect(demo).toMatchObject({ ticketed: true, amountPence: 9000, sittingLabel: 'Supper' });
      expect(await remaining(SUPPER_CLUB, '2027-01-22', 'supper')).toBe(22);
    });

    it('writes one guest in the trail as one guest', async () => {
      const pid = await startCheckout({
        slug: SUPPER_CLUB,
        date: '2027-01-22',
        sittingId: 'supper',
        adults: 1,
      });
      await t.app.inject({ method: 'POST', url: `/api/occasions/checkouts/${pid}/demo-pay` });
      const [row] = await t.database.db.select().from(occasionBookings).where(eq(occasionBookings.pid, pid));
      const [created] = await auditOf(row?.id as string);
      expect(created?.summary).toMatch(/, 1 guest \(online\)$/);
    });
  });

  describe('an occasion with nothing to pay', () => {
    beforeEach(async () => {
      await editOccasion(t, PARTY_NIGHTS, (occasion) => ({ ...occasion, payment: { kind: 'none' } }));
    });
    afterEach(async () => {
      await editOccasion(t, PARTY_NIGHTS, (occasion) => ({
        ...occasion,
        payment: { kind: 'deposit', perPersonPence: 1000 },
      }));
    });

    it('is confirmed at once, answering the organiser’s page, and is not booked twice by a second click', async () => {
      const response = await book({ adults: 8, email: 'olive@example.com' });
      expect(response.statusCode, response.body).toBe(201);
      const url: string = response.json().url;
      expect(url).toMatch(/^https:\/\/pub\.test\/occasions\/organiser\/[A-Za-z0-9_-]{43}$/);
      const booking = await bookingByOrganiserToken(t.database.db, url.split('/').at(-1) as string);
      expect(booking).toMatchObject({ status: 'CONFIRMED', paidPence: 0, source: 'online', partySize: 8 });
      expect(await mailOf('occasion-booking', booking?.reference as string)).toHaveLength(2);
      expect(await auditTypes(booking?.id as string)).toEqual(['occasion.created']);

      const again = await book({ adults: 8, email: 'olive@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error:
          'You have just booked this sitting: your confirmation is in your e-mail. To change it, please call us.',
      });
      expect(await bookingCount()).toBe(1);

      const other = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 6 });
      expect((await bookingByOrganiserToken(t.database.db, other.organiserToken))?.id).toBe(other.bookingId);
      expect(await occasionBookingByPid(t, other.pid)).toMatchObject({
        status: 'CONFIRMED',
        dinerToken: other.dinerToken,
        reference: other.reference,
      });
    });
  });

  describe('the organiser cancels', () => {
    it('before the refund cut-off: the whole payment is refunded, once', async () => {
      const booked = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 12, email: 'olive@example.com' });
      const cancel = () =>
        t.app.inject({ method: 'POST', url: `/api/occasions/organiser/${booked.organiserToken}/cancel` });
      const response = await cancel();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: 12000,
        message:
          'Your booking is cancelled. £120.00 is being refunded to your card; refunds usually arrive within 5 to 10 working days.',
      });
      const row = await occasionBookingByPid(t, booked.pid);
      expect(row).toMatchObject({
        status: 'CANCELLED',
        cancelledBy: 'guest',
        changedBy: 'Guest',
        refundPence: 12000,
        cancelReason: null,
      });
      expect(row.refundId).toMatch(/^demo_re_/);
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(40);
      expect(await auditTypes(booked.bookingId)).toEqual([
        'occasion.created',
        'occasion.paid',
        'occasion.cancelled',
        'occasion.refunded',
      ]);
      expect(await mailOf('occasion-cancelled', booked.reference)).toHaveLength(1);
      // The organiser's page shows the refund as made, from the booking itself.
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/occasions/organiser/${booked.organiserToken}`,
      });
      expect(page.json()).toMatchObject({
        status: 'CANCELLED',
        paidPence: 12000,
        refundPence: 12000,
        refundMade: true,
        paidToStaff: false,
      });

      const again = await cancel();
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'This booking is already cancelled.' });
      expect((await occasionBookingByPid(t, booked.pid)).refundId).toBe(row.refundId);
    });

    it('after the refund cut-off: cancelled, nothing refunded, and told so', async () => {
      const booked = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 12 });
      const refund = vi.spyOn(t.app.payments as Payments, 'refund');
      t.setNow(new Date('2026-11-28T09:00:00Z'));
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/occasions/organiser/${booked.organiserToken}/cancel`,
      });
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message:
          'Your booking is cancelled. It was cancelled after the refund cut-off, so the £120.00 paid is not refunded.',
      });
      expect(refund).not.toHaveBeenCalled();
      expect(await occasionBookingByPid(t, booked.pid)).toMatchObject({ refundPence: null, refundId: null });
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/occasions/organiser/${booked.organiserToken}`,
      });
      expect(page.json()).toMatchObject({ status: 'CANCELLED', refundPence: null, refundMade: false });
    });

    it('answers 404 for a link that opens nothing', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/occasions/organiser/${'x'.repeat(43)}/cancel`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'We could not find that booking.' });
    });
  });

  describe('staff', () => {
    const phoneBooking = (overrides: Record<string, unknown> = {}) => ({
      date: '2026-12-11',
      sittingId: 'dinner',
      adults: 45,
      children: 0,
      name: 'Arthur Pennington',
      phone: '0118 496 0555',
      email: '',
      notes: 'Office party',
      paymentMethod: 'cash',
      ...overrides,
    });

    it('book a party by phone, confirmed at once, within the same seats as online', async () => {
      const tooMany = await t.asStaff({
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking(),
      });
      expect(tooMany.statusCode).toBe(409);
      const seatsLeft = 'Only 40 seats are left at that sitting.';
      expect(tooMany.json()).toEqual({
        error: seatsLeft,
        issues: [{ path: 'sittingId', message: seatsLeft }],
      });

      const pid = await startCheckout({ adults: 10 });
      const response = await t.asStaff({
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({
          adults: 30,
          allergies: 'One vegan, two coeliacs',
          occasionNotes: 'Office party',
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        allergies: 'One vegan, two coeliacs',
        occasionNotes: 'Office party',
        status: 'CONFIRMED',
        source: 'phone',
        partySize: 30,
        paidPence: 30 * 1000,
        paymentMethod: 'cash',
        totalPence: 30 * 3800,
        diners: [],
        locked: false,
      });
      const [row] = await t.database.db
        .select()
        .from(occasionBookings)
        .where(eq(occasionBookings.id, response.json().id));
      expect(row).toMatchObject({
        allergies: 'One vegan, two coeliacs',
        occasionNotes: 'Office party',
        changedBy: null,
        utmSource: null,
      });
      expect(row?.madeBy).toBeTruthy();
      expect(await remaining(PARTY_NIGHTS, '2026-12-11', 'dinner')).toBe(0);
      expect(await auditTypes(row?.id as string)).toEqual(['occasion.created', 'occasion.paid']);
      // No e-mail address: only the pub hears of it.
      expect(await mailOf('occasion-booking', row?.reference as string)).toHaveLength(1);
      expect((await occasionBookingByPid(t, pid)).status).toBe('HELD');
    });

    it('book a ticketed event by phone, the guest’s confirmation counting the party in tickets', async () => {
      for (const [adults, tickets] of [
        [2, '2 tickets'],
        [1, '1 ticket'],
      ] as const) {
        const response = await t.asStaff({
          method: 'POST',
          url: `/api/admin/occasions/${SUPPER_CLUB}/bookings`,
          payload: phoneBooking({
            date: '2027-01-22',
            sittingId: 'supper',
            adults,
            email: 'rosa@example.com',
          }),
        });
        expect(response.statusCode, response.body).toBe(201);
        const [letter] = (await mailOf('occasion-booking', response.json().reference))
          .map((row) => row.message as { to: { address: string }; text: string })
          .filter((message) => message.to.address === 'rosa@example.com');
        expect(letter?.text).toContain('your tickets for Winter supper club');
        expect(letter?.text).toMatch(new RegExp(`Party: +${tickets}\\n`));
      }
    });

    it('say how they took the deposit: the whole of it by card or in cash, or waived, each in the trail', async () => {
      const url = `/api/admin/occasions/${PARTY_NIGHTS}/bookings`;
      const unsaid = await t.asStaff({
        method: 'POST',
        url,
        payload: phoneBooking({ adults: 4, paymentMethod: null }),
      });
      expect(unsaid.statusCode).toBe(400);
      const choose = 'Please choose how the deposit was taken.';
      expect(unsaid.json()).toEqual({ error: choose, issues: [{ path: 'paymentMethod', message: choose }] });
      const cheque = await t.asStaff({
        method: 'POST',
        url,
        payload: phoneBooking({ adults: 4, paymentMethod: 'cheque' }),
      });
      expect(cheque.statusCode).toBe(400);
      expect(await bookingCount()).toBe(0);

      const card = await t.asStaff({
        method: 'POST',
        url,
        payload: phoneBooking({ adults: 4, paymentMethod: 'card-by-phone' }),
      });
      expect(card.json()).toMatchObject({ paidPence: 4000, paymentMethod: 'card-by-phone' });
      expect((await auditOf(card.json().id)).map((row) => row.summary)).toContainEqual(
        `${card.json().reference}: Deposit £40.00 by card on the phone`,
      );
      const waived = await t.asStaff({
        method: 'POST',
        url,
        payload: phoneBooking({ adults: 2, paymentMethod: 'waived' }),
      });
      expect(waived.json()).toMatchObject({ paidPence: 0, paymentMethod: 'waived' });
      const waivedTrail = await auditOf(waived.json().id);
      expect(waivedTrail.map((row) => row.type)).toEqual(['occasion.created']);
      expect(waivedTrail[0]?.summary).toMatch(/\(phone\): Deposit waived$/);
    });

    it('refuse a phone booking without a way to reach the guest', async () => {
      const response = await t.asStaff({
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({ adults: 4, phone: '', email: '' }),
      });
      expect(response.statusCode).toBe(400);
      const contact = 'Please enter a phone number or an e-mail address.';
      expect(response.json()).toEqual({ error: contact, issues: [{ path: 'phone', message: contact }] });
      expect(await bookingCount()).toBe(0);
    });

    it('cancel a booking as a manager, refunding it after the cut-off when they choose to; not as staff', async () => {
      const booked = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 6 });
      t.setNow(new Date('2026-11-30T09:00:00Z'));
      const url = `/api/admin/occasions/bookings/${booked.bookingId}/cancel`;
      // Signed in after the clock moved on, so the sessions are fresh.
      const staff = await signedInAccount(t, 'staff');
      const manager = await signedInAccount(t, 'manager');
      const refused = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: staff.cookie },
        payload: { refund: 'refund' },
      });
      expect(refused.statusCode).toBe(403);
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: manager.cookie },
        payload: { refund: 'refund' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: 6000,
        message: 'The booking is cancelled. £60.00 is being refunded to the organiser’s card.',
      });
      expect(await occasionBookingByPid(t, booked.pid)).toMatchObject({
        cancelledBy: 'staff',
        changedBy: 'A manager',
        refundPence: 6000,
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/admin/occasions/bookings/nothing/cancel',
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('are told in their own words what became of the money: kept, or nothing paid', async () => {
      const manager = await signedInAccount(t, 'manager');
      const kept = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 6 });
      const keptAnswer = await t.app.inject({
        method: 'POST',
        url: `/api/admin/occasions/bookings/${kept.bookingId}/cancel`,
        headers: { cookie: manager.cookie },
        payload: { refund: 'keep' },
      });
      expect(keptAnswer.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message: 'The booking is cancelled. The £60.00 paid online is kept.',
      });
      const waived = await t.app.inject({
        headers: { cookie: manager.cookie },
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({ adults: 2, paymentMethod: 'waived' }),
      });
      const nothing = await t.app.inject({
        method: 'POST',
        url: `/api/admin/occasions/bookings/${waived.json().id}/cancel`,
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(nothing.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message: 'The booking is cancelled. Nothing was paid, so there is nothing to refund.',
      });
    });

    it('cancel a phone booking paid by card on the phone: settled at the till even when they choose a refund', async () => {
      const manager = await signedInAccount(t, 'manager');
      const refund = vi.spyOn(t.app.payments as Payments, 'refund');
      const created = await t.app.inject({
        headers: { cookie: manager.cookie },
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({ adults: 4, paymentMethod: 'card-by-phone' }),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/occasions/bookings/${created.json().id}/cancel`,
        headers: { cookie: manager.cookie },
        payload: { refund: 'refund' },
      });
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message:
          'The booking is cancelled. The £40.00 paid to staff is not refunded online: settle it at the till.',
      });
      expect(refund).not.toHaveBeenCalled();
    });

    it('tell an organiser who cancels a booking they paid staff for to call the pub, in their own words', async () => {
      const manager = await signedInAccount(t, 'manager');
      const created = await t.app.inject({
        headers: { cookie: manager.cookie },
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({ adults: 6, paymentMethod: 'cash' }),
      });
      const token = await issueOrganiserToken(t.database.db, created.json().id, BEFORE_PARTY_NIGHTS);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/occasions/organiser/${token}/cancel`,
      });
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message: OCCASION_CANCEL_MESSAGES.paidUsDirectly(6000),
      });
      expect(response.json().message).not.toContain('till');
    });

    it('cancel a phone booking paid at the bar without a refund through the provider', async () => {
      const manager = await signedInAccount(t, 'manager');
      const created = await t.app.inject({
        headers: { cookie: manager.cookie },
        method: 'POST',
        url: `/api/admin/occasions/${PARTY_NIGHTS}/bookings`,
        payload: phoneBooking({ adults: 8 }),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/occasions/bookings/${created.json().id}/cancel`,
        headers: { cookie: manager.cookie },
        payload: {},
      });
      expect(response.json()).toEqual({
        status: 'CANCELLED',
        refundPence: null,
        message:
          'The booking is cancelled. The £80.00 paid to staff is not refunded online: settle it at the till.',
      });
    });
  });

  describe('Christmas Day’s rows, which are Christmas’s own (decision 049)', () => {
    const christmasParty = {
      date: '2026-12-25',
      sittingId: 'xmas-early' as const,
      sittingLabel: '12:00 sitting',
      name: 'Olive Harper',
      email: 'olive@example.com',
      phone: '07700 900321',
      partyAdults: 2,
      partyChildren: 0,
      selections: {
        starters: [{ item: 'parsnip-soup', count: 2 }],
        mains: [{ item: 'roast-turkey', count: 2 }],
        desserts: [{ item: 'christmas-pudding', count: 2 }],
      },
      totalPence: 19000,
    };

    const christmasCheckout = () =>
      insertReservation(t.database.db, {
        ...christmasParty,
        pid: newOccasionToken(),
        depositPence: 5000,
        holderIp: '203.0.113.1',
        stripeSessionId: 'cs_test_christmas',
        expiresAt: new Date(BEFORE_PARTY_NIGHTS.getTime() + 20 * 60_000),
      });

    it('keeps a Christmas checkout held when the same e-mail and address start an occasion’s', async () => {
      const christmas = await christmasCheckout();
      await startCheckout({ adults: 10, email: 'OLIVE@example.com', ip: '203.0.113.1' });
      expect(await occasionBookingByPid(t, christmas.pid)).toMatchObject({
        status: 'HELD',
        cancelReason: null,
        holdExpiresAt: christmas.expiresAt,
      });
    });

    it('neither shows, releases nor pays a Christmas checkout by its pid', async () => {
      const christmas = await christmasCheckout();
      for (const [method, action] of [
        ['GET', ''],
        ['POST', '/release'],
        ['GET', '/demo'],
        ['POST', '/demo-pay'],
      ] as const) {
        const url = `/api/occasions/checkouts/${christmas.pid}${action}`;
        expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
      }
      expect(await occasionBookingByPid(t, christmas.pid)).toMatchObject({
        status: 'HELD',
        cancelReason: null,
      });
    });

    it('lets staff neither cancel a Christmas booking nor change its party or diners as an occasion’s', async () => {
      const christmas = await insertChristmasBooking(t.database.db, {
        ...christmasParty,
        partySize: 2,
        depositPaidPence: 5000,
        source: 'phone',
      });
      const { cookie } = await signedInAccount(t, 'manager');
      const changes = [
        ['cancel', { refund: 'refund' }],
        ['party', { adults: 3, children: 0 }],
        ['diners', { name: 'Ann', email: '', choices: {}, allergies: '' }],
      ] as const;
      for (const [change, payload] of changes) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/admin/occasions/bookings/${christmas.id}/${change}`,
          headers: { cookie },
          payload,
        });
        expect(response.statusCode, change).toBe(404);
      }
      const [row] = await t.database.db
        .select()
        .from(occasionBookings)
        .where(eq(occasionBookings.id, christmas.id));
      expect(row).toMatchObject({ status: 'CONFIRMED', partySize: 2, changedBy: null });
      expect(await auditTypes(christmas.id)).toEqual([]);
    });
  });

  it('records each money action in the trail', async () => {
    const booked = await bookOccasion(t, { ...ELEVENTH_DINNER, adults: 6 });
    const rows = await t.database.db
      .select({ summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, booked.bookingId), like(auditEvents.type, 'occasion.paid')));
    expect(rows).toEqual([{ summary: `${booked.reference}: £60.00 paid online` }]);
  });
});
