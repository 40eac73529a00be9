import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { occasionBookings } from '#db/schema.ts';
import { BEFORE_CUTOFF, christmasOrder } from '#tests/helpers/christmas.ts';
import { useChristmasCheckoutApp } from '#tests/helpers/christmas-checkout.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { selectChristmasBookings, selectReservation, selectReservations } from './store.ts';

const ORDER_FIELDS = { name: 'Margaret Ellis', email: 'margaret@example.com' };

describe.each(databaseTargets)(
  'Christmas checkouts that go ahead with the demo provider on $name',
  (target) => {
    const { t, post, checkout, startCheckout, availability } = useChristmasCheckoutApp(target);

    describe('a checkout that goes ahead', () => {
      it('holds the seats in a PENDING reservation and sends the guest to the demo checkout', async () => {
        const selections = {
          starters: [{ item: 'smoked-salmon', count: 2 }],
          mains: [
            { item: 'roast-turkey', count: 2 },
            { item: 'chestnut-wellington', count: 1 },
          ],
          desserts: [{ item: 'cheese-board', count: 1 }],
        };
        const response = await checkout(
          christmasOrder(
            { adults: 2, children: 1, session: '2:30 – 4:30 PM' },
            { utmSource: 'modal', allergies: 'Coeliac', selections },
          ),
        );
        expect(response.statusCode).toBe(201);
        const { url } = response.json();
        expect(url).toMatch(/^https:\/\/pub\.test\/christmas\/demo-checkout\?pid=[\w-]{32}$/);
        const pid = new URL(url).searchParams.get('pid') as string;

        const reservation = await selectReservation(t.database.db, eq(occasionBookings.pid, pid));
        expect(reservation).toMatchObject({
          state: 'PENDING',
          sittingId: 'xmas-late',
          partyAdults: 2,
          partyChildren: 1,
          utmSource: 'modal',
          allergies: 'Coeliac',
          depositPence: 7500,
          totalPence: 2 * 9500 + 5000 + 1000,
          selections,
        });
        expect(reservation?.expiresAt?.getTime()).toBe(BEFORE_CUTOFF.getTime() + 31 * 60_000);
        expect(reservation?.stripeSessionId).toMatch(/^demo_cs_/);
        expect((await availability())['xmas-late'].remaining).toBe(29);

        const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
        expect(pending.json()).toEqual({ state: 'PENDING' });
      });

      it('records no utm_source it does not recognise', async () => {
        const pid = await startCheckout(christmasOrder({}, { utmSource: '<script>' }));
        const reservation = await selectReservation(t.database.db, eq(occasionBookings.pid, pid));
        expect(reservation?.utmSource).toBeNull();
      });

      it('shows the demo checkout, and its Pay confirms the booking and sends the e-mails once', async () => {
        const pid = await startCheckout(christmasOrder({ adults: 2, children: 1 }));
        const details = await t.app.inject({ method: 'GET', url: `/api/christmas/demo-checkout/${pid}` });
        expect(details.statusCode).toBe(200);
        expect(details.json()).toMatchObject({
          state: 'PENDING',
          sittingLabel: '12pm–2pm',
          date: '2026-12-25',
          partyAdults: 2,
          partyChildren: 1,
          depositPerGuestPence: 2500,
          depositPence: 7500,
          email: 'margaret@example.com',
          cancelUrl: `https://pub.test/christmas/cancel?pid=${pid}`,
        });

        const paid = await post(`/api/christmas/demo-checkout/${pid}/pay`);
        expect(paid.statusCode).toBe(200);
        expect(paid.json()).toEqual({ url: `https://pub.test/christmas/success?pid=${pid}` });

        const pending = await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` });
        const status = pending.json();
        expect(status.state).toBe('PAID_CONFIRMED');
        expect(status.reference).toMatch(/^XMAS-[2-9A-HJKMNP-Z]{4}$/);
        expect(status.confirmation).toMatchObject({
          reference: status.reference,
          sittingId: 'xmas-early',
          sittingLabel: '12pm–2pm',
          partyAdults: 2,
          partyChildren: 1,
          depositPaidPence: 7500,
          totalPence: 24_000,
          balanceDuePence: 16_500,
          ...{ email: ORDER_FIELDS.email },
        });

        const [booking] = await selectChristmasBookings(t.database.db);
        expect(booking).toMatchObject({
          reference: status.reference,
          status: 'CONFIRMED',
          sittingId: 'xmas-early',
          sittingLabel: '12pm–2pm',
          partySize: 3,
          source: 'online',
          depositPaidPence: 7500,
          name: ORDER_FIELDS.name,
        });
        expect((await availability())['xmas-early'].remaining).toBe(27);

        // Paying again, or finalizing, changes nothing.
        expect((await post(`/api/christmas/demo-checkout/${pid}/pay`)).statusCode).toBe(409);
        const finalized = await post(`/api/christmas/finalize/${pid}`);
        expect(finalized.statusCode).toBe(200);
        expect(finalized.json().reference).toBe(status.reference);
        expect(await selectChristmasBookings(t.database.db)).toHaveLength(1);

        const mails = await mailInOutboxFolder(t);
        expect(mails).toHaveLength(2);
        const guest = mails.find((mail) => mail.subject.startsWith('Your Christmas Day booking'));
        expect(guest?.subject).toBe(`Your Christmas Day booking at The Rose & Crown — ${status.reference}`);
        const confirmation = [
          status.reference,
          'Friday 25 December 2026',
          '12pm–2pm',
          '2 adults and 1 child',
          '3 × Roast Norfolk turkey',
          '£75.00',
          '£165.00',
          'non-refundable if you or your guests do not attend',
        ];
        for (const part of [guest?.text, guest?.html]) {
          for (const detail of confirmation) expect(part).toContain(detail);
        }
      });

      it('confirms nothing when the demo payment comes after the hold has lapsed', async () => {
        const pid = await startCheckout();
        t.setNow(new Date(BEFORE_CUTOFF.getTime() + 32 * 60_000));
        const paid = await post(`/api/christmas/demo-checkout/${pid}/pay`);
        expect(paid.statusCode).toBe(409);
        expect((await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${pid}` })).json()).toEqual({
          state: 'CANCELLED',
        });
      });

      it('releases the hold from the cancel URL, after which the checkout cannot be paid', async () => {
        const pid = await startCheckout(christmasOrder({ adults: 4 }));
        expect((await availability())['xmas-early'].remaining).toBe(26);
        const cancelled = await post(`/api/christmas/cancel/${pid}`);
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json()).toEqual({ state: 'CANCELLED' });
        expect((await availability())['xmas-early'].remaining).toBe(30);
        expect((await post(`/api/christmas/demo-checkout/${pid}/pay`)).statusCode).toBe(409);
        const finalize = await post(`/api/christmas/finalize/${pid}`);
        expect(finalize.statusCode).toBe(409);
        expect(finalize.json().state).toBe('CANCELLED');
        const [reservation] = await selectReservations(t.database.db);
        expect(reservation?.cancelReason).toBe('cancelled');
      });

      it('answers 404 for a reservation that does not exist and 400 for a malformed id', async () => {
        const unknown = 'A'.repeat(32);
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/christmas/pending/${unknown}` })).statusCode,
        ).toBe(404);
        expect((await post(`/api/christmas/finalize/${unknown}`)).statusCode).toBe(404);
        expect((await post(`/api/christmas/cancel/${unknown}`)).statusCode).toBe(404);
        expect((await post(`/api/christmas/demo-checkout/${unknown}/pay`)).statusCode).toBe(404);
        const malformed = await t.app.inject({ method: 'GET', url: '/api/christmas/pending/%27%20or%201=1' });
        expect(malformed.statusCode).toBe(400);
      });

      it('has no webhook without Stripe', async () => {
        const response = await post('/api/stripe/webhook', '{}', {
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(404);
      });
    });
  },
);
