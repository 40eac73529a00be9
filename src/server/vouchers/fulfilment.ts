import { and, eq } from 'drizzle-orm';
import { voucherLedger, vouchers } from '#db/schema.ts';
import { formatMoney } from '#shared/money/money.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { expiryDate } from '#shared/vouchers/rules.ts';
import { actorName, GUEST, recordAudit } from '../audit/trail.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { isPaid } from '../occasions/fulfilment.ts';
import type { CheckoutSession, PaymentEvent } from '../payments/payments.ts';
import { queueVoucherEmail } from './delivery.ts';
import { type VoucherDeps, voucherMailContext } from './deps.ts';
import { voucherReceiptEmail } from './emails.ts';
import { voucherQrPngBase64 } from './qr.ts';
import { codeTail, type VoucherRow } from './staff-voucher.ts';

/**
 * A paid Checkout Session issues its voucher exactly once, however often and however simultaneously its
 * webhook, the return page or the demo Pay button brings it: PENDING → ACTIVE is a compare-and-set under the
 * row's lock, in one transaction with the ledger's 'sold' line, the trail's entry and the e-mails.
 */

export async function voucherByPid(
  deps: Pick<VoucherDeps, 'db'>,
  pid: string,
): Promise<VoucherRow | undefined> {
  const [row] = await deps.db.select().from(vouchers).where(eq(vouchers.pid, pid)).limit(1);
  return row;
}

/**
 * Issues the voucher: ACTIVE with its whole amount, valid `expiryMonths` from today (the day it was paid). The
 * buyer's receipt goes at once; the voucher goes now when its delivery date has come (in the receipt itself
 * when the buyer is to give it), otherwise the delivery pass sends it on its date.
 */
async function issuePaid(deps: VoucherDeps, voucherId: string, session: CheckoutSession): Promise<boolean> {
  const { now } = deps;
  const today = londonToday(now);
  const context = voucherMailContext(deps);
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('update');
    if (pending?.status !== 'PENDING') return false;
    const deliverNow = pending.deliverOn <= today;
    const [voucher] = await tx
      .update(vouchers)
      .set({
        status: 'ACTIVE',
        balancePence: pending.amountPence,
        paidPence: session.amountTotal ?? pending.amountPence,
        paymentIntentId: session.paymentIntentId,
        stripeSessionId: session.id,
        expiresOn: expiryDate(today, deps.settings.expiryMonths),
        deliveredAt: deliverNow ? now : null,
        updatedAt: now,
      })
      .where(and(eq(vouchers.id, voucherId), eq(vouchers.status, 'PENDING')))
      .returning();
    if (!voucher) return false;
    await tx.insert(voucherLedger).values({
      voucherId,
      kind: 'sold',
      amountPence: voucher.amountPence,
      balanceAfterPence: voucher.balancePence,
      note: `Paid online, ${formatMoney(voucher.paidPence)}`,
      by: actorName(GUEST),
      createdAt: now,
    });
    await recordAudit(
      tx,
      {
        actor: GUEST,
        type: 'voucher.sold',
        subject: { type: 'voucher', id: voucherId },
        summary: `Voucher ${codeTail(voucher.code)} bought online, ${formatMoney(voucher.paidPence)} paid`,
        changes: {
          status: { before: 'PENDING', after: 'ACTIVE' },
          paidPence: { before: 0, after: voucher.paidPence },
        },
      },
      now,
    );
    const inReceipt = deliverNow && voucher.deliverTo === 'buyer';
    const qrPng = inReceipt ? await voucherQrPngBase64(deps.publicUrl, voucher.code) : null;
    await enqueueMail(tx, { kind: 'voucher-receipt', reference: codeTail(voucher.code), now }, [
      voucherReceiptEmail(voucher, context, today, qrPng),
    ]);
    if (deliverNow && !inReceipt) await queueVoucherEmail(tx, voucher, context, now);
    return true;
  });
}

/** A paid session to its voucher: issued once; anything else is logged and ignored. */
export async function fulfilVoucherCheckout(
  deps: VoucherDeps,
  session: CheckoutSession,
): Promise<'issued' | 'ignored'> {
  if (!isPaid(session)) return 'ignored';
  const voucher = session.pid ? await voucherByPid(deps, session.pid) : undefined;
  if (!voucher) {
    deps.log.error({ sessionId: session.id, pid: session.pid }, 'paid Checkout Session matches no voucher');
    return 'ignored';
  }
  if (voucher.stripeSessionId && voucher.stripeSessionId !== session.id) {
    deps.log.error({ sessionId: session.id, pid: voucher.pid }, 'paid Checkout Session is not the voucher’s');
    return 'ignored';
  }
  if (await issuePaid(deps, voucher.id, session)) {
    deps.log.info({ voucher: codeTail(voucher.code) }, 'gift voucher issued');
    deps.mail.nudge();
  }
  return 'issued';
}

/** Whether an event is the vouchers' (a session made for a voucher purchase). */
export function isVoucherEvent(event: PaymentEvent): boolean {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return event.session.purpose === 'voucher';
    default:
      return false;
  }
}

/**
 * Acts on one verified voucher event; each is safe to repeat. A session that lapsed or failed leaves its
 * voucher PENDING, never usable; a payment that settles later still issues it.
 */
export async function handleVoucherEvent(deps: VoucherDeps, event: PaymentEvent): Promise<void> {
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    await fulfilVoucherCheckout(deps, event.session);
  }
}
