import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { BEFORE_CUTOFF, christmasOrder, phoneBooking } from '#tests/helpers/christmas.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import type { Payments } from '../payments/payments.ts';
import {
  isChristmasRow,
  reservationIn,
  selectReservation,
  selectReservations,
  updateReservations,
} from './store.ts';

const TOO_LARGE =
  'For Christmas Day parties of more than 12, please call us on 0118 496 0000 so we can seat you together.';

const MARGARET = { ip: '203.0.113.10', email: 'margaret@example.com' };
const EDITH = { ip: '203.0.113.20', email: 'edith@example.com' };

describe.each(databaseTargets)('What one client can hold at Christmas, on $name', (target) => {
  const t = useTestApp(target, BEFORE_CUTOFF, { signedIn: true });
  beforeEach(async () => {
    await t.database.db.delete(occasionBookings).where(isChristmasRow);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const payments = () => t.app.payments as Payments;

  function checkout(
    client: { ip: string; email: string },
    order: { adults?: number; session?: string } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      remoteAddress: client.ip,
      payload: christmasOrder(order, { email: client.email }),
    });
  }

  async function startCheckout(
    client: { ip: string; email: string },
    order: { adults?: number; session?: string } = {},
  ): Promise<string> {
    const response = await checkout(client, order);
    expect(response.statusCode, response.body).toBe(201);
    return new URL(response.json().url).searchParams.get('pid') as string;
  }

  async function reservationOf(pid: string) {
    const row = await selectReservation(t.database.db, eq(occasionBookings.pid, pid));
    if (!row) throw new Error(`no reservation ${pid}`);
    return row;
  }

  async function remaining(): Promise<{ early: number; late: number }> {
    const seats = (await t.app.inject({ method: 'GET', url: '/api/christmas/availability' })).json();
    return { early: seats['xmas-early'].remaining, late: seats['xmas-late'].remaining };
  }

  async function providerStatus(pid: string) {
    const { stripeSessionId } = await reservationOf(pid);
    return (await payments().retrieveCheckoutSession(stripeSessionId as string)).status;
  }

  async function expectReplaced(pid: string) {
    expect(await reservationOf(pid)).toMatchObject({ state: 'CANCELLED', cancelReason: 'replaced' });
    expect(await providerStatus(pid)).toBe('expired');
    const paid = await t.app.inject({ method: 'POST', url: `/api/christmas/demo-checkout/${pid}/pay` });
    expect(paid.statusCode).toBe(409);
  }

  async function reservationCount(): Promise<number> {
    return (await selectReservations(t.database.db)).length;
  }

  describe('an online party of at most 12', () => {
    it('refuses 13 guests online with 400 and the number to call, and holds nothing', async () => {
      const response = await checkout(MARGARET, { adults: 13 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: TOO_LARGE });
      expect(await reservationCount()).toBe(0);
      expect(await remaining()).toEqual({ early: 30, late: 32 });
      await startCheckout(MARGARET, { adults: 12 });
    });

    it('still takes a staff phone booking of 14', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/christmas/admin/bookings',
        headers: { cookie: t.cookie },
        payload: phoneBooking({ adults: 10, children: 4 }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ partySize: 14, source: 'phone', status: 'CONFIRMED' });
      expect((await remaining()).early).toBe(16);
    });
  });

  describe('one live checkout per e-mail address and per IP address', () => {
    it('stores the address a checkout came from', async () => {
      const pid = await startCheckout(MARGARET);
      expect((await reservationOf(pid)).holderIp).toBe(MARGARET.ip);
    });

    it('a second checkout with the same e-mail, in another case and from elsewhere, replaces the first', async () => {
      const first = await startCheckout(MARGARET, { adults: 4 });
      expect(await remaining()).toEqual({ early: 26, late: 32 });
      const second = await startCheckout(
        { ip: '198.51.100.99', email: 'Margaret@Example.COM' },
        { adults: 2, session: 'xmas-late' },
      );
      expect(await remaining()).toEqual({ early: 30, late: 30 });
      await expectReplaced(first);
      expect(await reservationOf(second)).toMatchObject({ state: 'PENDING', cancelReason: null });
      expect(await providerStatus(second)).toBe('open');
    });

    it('a second checkout from the same IP with another e-mail replaces the first', async () => {
      const first = await startCheckout(MARGARET, { adults: 4 });
      const second = await startCheckout({ ip: MARGARET.ip, email: 'someone.else@example.com' });
      expect(await remaining()).toEqual({ early: 28, late: 32 });
      await expectReplaced(first);
      expect((await reservationOf(second)).state).toBe('PENDING');
    });

    it('lets the new checkout take the seats its own earlier checkout held', async () => {
      await startCheckout(EDITH, { adults: 12 });
      await startCheckout({ ip: '203.0.113.30', email: 'third@example.com' }, { adults: 6 });
      await startCheckout(MARGARET, { adults: 12 });
      expect((await remaining()).early).toBe(0);
      await startCheckout(MARGARET, { adults: 11 });
      expect((await remaining()).early).toBe(1);
    });

    it('keeps the first checkout when the second is refused', async () => {
      const first = await startCheckout(MARGARET, { adults: 4 });
      expect((await checkout(MARGARET, { adults: 13 })).statusCode).toBe(400);
      await startCheckout(EDITH, { adults: 12, session: 'xmas-late' });
      await startCheckout(
        { ip: '203.0.113.30', email: 'third@example.com' },
        { adults: 12, session: 'late' },
      );
      const full = await checkout(MARGARET, { adults: 9, session: 'late' });
      expect(full.statusCode).toBe(409);
      expect(await reservationOf(first)).toMatchObject({ state: 'PENDING', cancelReason: null });
      expect(await providerStatus(first)).toBe('open');
    });

    it('keeps both checkouts of different e-mails from different IPs', async () => {
      const margaret = await startCheckout(MARGARET, { adults: 4 });
      const edith = await startCheckout(EDITH, { adults: 3 });
      expect(await remaining()).toEqual({ early: 23, late: 32 });
      for (const pid of [margaret, edith]) {
        expect((await reservationOf(pid)).state).toBe('PENDING');
        expect(await providerStatus(pid)).toBe('open');
      }
    });

    it('does not replace a checkout that has been paid and is settling', async () => {
      const settling = await startCheckout(MARGARET, { adults: 4 });
      await updateReservations(t.database.db, eq(occasionBookings.pid, settling), { state: 'PAID_AWAITING' });
      await startCheckout(MARGARET, { adults: 2 });
      expect((await reservationOf(settling)).state).toBe('PAID_AWAITING');
      expect((await remaining()).early).toBe(24);
    });

    it('still starts the new checkout when the provider cannot expire the old session, and says so in the log', async () => {
      const first = await startCheckout(MARGARET, { adults: 4 });
      vi.spyOn(payments(), 'expireCheckoutSession').mockRejectedValue(new Error('provider unreachable'));
      const warn = vi.spyOn(t.app.log, 'warn');
      const second = await startCheckout(MARGARET, { adults: 2 });
      expect(await reservationOf(first)).toMatchObject({ state: 'CANCELLED', cancelReason: 'replaced' });
      expect((await reservationOf(second)).state).toBe('PENDING');
      expect(await remaining()).toEqual({ early: 28, late: 32 });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ pid: first }),
        'could not expire the Checkout Session of a replaced checkout',
      );
    });

    it('refuses, and expires, a checkout replaced while its session was being created', async () => {
      const create = payments().createCheckoutSession.bind(payments());
      let newer: string | undefined;
      vi.spyOn(payments(), 'createCheckoutSession').mockImplementationOnce(async (request) => {
        newer = await startCheckout(MARGARET, { adults: 2, session: 'xmas-late' });
        return create(request);
      });
      const replaced = await checkout(MARGARET, { adults: 4 });
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json()).toEqual({
        error: 'You have started a newer checkout, which replaces this one. Please carry on with that one.',
      });
      const [older] = await selectReservations(t.database.db, reservationIn('CANCELLED'));
      await expectReplaced(older?.pid as string);
      expect((await reservationOf(newer as string)).state).toBe('PENDING');
      expect(await remaining()).toEqual({ early: 30, late: 30 });
    });

    it('leaves two clients trying to take all 62 seats holding 24 at most', async () => {
      const attempts = [
        { adults: 30, session: 'xmas-early' },
        { adults: 32, session: 'xmas-late' },
        { adults: 12, session: 'xmas-early' },
        { adults: 12, session: 'xmas-late' },
        { adults: 12, session: 'xmas-early' },
      ];
      for (const client of [MARGARET, EDITH]) {
        for (const [index, order] of attempts.entries()) {
          // From the client's address under other e-mails, and with its e-mail from other addresses.
          await checkout({ ...client, email: `${index}.${client.email}` }, order);
          await checkout({ ...client, ip: `${client.ip}${index}` }, order);
          await checkout(client, order);
        }
      }
      const seats = await remaining();
      expect(30 - seats.early + (32 - seats.late)).toBe(24);
      const live = await selectReservations(t.database.db, reservationIn('PENDING'));
      expect(live).toHaveLength(2);
    });
  });
});
