import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherLedger, vouchers } from '#db/schema.ts';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { runRetention } from '../privacy/retention.ts';
import { newVoucherCode } from './codes.ts';

const NOW = new Date('2026-12-01T10:00:00Z');
const BUYER = 'bea@example.com';
const FRIEND = 'fran@example.com';

/** A paid voucher as the purchase leaves it, with its 'sold' line. */
async function storedVoucher(
  t: TestApp,
  values: { buyerEmail: string; recipientEmail: string; expiresOn: string },
) {
  const [voucher] = await t.database.db
    .insert(vouchers)
    .values({
      code: newVoucherCode(),
      kind: 'sold',
      status: 'ACTIVE',
      amountPence: 5000,
      balancePence: 3000,
      buyerName: 'Bea Baker',
      recipientName: 'Fran Fletcher',
      message: 'Happy birthday',
      deliverTo: 'recipient',
      deliverOn: '2026-12-01',
      deliveredAt: NOW,
      pid: newVoucherCode(),
      paidPence: 5000,
      ...values,
    })
    .returning();
  if (!voucher) throw new Error('no voucher stored');
  await t.database.db.insert(voucherLedger).values({
    voucherId: voucher.id,
    kind: 'sold',
    amountPence: 5000,
    balanceAfterPence: 5000,
    by: 'Guest',
  });
  return voucher;
}

describe('Gift vouchers in guests’ data (search, export, erasure, retention)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(pglite, NOW);
    await t.app.retention.runDue();
    await createTestAdmin(t);
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('finds a voucher by its recipient’s address, and erasure anonymises it keeping its money and code', async () => {
    const voucher = await storedVoucher(t, {
      buyerEmail: BUYER,
      recipientEmail: FRIEND,
      expiresOn: '2027-11-30',
    });
    const found = await asOwner('GET', `/api/admin/guests?q=${encodeURIComponent(FRIEND.toUpperCase())}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().vouchers).toEqual([
      expect.objectContaining({
        id: voucher.id,
        code: `…${voucher.code.slice(-4)}`,
        buyerEmail: BUYER,
        recipientEmail: FRIEND,
        message: 'Happy birthday',
        balancePence: 3000,
      }),
    ]);

    const erased = await asOwner('POST', '/api/admin/guests/erase', { q: FRIEND });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().erasure.vouchersAnonymised).toBe(1);
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after).toMatchObject({
      code: voucher.code,
      status: 'ACTIVE',
      amountPence: 5000,
      balancePence: 3000,
      buyerName: ANONYMISED_NAME,
      buyerEmail: '',
      recipientName: ANONYMISED_NAME,
      recipientEmail: '',
      message: '',
      anonymisedAt: NOW,
    });
    expect(
      await t.database.db.select().from(voucherLedger).where(eq(voucherLedger.voucherId, voucher.id)),
    ).toHaveLength(1);
    expect((await asOwner('GET', `/api/admin/guests?q=${BUYER}`)).json().vouchers).toEqual([]);
    // Still good at the bar by its code.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/vouchers/${voucher.code}` })).json(),
    ).toMatchObject({
      balancePence: 3000,
      recipientName: ANONYMISED_NAME,
    });
  });

  it('retention anonymises a voucher RETENTION_MONTHS after it expired, not before', async () => {
    const lapsed = await storedVoucher(t, {
      buyerEmail: 'old@example.com',
      recipientEmail: '',
      expiresOn: '2024-11-30',
    });
    const recent = await storedVoucher(t, {
      buyerEmail: 'new@example.com',
      recipientEmail: '',
      expiresOn: '2024-12-02',
    });
    const outcome = await runRetention(t.database.db, {
      now: new Date('2026-12-02T03:00:00Z'),
      retentionMonths: 24,
      dataDir: t.dataDir,
    });
    expect(outcome?.vouchersAnonymised).toBe(1);
    const rows = await t.database.db.select().from(vouchers);
    expect(rows.find((row) => row.id === lapsed.id)).toMatchObject({ buyerEmail: '', balancePence: 3000 });
    expect(rows.find((row) => row.id === recent.id)).toMatchObject({ buyerEmail: 'new@example.com' });
  });
});
