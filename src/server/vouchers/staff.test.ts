import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { formatCode } from '#shared/vouchers/rules.ts';
import { type FakeStripe, startFakeStripe } from '#tests/fakes/stripe-api.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { signedInAccount } from '#tests/helpers/staff-accounts.ts';
import { fakeStripeEnv } from '#tests/helpers/stripe-webhooks.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { VOUCHER_LOOKUP_MISSES_PER_15_MIN } from './lookup-limit.ts';
import { insertSoldVoucher, MINUTE, NOW, voucherAudits, voucherMail, voucherRow } from './staff-test-kit.ts';

const BAR_STAFF = 'Anna Bates';
const MANAGER = 'Elsie Hughes';

/** A fake payment intent of `amount` at the fake Stripe, as a paid checkout leaves one. */
function paidIntent(stripe: FakeStripe, amount: number): string {
  const id = `pi_voucher_${stripe.paymentIntents.size + 1}`;
  stripe.paymentIntents.set(id, {
    id,
    object: 'payment_intent',
    amount,
    currency: 'gbp',
    status: 'succeeded',
    customer: null,
    payment_method: 'pm_card',
    description: null,
    metadata: {},
    last_payment_error: null,
  });
  return id;
}

describe('staff and the gift vouchers', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  const cookies = { owner: '', manager: '', staff: '' };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp(pglite, NOW, { env: fakeStripeEnv(stripe) });
    await createTestAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  // Each test starts at NOW with fresh sessions: an earlier test's travel in time has let the last ones lapse.
  beforeEach(async () => {
    t.setNow(NOW);
    cookies.owner = await signIn(t);
    cookies.manager = (await signedInAccount(t, 'manager', MANAGER)).cookie;
    cookies.staff = (await signedInAccount(t, 'staff', BAR_STAFF)).cookie;
  });

  const post = (who: keyof typeof cookies, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const redeem = (code: string, amountPence: number, note = '', who: keyof typeof cookies = 'staff') =>
    post(who, `/api/admin/vouchers/${encodeURIComponent(code)}/redeem`, { amountPence, note });
  const lookUp = (code: string, who: keyof typeof cookies = 'staff') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/vouchers?code=${encodeURIComponent(code)}`,
      headers: { cookie: cookies[who] },
    });
  const ledgerOf = (voucher: StaffVoucher) =>
    voucher.ledger.map((line) => [line.kind, line.amountPence, line.balanceAfterPence, line.note, line.by]);

  it('redeems £30 then £20 of a £50 voucher on two visits, and refuses a third: nothing is left', async () => {
    const voucher = await insertSoldVoucher(t.database.db);
    // Typed at the bar in small letters, with its dashes.
    const typed = formatCode(voucher.code).toLowerCase();

    const first = await redeem(typed, 3000, 'Table 4, Sunday lunch');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: voucher.code, status: 'ACTIVE', balancePence: 2000 });

    t.setNow(new Date(NOW.getTime() + 6 * 60 * MINUTE));
    const second = await redeem(voucher.code, 2000, 'Bar tab');
    expect(second.statusCode, second.body).toBe(200);
    const spent = second.json() as StaffVoucher;
    expect(spent.balancePence).toBe(0);
    expect(ledgerOf(spent)).toEqual([
      ['sold', 5000, 5000, '', 'Guest'],
      ['redeemed', 3000, 2000, 'Table 4, Sunday lunch', BAR_STAFF],
      ['redeemed', 2000, 0, 'Bar tab', BAR_STAFF],
    ]);

    const third = await redeem(voucher.code, 500);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: VOUCHER_MESSAGES.spent });
    expect((await voucherRow(t.database.db, voucher.id)).balancePence).toBe(0);
    const tail = voucher.code.slice(-4);
    expect(await voucherAudits(t.database.db, voucher.id)).toEqual([
      {
        type: 'voucher.redeemed',
        actorName: BAR_STAFF,
        summary: `Voucher …${tail}: £30.00 redeemed, £20.00 left`,
      },
      {
        type: 'voucher.redeemed',
        actorName: BAR_STAFF,
        summary: `Voucher …${tail}: £20.00 redeemed, £0.00 left`,
      },
    ]);
  });

  it('refuses more than the balance on the amount field, taking nothing', async () => {
    const voucher = await insertSoldVoucher(t.database.db, { balancePence: 2000 });
    const over = await redeem(voucher.code, 2001);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'The voucher has only £20.00 left.',
      issues: [{ path: 'amountPence', message: 'The voucher has only £20.00 left.' }],
    });
    expect((await voucherRow(t.database.db, voucher.id)).balancePence).toBe(2000);
    const nothing = await redeem(voucher.code, 0);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ error: 'Please enter an amount.' });
  });

  it('takes a request sent twice twice, but only while the balance holds both', async () => {
    // No Idempotency-Key: two identical redemptions are two visits, and the locked balance decides.
    const voucher = await insertSoldVoucher(t.database.db, { balancePence: 3000 });
    expect((await redeem(voucher.code, 2000, 'Table 2')).statusCode).toBe(200);
    const replay = await redeem(voucher.code, 2000, 'Table 2');
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: VOUCHER_MESSAGES.overBalance(1000) });
    const roomy = await insertSoldVoucher(t.database.db);
    expect((await redeem(roomy.code, 2000, 'Table 5')).statusCode).toBe(200);
    expect((await redeem(roomy.code, 2000, 'Table 5')).json()).toMatchObject({ balancePence: 1000 });
  });

  it('takes from a voucher on its last day, and refuses it the next with its expiry date', async () => {
    const voucher = await insertSoldVoucher(t.database.db, { expiresOn: '2026-12-01' });
    t.setNow(new Date('2026-12-01T23:50:00Z'));
    expect((await redeem(voucher.code, 1000)).statusCode).toBe(200);
    t.setNow(new Date('2026-12-02T00:05:00Z'));
    const expired = await redeem(voucher.code, 1000);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ error: 'This voucher expired on Tuesday 1 December 2026.' });
    const seen = (await lookUp(voucher.code)).json() as StaffVoucher;
    expect(seen).toMatchObject({ expired: true, balancePence: 4000, expiresOn: '2026-12-01' });
  });

  it('refuses a void, refunded or unpaid voucher in its own words, before its expiry or balance', async () => {
    const refusals = [
      ['VOID', VOUCHER_MESSAGES.void],
      ['REFUNDED', VOUCHER_MESSAGES.refunded],
      ['PENDING', VOUCHER_MESSAGES.pending],
    ] as const;
    for (const [status, message] of refusals) {
      const voucher = await insertSoldVoucher(t.database.db, {
        status,
        expiresOn: '2026-01-01',
        balancePence: 0,
      });
      const refused = await redeem(voucher.code, 100);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: message });
    }
  });

  it('finds a voucher by its code as typed and lists the newest paid ones; an unknown code is not found', async () => {
    const voucher = await insertSoldVoucher(t.database.db, { createdAt: new Date('2026-11-30T09:00:00Z') });
    await insertSoldVoucher(t.database.db, {
      status: 'PENDING',
      createdAt: new Date('2026-11-30T10:00:00Z'),
    });
    const found = await lookUp(` ${formatCode(voucher.code).toLowerCase()} `);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: voucher.id,
      kind: 'sold',
      amountPence: 5000,
      recipientName: 'Isobel Crawley',
      expired: false,
      ledger: [{ kind: 'sold', amountPence: 5000, by: 'Guest' }],
    });
    const unknown = await lookUp('0000-0000-0000-0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: VOUCHER_MESSAGES.codeNotFound });

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vouchers',
      headers: { cookie: cookies.staff },
    });
    expect(listed.statusCode).toBe(200);
    const { vouchers } = listed.json() as { vouchers: StaffVoucher[] };
    expect(vouchers[0]?.id).toBe(voucher.id);
    expect(vouchers.every((each) => each.status !== 'PENDING')).toBe(true);
    const created = vouchers.map((each) => each.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('voids a voucher as a manager: its balance goes to the ledger and the code is refused from then on', async () => {
    const voucher = await insertSoldVoucher(t.database.db);
    await redeem(voucher.code, 1000, 'Lunch');
    const url = `/api/admin/vouchers/${voucher.code}/void`;
    expect((await post('staff', url, { reason: 'Reported stolen' })).statusCode).toBe(403);
    const noReason = await post('manager', url, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: VOUCHER_MESSAGES.reasonRequired });

    const voided = await post('manager', url, { reason: 'Reported stolen' });
    expect(voided.statusCode, voided.body).toBe(200);
    const answer = voided.json() as StaffVoucher;
    expect(answer).toMatchObject({ status: 'VOID', balancePence: 0 });
    expect(ledgerOf(answer).at(-1)).toEqual(['voided', 4000, 0, 'Reported stolen', MANAGER]);
    expect((await redeem(voucher.code, 100)).json()).toEqual({ error: VOUCHER_MESSAGES.void });
    expect((await post('manager', url, { reason: 'Again' })).statusCode).toBe(409);
    expect((await voucherAudits(t.database.db, voucher.id)).at(-1)).toEqual({
      type: 'voucher.voided',
      actorName: MANAGER,
      summary: `Voucher …${voucher.code.slice(-4)}: voided with £40.00 left on it`,
    });
  });

  it('refunds an unused voucher to the buyer’s card once, under the voucher’s own key', async () => {
    const voucher = await insertSoldVoucher(t.database.db, { paymentIntentId: paidIntent(stripe, 5000) });
    const url = `/api/admin/vouchers/${voucher.code}/refund`;
    expect((await post('staff', url, { reason: 'Changed their mind' })).statusCode).toBe(403);
    const refunded = await post('manager', url, { reason: 'Changed their mind' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const answer = refunded.json() as StaffVoucher;
    expect(answer).toMatchObject({ status: 'REFUNDED', balancePence: 0 });
    expect(ledgerOf(answer).at(-1)).toEqual(['refunded', 5000, 0, 'Changed their mind', MANAGER]);
    const made = stripe.refunds.filter((refund) => refund.payment_intent === voucher.paymentIntentId);
    expect(made).toHaveLength(1);
    const asked = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1);
    expect(asked?.idempotencyKey).toBe(`voucher-refund-${voucher.id}`);
    expect((await voucherRow(t.database.db, voucher.id)).refundId).toBe(made[0]?.id);

    const again = await post('manager', url, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: VOUCHER_MESSAGES.refunded });
    expect((await voucherAudits(t.database.db, voucher.id)).map((entry) => entry.type)).toEqual([
      'voucher.refunded',
    ]);
  });

  it('refunds neither a voucher used in part nor a free one; one Stripe refuses stays active, with why', async () => {
    const used = await insertSoldVoucher(t.database.db, { paymentIntentId: paidIntent(stripe, 5000) });
    await redeem(used.code, 500);
    const usedRefund = await post('manager', `/api/admin/vouchers/${used.code}/refund`, { reason: 'Asked' });
    expect(usedRefund.statusCode).toBe(409);
    expect(usedRefund.json()).toEqual({ error: VOUCHER_MESSAGES.refundUsed });

    const free = await insertSoldVoucher(t.database.db, { kind: 'complimentary', paymentIntentId: null });
    const freeRefund = await post('manager', `/api/admin/vouchers/${free.code}/refund`, { reason: 'Asked' });
    expect(freeRefund.json()).toEqual({ error: VOUCHER_MESSAGES.refundComplimentary });

    // Stripe knows no such payment: it refuses the refund.
    const unknown = await insertSoldVoucher(t.database.db, { paymentIntentId: 'pi_not_at_stripe' });
    const refused = await post('manager', `/api/admin/vouchers/${unknown.code}/refund`, { reason: 'Asked' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: VOUCHER_MESSAGES.refundFailed });
    const row = await voucherRow(t.database.db, unknown.id);
    expect(row).toMatchObject({ status: 'ACTIVE', balancePence: 5000, refundId: null });
    expect(((await lookUp(unknown.code)).json() as StaffVoucher).ledger).toHaveLength(1);
    expect(await voucherAudits(t.database.db, unknown.id)).toEqual([]);
  });

  it('sends a voucher’s e-mail again to whoever it went to, once it has gone', async () => {
    // Every test's mail is queued at NOW: told apart by their addresses, not their order.
    const before = (await voucherMail(t.database.db)).length;
    const toRecipient = await insertSoldVoucher(t.database.db, { recipientEmail: 'anna@example.com' });
    const sent = await post('staff', `/api/admin/vouchers/${toRecipient.code}/resend`);
    expect(sent.statusCode, sent.body).toBe(200);
    const toBuyer = await insertSoldVoucher(t.database.db, {
      deliverTo: 'buyer',
      buyerEmail: 'robert@example.com',
      recipientEmail: '',
    });
    expect((await post('staff', `/api/admin/vouchers/${toBuyer.code}/resend`)).statusCode).toBe(200);
    const mail = (await voucherMail(t.database.db)).filter((each) =>
      ['anna@example.com', 'robert@example.com'].includes(each.to),
    );
    expect(mail.map((each) => each.to).sort()).toEqual(['anna@example.com', 'robert@example.com']);
    expect(mail.find((each) => each.to === 'anna@example.com')?.text).toContain(formatCode(toRecipient.code));
    expect(await voucherAudits(t.database.db, toRecipient.id)).toEqual([
      {
        type: 'voucher.resent',
        actorName: BAR_STAFF,
        summary: `Voucher …${toRecipient.code.slice(-4)}: e-mailed again to the recipient`,
      },
    ]);

    const waiting = await insertSoldVoucher(t.database.db, { deliverOn: '2026-12-20', deliveredAt: null });
    const early = await post('staff', `/api/admin/vouchers/${waiting.code}/resend`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: VOUCHER_MESSAGES.notYetDelivered('2026-12-20') });
    expect((await voucherMail(t.database.db)).length).toBe(before + 2);
  });

  it('gives a complimentary voucher as a manager, active at once and e-mailed; staff may not', async () => {
    const gift = {
      amountPence: 2500,
      recipientName: 'Mrs Patmore',
      recipientEmail: 'patmore@example.com',
      message: 'Sorry about the wait on Saturday.',
      note: 'Complaint, table 9',
    };
    expect((await post('staff', '/api/admin/vouchers', gift)).statusCode).toBe(403);
    const badEmail = await post('manager', '/api/admin/vouchers', { ...gift, recipientEmail: 'patmore' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      issues: [{ path: 'recipientEmail', message: VOUCHER_MESSAGES.recipientEmailStaff }],
    });

    const before = (await voucherMail(t.database.db)).length;
    const given = await post('manager', '/api/admin/vouchers', gift);
    expect(given.statusCode, given.body).toBe(201);
    const voucher = given.json() as StaffVoucher;
    expect(voucher).toMatchObject({
      kind: 'complimentary',
      status: 'ACTIVE',
      amountPence: 2500,
      balancePence: 2500,
      issuedBy: MANAGER,
      recipientName: 'Mrs Patmore',
      deliverOn: '2026-12-01',
      // 12 months, as the vouchers document says: the last day is the day before 1 December 2027.
      expiresOn: '2027-11-30',
    });
    expect(voucher.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(ledgerOf(voucher)).toEqual([['issued', 2500, 2500, 'Complaint, table 9', MANAGER]]);
    const mail = (await voucherMail(t.database.db)).filter((each) => each.to === 'patmore@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(formatCode(voucher.code));
    expect(await voucherAudits(t.database.db, voucher.id)).toEqual([
      {
        type: 'voucher.issued',
        actorName: MANAGER,
        summary: `Voucher …${voucher.code.slice(-4)}: complimentary £25.00 given`,
      },
    ]);
    expect((await redeem(voucher.code, 2500)).json()).toMatchObject({ balancePence: 0 });

    const byHand = await post('owner', '/api/admin/vouchers', { ...gift, recipientEmail: '' });
    expect(byHand.statusCode).toBe(201);
    expect((await voucherMail(t.database.db)).length).toBe(before + 1);
  });

  it('lets no one in signed out', async () => {
    const voucher = await insertSoldVoucher(t.database.db);
    const requests = [
      { method: 'GET', url: `/api/admin/vouchers?code=${voucher.code}` },
      { method: 'GET', url: '/api/admin/vouchers' },
      { method: 'POST', url: `/api/admin/vouchers/${voucher.code}/redeem`, payload: { amountPence: 100 } },
      { method: 'POST', url: '/api/admin/vouchers', payload: { amountPence: 1000, recipientName: 'X' } },
      { method: 'POST', url: `/api/admin/vouchers/${voucher.code}/void`, payload: { reason: 'x' } },
      { method: 'POST', url: `/api/admin/vouchers/${voucher.code}/refund`, payload: { reason: 'x' } },
      { method: 'POST', url: `/api/admin/vouchers/${voucher.code}/resend` },
    ] as const;
    for (const request of requests) expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await voucherRow(t.database.db, voucher.id)).balancePence).toBe(5000);
  });
});

describe('guessing voucher codes at the staff screen', () => {
  const t = useTestApp(pglite, NOW, { per: 'test', signedIn: true });

  it('counts only the codes that match nothing, per staff member, then refuses for a while', async () => {
    const voucher = await insertSoldVoucher(t.database.db);
    const lookUp = (code: string, cookie = t.cookie) =>
      t.app.inject({ method: 'GET', url: `/api/admin/vouchers?code=${code}`, headers: { cookie } });
    for (let index = 0; index < 30; index++) expect((await lookUp(voucher.code)).statusCode).toBe(200);
    for (let index = 0; index < VOUCHER_LOOKUP_MISSES_PER_15_MIN; index++) {
      expect((await lookUp(`GUESS${String(index).padStart(11, '0')}`)).statusCode).toBe(404);
    }
    const blocked = await lookUp(voucher.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: VOUCHER_MESSAGES.tooManyLookups });
    expect(blocked.headers['retry-after']).toBeDefined();
    // Redeeming names a code too: it is held back as well.
    const redeem = await t.asStaff({
      method: 'POST',
      url: `/api/admin/vouchers/${voucher.code}/redeem`,
      payload: { amountPence: 100 },
    });
    expect(redeem.statusCode).toBe(429);

    const colleague = await signedInAccount(t, 'staff', 'Thomas Barrow');
    expect((await lookUp(voucher.code, colleague.cookie)).statusCode).toBe(200);
    t.setNow(new Date(NOW.getTime() + 16 * MINUTE));
    expect((await lookUp(voucher.code)).statusCode).toBe(200);
  });
});
