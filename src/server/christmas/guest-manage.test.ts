import { describe, expect, it } from 'vitest';
import { CHRISTMAS_MANAGE_MESSAGES } from '#shared/christmas/manage.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { AFTER_CUTOFF, BEFORE_CUTOFF } from '#tests/helpers/christmas.ts';
import { christmasManageToken } from '#tests/helpers/christmas-app.ts';
import { useChristmasGuestApp } from '#tests/helpers/christmas-guest.ts';
import { expectExactlyOneChangeSaved } from '#tests/helpers/guest-changes.ts';
import { mailInOutboxFolder } from '#tests/helpers/outbox.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

const PHONE = '0118 496 0000';

describe.each(databaseTargets)(
  'guests open and change their own Christmas booking (demo payments) on $name',
  (target) => {
    const { t, bookOnline, open, versionOf, change, cancel, earlySeatsLeft, newOrder } =
      useChristmasGuestApp(target);
    const linkIn = (email: string, subject: string) => christmasManageToken(t, email, subject);

    it('opens the booking from the confirmation’s link, as the confirmation showed it', async () => {
      const { reference, token } = await bookOnline({ adults: 2, children: 1 });
      const response = await open(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        booking: expect.objectContaining({
          reference,
          sittingLabel: '12pm–2pm',
          partyAdults: 2,
          partyChildren: 1,
          status: 'CONFIRMED',
          allergies: 'Coeliac',
          depositPaidPence: 7500,
          totalPence: 24_000,
          balanceDuePence: 16_500,
          refundPence: null,
        }),
        changeable: true,
        cancellable: true,
        depositOnCancel: 'refund',
      });
      expect(response.json().booking).not.toHaveProperty('_id');
      expect(response.json().booking).not.toHaveProperty('email');
    });

    it('answers the same 404 for a made-up token, a malformed one, a table booking’s and a link past its day', async () => {
      const { token } = await bookOnline();
      const madeUp = await open('A'.repeat(43));
      expect(madeUp.statusCode).toBe(404);
      expect(madeUp.json()).toEqual({ error: MANAGE_MESSAGES.notFound });
      for (const malformed of ['not-a-token', `${token}x`, '..%2F..%2Fetc']) {
        expect((await open(malformed)).json(), malformed).toEqual(madeUp.json());
      }
      // Refused by the router before any lookup: a broken escape, a path longer than any token.
      for (const broken of ['%E0%A4%A', 'x'.repeat(300)]) {
        expect([400, 404], broken).toContain((await open(broken)).statusCode);
      }
      // A table booking's link opens no Christmas booking.
      const table = await t.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
      expect(table.json()).toEqual(madeUp.json());
      t.setNow(new Date('2026-12-26T23:30:00Z'));
      expect((await open(token)).statusCode).toBe(200);
      t.setNow(new Date('2026-12-27T00:30:00Z'));
      const expired = await open(token);
      expect(expired.statusCode).toBe(404);
      expect(expired.json()).toEqual(madeUp.json());
    });

    it('serves the page: its own private page for a link, the not-found page as a 404, never cached', async () => {
      const { token } = await bookOnline();
      const page = await t.app.inject({ method: 'GET', url: `/christmas/manage/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<title>Your Christmas Day booking · The Rose &amp; Crown</title>');
      expect(page.body).toMatch(/<meta name="robots" content="noindex/);
      for (const path of [`/christmas/manage/${'A'.repeat(43)}`, '/christmas/manage/not-a-token']) {
        const missing = await t.app.inject({ method: 'GET', url: path });
        expect(missing.statusCode, path).toBe(404);
        expect(missing.headers['cache-control']).toBe('no-store');
        expect(missing.body).toContain('<title>Booking not found · The Rose &amp; Crown</title>');
      }
    });

    it('changes dishes, allergies and notes under the course rules; the party stays; a new confirmation follows', async () => {
      const { email, token } = await bookOnline();
      const seatsBefore = await earlySeatsLeft();
      const changed = await change(token, { ...newOrder(), partyAdults: 6 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().booking).toMatchObject({
        ...newOrder(),
        partyAdults: 2,
        // £190 for two adults and two £10 cheese boards; £50 of it paid.
        totalPence: 21_000,
        balanceDuePence: 16_000,
      });
      expect(await earlySeatsLeft()).toBe(seatsBefore);
      const fresh = await linkIn(email, 'Your Christmas Day order');
      expect(fresh).not.toBe(token);
      const mail = (await mailInOutboxFolder(t)).find((message) => message.subject.includes('has changed'));
      expect(mail?.subject).toMatch(/^Your Christmas Day order at The Rose & Crown has changed — XMAS-/);
      expect(mail?.text).toContain('1 × Roast Norfolk turkey, 1 × Pan-roasted sea bass');
      expect(mail?.text).toContain('Balance due on the day: £160.00');
      // The older link still works.
      expect((await open(token)).json().booking.allergies).toBe('Coeliac; no shellfish');

      const back = await change(
        token,
        newOrder({ selections: { mains: [{ item: 'roast-turkey', count: 2 }] } }),
      );
      expect(back.json().booking.totalPence).toBe(19_000);
      const same = await change(
        token,
        newOrder({ selections: { mains: [{ item: 'roast-turkey', count: 2 }] } }),
      );
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({ error: MANAGE_MESSAGES.nothingChanged });
    });

    it('refuses a change from a stale tab with the order as it stands: nothing changed, no e-mail', async () => {
      const { token } = await bookOnline();
      const opened = await versionOf(token);
      const first = await change(token, newOrder({ version: opened }));
      expect(first.statusCode).toBe(200);
      const latest = (await open(token)).json();
      expect(latest.booking.updatedAt).not.toBe(opened);

      const stale = await change(token, newOrder({ allergies: 'None after all', version: opened }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: MANAGE_MESSAGES.changedSinceOpened, latest });
      expect((await open(token)).json()).toEqual(latest);
      const sent = await mailInOutboxFolder(t);
      expect(sent.filter((mail) => mail.subject.includes('has changed'))).toHaveLength(1);
      expect(sent.filter((mail) => mail.subject.startsWith('Order changed by the guest'))).toHaveLength(1);

      const missing = await change(token, JSON.stringify(newOrder({ allergies: 'None after all' })));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: MANAGE_MESSAGES.reloadToChange });
      const again = await change(token, newOrder({ allergies: 'None after all' }));
      expect(again.json().booking.allergies).toBe('None after all');
      // A cancellation from the stale tab overwrites nothing: it goes through.
      expect((await cancel(token)).json()).toMatchObject({ booking: { status: 'CANCELLED' } });
    });

    it('saves exactly one of two changes made from the same version at once', async () => {
      const { token } = await bookOnline();
      const version = await versionOf(token);
      const answers = await Promise.all([
        change(token, newOrder({ version })),
        change(token, newOrder({ allergies: 'Vegan', version })),
      ]);
      await expectExactlyOneChangeSaved(answers, () => open(token));
      const sent = await mailInOutboxFolder(t);
      expect(sent.filter((mail) => mail.subject.includes('has changed'))).toHaveLength(1);
      expect(sent.filter((mail) => mail.subject.startsWith('Order changed by the guest'))).toHaveLength(1);
    });

    it('tells the pub what the guest changed of their order, before and after', async () => {
      const { email, reference, token } = await bookOnline();
      expect((await change(token, newOrder())).statusCode).toBe(200);
      const notices = (await mailInOutboxFolder(t)).filter((mail) =>
        mail.subject.startsWith('Order changed by the guest'),
      );
      expect(notices).toHaveLength(1);
      const [notice] = notices;
      expect(notice?.subject).toBe(
        `Order changed by the guest ${reference}: Christmas Day 12pm–2pm, 2 guests — Margaret Ellis`,
      );
      expect(notice?.headers.get('to')).toContain('hello@roseandcrown.example');
      expect(notice?.headers.get('reply-to')).toContain(email);
      const [changes, now] = (notice?.text ?? '').split('The booking now:');
      expect(changes).toMatch(
        /Mains:\s+2 × Roast Norfolk turkey → 1 × Roast Norfolk turkey, 1 × Pan-roasted sea bass/,
      );
      expect(changes).toMatch(/Allergies:\s+Coeliac → Coeliac; no shellfish/);
      expect(changes).toMatch(/Occasion notes:\s+— → Gran’s 90th/);
      expect(changes).toMatch(/Balance due:\s+£140\.00 → £160\.00/);
      expect(now).toMatch(/Party:\s+2 adults/);
      expect(now).toMatch(/Special notes:\s+A high chair, please/);
      expect(notice?.html).toContain('Coeliac → Coeliac; no shellfish');
    });

    it.each([
      ['one main short', { mains: [{ item: 'roast-turkey', count: 1 }] }, CHRISTMAS_MESSAGES.mains(2)],
      [
        'three starters for two',
        { starters: [{ item: 'parsnip-soup', count: 3 }], mains: [{ item: 'roast-turkey', count: 2 }] },
        CHRISTMAS_MESSAGES.startersAndDesserts,
      ],
      ['a dish not on the menu', { mains: [{ item: 'goose', count: 2 }] }, CHRISTMAS_MESSAGES.unknownDish],
      [
        'a negative count',
        {
          mains: [
            { item: 'roast-turkey', count: 3 },
            { item: 'sea-bass', count: -1 },
          ],
        },
        CHRISTMAS_MESSAGES.counts,
      ],
    ])(
      'refuses %s with 400 and the checkout’s message, changing nothing',
      async (_case, selections, error) => {
        const { token } = await bookOnline();
        const refused = await change(token, newOrder({ selections }));
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ error });
        expect((await open(token)).json().booking.allergies).toBe('Coeliac');
      },
    );

    it('answers malformed bodies with a 400 and a clear message, never a 5xx', async () => {
      const { token } = await bookOnline();
      for (const payload of [
        'not json',
        '[]',
        '{"selections": "lots"}',
        JSON.stringify(newOrder({ allergies: 'x'.repeat(5000) })),
        JSON.stringify(newOrder({ specialNotes: 42 })),
      ]) {
        const response = await change(token, payload);
        expect(response.statusCode, payload.slice(0, 40)).toBe(400);
        expect(response.json().error).toEqual(expect.any(String));
      }
      expect((await change('A'.repeat(43), newOrder())).statusCode).toBe(404);
    });

    it('refuses a change after the online cut-off, saying to call; a cancelled booking changes no more', async () => {
      const { token } = await bookOnline();
      t.setNow(AFTER_CUTOFF);
      expect((await open(token)).json()).toMatchObject({ changeable: false, cancellable: true });
      const late = await change(token, newOrder());
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: CHRISTMAS_MANAGE_MESSAGES.changesClosed(PHONE) });
      t.setNow(BEFORE_CUTOFF);
      await cancel(token);
      const afterCancel = await change(token, newOrder());
      expect(afterCancel.statusCode).toBe(409);
      expect(afterCancel.json()).toEqual({ error: MANAGE_MESSAGES.alreadyCancelled });
    });
  },
);
