import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages, voucherLedger, vouchers } from '#db/schema.ts';
import { SYSTEM } from '#server/audit/trail.ts';
import type { VoucherPurchase } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { CODE_ALPHABET, CODE_LENGTH, formatCode } from '#shared/vouchers/rules.ts';
import type { FakeStripe } from '#tests/fakes/stripe-api.ts';
import { deliverQueuedMail } from '#tests/helpers/outbox.ts';
import type { SmtpSink } from '#tests/helpers/smtp-sink.ts';
import { deliverStripeEvent } from '#tests/helpers/stripe-webhooks.ts';
import { databaseTargets, pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { startStripeTestApp } from '../payments/stripe-test-app.ts';
import { PUBLIC_VOUCHER_LOOKUPS_PER_15_MIN } from './routes.ts';

const BUYER = 'bea@example.com';
const FRIEND = 'fran@example.com';
/** 1 December 2026, mid-morning in London. */
const BOUGHT = new Date('2026-12-01T10:00:00Z');
/** A minute into 20 December in London (GMT in winter). */
const DELIVERY_DAY = new Date('2026-12-20T00:01:00Z');

const purchase = (overrides: Partial<VoucherPurchase> = {}): VoucherPurchase => ({
  website: '',
  amountPence: 5000,
  buyerName: 'Bea Baker',
  buyerEmail: BUYER,
  recipientName: 'Fran Fletcher',
  recipientEmail: FRIEND,
  message: 'Happy Christmas — lunch is on me!',
  deliverTo: 'recipient',
  deliverOn: '2026-12-20',
  ...overrides,
});

describe.each(databaseTargets)(
  'Gift vouchers bought through Stripe (the fake, with the real SDK) on $name',
  (target) => {
    let stripe: FakeStripe;
    let smtp: SmtpSink;
    let t: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ stripe, smtp, t, close } = await startStripeTestApp(target, BOUGHT));
    });
    afterAll(() => close());
    beforeEach(async () => {
      await deliverQueuedMail(t.app);
      await t.database.db.delete(outboxMessages);
      await t.database.db.delete(vouchers);
      smtp.received.length = 0;
      t.setNow(BOUGHT);
    });

    async function buy(body: object = purchase()) {
      return t.app.inject({ method: 'POST', url: '/api/vouchers/checkout', payload: body });
    }

    async function bought(body: object = purchase()) {
      const response = await buy(body);
      expect(response.statusCode, response.body).toBe(201);
      const { pid, payment } = response.json();
      const [voucher] = await t.database.db.select().from(vouchers).where(eq(vouchers.pid, pid));
      if (!voucher?.stripeSessionId) throw new Error('no voucher for the checkout');
      return { pid, payment, voucher, sessionId: voucher.stripeSessionId };
    }

    const mailOf = (kind: 'voucher' | 'voucher-receipt') =>
      t.database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));
    const ledgerOf = (voucherId: string) =>
      t.database.db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucherId));
    const stored = async (id: string) =>
      (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0];

    it('a guest buys a £50 voucher for a friend for 20 December: receipt at once, the voucher on the day, once', async () => {
      const { pid, payment, voucher, sessionId } = await bought();
      expect(voucher).toMatchObject({ status: 'PENDING', amountPence: 5000, balancePence: 0, kind: 'sold' });
      expect(voucher.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
      const session = stripe.sessions.get(sessionId);
      expect(payment.checkoutUrl).toBe(session?.url);
      expect(session).toMatchObject({
        mode: 'payment',
        client_reference_id: pid,
        metadata: { pid, purpose: 'voucher' },
        customer_email: BUYER,
        amount_total: 5000,
        success_url: `https://pub.test/vouchers/bought?pid=${pid}`,
        cancel_url: `https://pub.test/vouchers/bought?pid=${pid}&cancelled=1`,
      });
      const waiting = await t.app.inject({ method: 'GET', url: `/api/vouchers/checkout/${pid}` });
      expect(waiting.json()).toMatchObject({ state: 'waiting', voucherUrl: null });

      const body = stripe.event('checkout.session.completed', stripe.complete(sessionId));
      expect((await deliverStripeEvent(t, body)).json()).toEqual({ received: true });
      expect((await deliverStripeEvent(t, body)).json()).toEqual({ received: true, duplicate: true });
      // The same payment told again under another event id issues nothing more.
      const again = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) as never);
      expect((await deliverStripeEvent(t, again)).statusCode).toBe(200);

      const issued = await stored(voucher.id);
      expect(issued).toMatchObject({
        status: 'ACTIVE',
        balancePence: 5000,
        paidPence: 5000,
        paymentIntentId: session?.payment_intent,
        expiresOn: '2027-11-30',
        deliveredAt: null,
      });
      expect(
        (await ledgerOf(voucher.id)).map((line) => [line.kind, line.amountPence, line.balanceAfterPence]),
      ).toEqual([['sold', 5000, 5000]]);
      const sold = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, voucher.id), eq(auditEvents.type, 'voucher.sold')));
      expect(sold).toHaveLength(1);
      expect(sold[0]?.summary).not.toContain(voucher.code);
      expect(await mailOf('voucher-receipt')).toHaveLength(1);
      expect(await mailOf('voucher')).toHaveLength(0);

      await deliverQueuedMail(t.app);
      const [receipt] = smtp.to(BUYER);
      expect(receipt?.subject).toBe('Your receipt: £50.00 gift voucher for Fran Fletcher — The Rose & Crown');
      expect(receipt?.text).toContain(
        'E-mailed to Fran Fletcher (fran@example.com) on Sunday 20 December 2026',
      );
      expect(receipt?.text).toContain('Valid for 12 months from the date of purchase.');
      expect(receipt?.text).not.toContain(formatCode(voucher.code));
      expect(smtp.to(FRIEND)).toHaveLength(0);

      const status = await t.app.inject({ method: 'GET', url: `/api/vouchers/checkout/${pid}` });
      expect(status.json()).toEqual({
        state: 'issued',
        amountPence: 5000,
        recipientName: 'Fran Fletcher',
        deliverTo: 'recipient',
        deliverOn: '2026-12-20',
        voucherUrl: `/vouchers/v/${voucher.code}`,
      });

      t.setNow(new Date('2026-12-19T23:59:00Z'));
      expect(await t.app.voucherPass.runDue()).toEqual({ delivered: 0, expired: 0 });
      t.setNow(DELIVERY_DAY);
      expect(await t.app.voucherPass.runDue()).toEqual({ delivered: 1, expired: 0 });
      expect(await t.app.voucherPass.runDue()).toEqual({ delivered: 0, expired: 0 });
      const [queued] = await mailOf('voucher');
      const message = queued?.message as {
        attachments: { cid: string; encoding: string; content: string }[];
      };
      expect(message.attachments).toHaveLength(1);
      expect(message.attachments[0]).toMatchObject({ cid: 'voucher-qr@rose-and-crown', encoding: 'base64' });
      expect(
        Buffer.from(message.attachments[0]?.content ?? '', 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');

      await deliverQueuedMail(t.app);
      const gift = smtp.to(FRIEND);
      expect(gift).toHaveLength(1);
      expect(gift[0]?.subject).toBe('Bea Baker has sent you a £50.00 gift voucher for The Rose & Crown');
      expect(gift[0]?.html).toContain(formatCode(voucher.code));
      expect(gift[0]?.html).toContain('src="cid:voucher-qr@rose-and-crown"');
      expect(gift[0]?.html).toContain('Happy Christmas — lunch is on me!');
      expect(gift[0]?.text).toContain(`https://pub.test/vouchers/v/${voucher.code}`);
      expect(gift[0]?.text).toContain('Valid until Tuesday 30 November 2027');
    });

    it('issues the voucher from the return page when the webhook has not come, and only once', async () => {
      const { pid, voucher, sessionId } = await bought(
        purchase({ deliverTo: 'buyer', deliverOn: '2026-12-01' }),
      );
      stripe.complete(sessionId);
      const [first, second] = await Promise.all([
        t.app.inject({ method: 'GET', url: `/api/vouchers/checkout/${pid}` }),
        t.app.inject({ method: 'GET', url: `/api/vouchers/checkout/${pid}` }),
      ]);
      expect(first.json().state).toBe('issued');
      expect(second.json().state).toBe('issued');
      expect(await ledgerOf(voucher.id)).toHaveLength(1);
      // Delivered to the buyer today: the voucher comes in the receipt, not in a second e-mail.
      expect(await mailOf('voucher')).toHaveLength(0);
      expect((await stored(voucher.id))?.deliveredAt).toEqual(BOUGHT);
      await deliverQueuedMail(t.app);
      const [receipt] = smtp.to(BUYER);
      expect(receipt?.html).toContain(formatCode(voucher.code));
      expect(receipt?.html).toContain('cid:voucher-qr@rose-and-crown');
      expect(await t.app.voucherPass.runDue()).toMatchObject({ delivered: 0 });
    });

    it('a cancelled checkout answers cancelled and never makes a usable voucher', async () => {
      const { pid, voucher, sessionId } = await bought();
      const cancelled = await t.app.inject({
        method: 'GET',
        url: `/api/vouchers/checkout/${pid}?cancelled=1`,
      });
      expect(cancelled.json()).toMatchObject({ state: 'cancelled', voucherUrl: null });
      expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
      expect(await stored(voucher.id)).toMatchObject({ status: 'PENDING', balancePence: 0 });
      const lookup = await t.app.inject({ method: 'GET', url: `/api/vouchers/${voucher.code}` });
      expect(lookup.statusCode).toBe(404);
      expect(await mailOf('voucher-receipt')).toHaveLength(0);
    });

    it('refuses a purchase on its field, when vouchers are off sale, and for an unknown checkout', async () => {
      const tooBig = await buy(purchase({ amountPence: 30_000 }));
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().issues).toEqual([
        { path: 'amountPence', message: VOUCHER_MESSAGES.customRange(1000, 25_000) },
      ]);
      const noEmail = await buy(purchase({ recipientEmail: 'fran' }));
      expect(noEmail.json().issues).toEqual([
        { path: 'recipientEmail', message: VOUCHER_MESSAGES.recipientEmail },
      ]);
      const past = await buy(purchase({ deliverOn: '2026-11-30' }));
      expect(past.json().issues).toEqual([{ path: 'deliverOn', message: VOUCHER_MESSAGES.deliverOn }]);
      expect(await t.database.db.select().from(vouchers)).toEqual([]);

      const { version, document } = await t.app.content.latest('vouchers');
      const by = { email: 'landlord@pub.test', at: BOUGHT, actor: SYSTEM };
      const next = await t.app.content.save('vouchers', version, { ...document, onSale: false }, by);
      try {
        const offSale = await buy();
        expect(offSale.statusCode).toBe(409);
        expect(offSale.json().error).toBe(VOUCHER_MESSAGES.notOnSale);
      } finally {
        await t.app.content.save('vouchers', next, document, by);
      }
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/vouchers/checkout/abcdefghijklmnopqrstuvwxyz',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('shows a voucher, with its balance and QR code, only to whoever gives its whole code', async () => {
      const { voucher, sessionId } = await bought();
      await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
      const typed = formatCode(voucher.code).toLowerCase();
      const page = await t.app.inject({ method: 'GET', url: `/api/vouchers/${typed}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({
        code: formatCode(voucher.code),
        amountPence: 5000,
        balancePence: 5000,
        recipientName: 'Fran Fletcher',
        status: 'ACTIVE',
        expired: false,
      });
      expect(page.json().qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
      for (const wrong of [voucher.code.slice(0, -1), `${voucher.code}0`, 'NOTAVOUCHER']) {
        const miss = await t.app.inject({ method: 'GET', url: `/api/vouchers/${wrong}` });
        expect(miss.statusCode).toBe(404);
        expect(miss.json()).toEqual({ error: VOUCHER_MESSAGES.codeNotFound });
      }
    });

    it('records a lapsed voucher’s unspent balance once, keeping the balance on the voucher', async () => {
      const { voucher, sessionId } = await bought(purchase({ deliverOn: '2026-12-01' }));
      await deliverStripeEvent(t, stripe.event('checkout.session.completed', stripe.complete(sessionId)));
      t.setNow(new Date('2027-11-30T12:00:00Z'));
      expect((await t.app.voucherPass.runDue()).expired).toBe(0);
      t.setNow(new Date('2027-12-01T00:01:00Z'));
      expect((await t.app.voucherPass.runDue()).expired).toBe(1);
      expect((await t.app.voucherPass.runDue()).expired).toBe(0);
      const lines = await ledgerOf(voucher.id);
      expect(lines.map((line) => [line.kind, line.amountPence, line.balanceAfterPence])).toEqual([
        ['sold', 5000, 5000],
        ['expired', 5000, 0],
      ]);
      expect((await stored(voucher.id))?.balancePence).toBe(5000);
    });
  },
);

describe('Gift vouchers bought through the demo payment page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, BOUGHT);
  });
  afterAll(() => t.close());

  it('the demo page’s Pay issues the voucher once, and the return page finds it issued', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/checkout',
      payload: purchase(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { pid, payment } = response.json();
    expect(payment.checkoutUrl).toBe(`https://pub.test/vouchers/demo-checkout?pid=${pid}`);
    const pay = () => t.app.inject({ method: 'POST', url: `/api/vouchers/checkout/${pid}/demo-pay` });
    const paid = await pay();
    expect(paid.json()).toEqual({ url: `https://pub.test/vouchers/bought?pid=${pid}` });
    expect((await pay()).statusCode).toBe(409);
    const status = await t.app.inject({ method: 'GET', url: `/api/vouchers/checkout/${pid}` });
    expect(status.json()).toMatchObject({ state: 'issued' });
    const [voucher] = await t.database.db.select().from(vouchers).where(eq(vouchers.pid, pid));
    expect(voucher).toMatchObject({ status: 'ACTIVE', balancePence: 5000 });
    expect(await t.database.db.select().from(voucherLedger)).toHaveLength(1);
  });

  it('limits how many codes one address may look up', async () => {
    const lookUp = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/vouchers/ZZZZ-ZZZZ-ZZZZ-ZZZZ',
        remoteAddress: '198.51.100.7',
      });
    for (let attempt = 0; attempt < PUBLIC_VOUCHER_LOOKUPS_PER_15_MIN; attempt += 1) {
      expect((await lookUp()).statusCode).toBe(404);
    }
    const refused = await lookUp();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: VOUCHER_MESSAGES.tooManyLookups });
  });
});
