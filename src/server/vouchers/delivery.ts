import { and, eq, gt, isNull, lt, lte, notExists } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { voucherLedger, vouchers } from '#db/schema.ts';
import { formatMoney } from '#shared/money/money.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { actorName, recordAudit, SYSTEM } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type VoucherDeps, voucherMailContext } from './deps.ts';
import { type VoucherMailContext, voucherEmail } from './emails.ts';
import { voucherQrPngBase64 } from './qr.ts';
import { codeTail, type VoucherRow } from './staff-voucher.ts';

/** Vouchers handled by one pass at most; the rest wait a minute for the next. */
const PASS_BATCH = 100;

/** Queues the voucher e-mail (with its QR code) on `tx`, the transaction that records it as delivered. */
export async function queueVoucherEmail(
  tx: Database,
  voucher: VoucherRow,
  context: VoucherMailContext,
  now: Date,
): Promise<void> {
  const qrPng = await voucherQrPngBase64(context.publicUrl, voucher.code);
  await enqueueMail(tx, { kind: 'voucher', reference: codeTail(voucher.code), now }, [
    voucherEmail(voucher, context, qrPng),
  ]);
}

/**
 * Sends each ACTIVE voucher whose delivery date has come and that has not gone: setting `deliveredAt` is a
 * compare-and-set in the transaction that queues its e-mail, so two servers' passes send it once.
 */
export async function deliverDueVouchers(
  deps: Pick<VoucherDeps, 'db' | 'now' | 'venue' | 'settings' | 'publicUrl'>,
): Promise<number> {
  const { db, now } = deps;
  const context = voucherMailContext(deps);
  const due = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.status, 'ACTIVE'),
        lte(vouchers.deliverOn, londonToday(now)),
        isNull(vouchers.deliveredAt),
        // Erased before its day: there is nobody to send it to; it is still good at the bar by its code.
        isNull(vouchers.anonymisedAt),
      ),
    )
    .limit(PASS_BATCH);
  let delivered = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [voucher] = await tx
        .update(vouchers)
        .set({ deliveredAt: now, updatedAt: now })
        .where(
          and(
            eq(vouchers.id, id),
            eq(vouchers.status, 'ACTIVE'),
            isNull(vouchers.deliveredAt),
            isNull(vouchers.anonymisedAt),
          ),
        )
        .returning();
      if (voucher) await queueVoucherEmail(tx, voucher, context, now);
      return voucher !== undefined;
    });
    if (sent) delivered += 1;
  }
  return delivered;
}

/**
 * Records once, for each ACTIVE voucher past its last day with money left, an 'expired' ledger line of the
 * amount that lapsed. The voucher's `balancePence` is kept as it was, not set to 0: what lapsed stays on the
 * record (the pub may honour it, and the figures show it), while the expiry date refuses it at the bar. The
 * line's balance after is 0, the amount still usable. The row lock and the check for an existing line keep
 * two servers from writing it twice.
 */
export async function expireVouchers(deps: Pick<VoucherDeps, 'db' | 'now'>): Promise<number> {
  const { db, now } = deps;
  const today = londonToday(now);
  const alreadyExpired = db
    .select({ id: voucherLedger.id })
    .from(voucherLedger)
    .where(and(eq(voucherLedger.voucherId, vouchers.id), eq(voucherLedger.kind, 'expired')));
  const lapsed = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.status, 'ACTIVE'),
        lt(vouchers.expiresOn, today),
        gt(vouchers.balancePence, 0),
        notExists(alreadyExpired),
      ),
    )
    .limit(PASS_BATCH);
  let expired = 0;
  for (const { id } of lapsed) {
    const recorded = await db.transaction(async (tx) => {
      const [voucher] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
      if (voucher?.status !== 'ACTIVE' || voucher.balancePence <= 0) return false;
      const [line] = await tx
        .select({ id: voucherLedger.id })
        .from(voucherLedger)
        .where(and(eq(voucherLedger.voucherId, id), eq(voucherLedger.kind, 'expired')))
        .limit(1);
      if (line) return false;
      await tx.insert(voucherLedger).values({
        voucherId: id,
        kind: 'expired',
        amountPence: voucher.balancePence,
        balanceAfterPence: 0,
        note: `Expired after ${voucher.expiresOn}`,
        by: actorName(SYSTEM),
        createdAt: now,
      });
      await recordAudit(
        tx,
        {
          actor: SYSTEM,
          type: 'voucher.expired',
          subject: { type: 'voucher', id },
          summary: `Voucher ${codeTail(voucher.code)}: ${formatMoney(voucher.balancePence)} expired unspent`,
          changes: { expired: { before: null, after: voucher.balancePence } },
        },
        now,
      );
      return true;
    });
    if (recorded) expired += 1;
  }
  return expired;
}
