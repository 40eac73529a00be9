import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditEvents, outboxMessages, voucherLedger, vouchers } from '#db/schema.ts';
import { newVoucherCode } from './codes.ts';
import type { VoucherRow } from './staff-voucher.ts';

/** The staff side's tests (issue 33): a December lunchtime in London. */
export const NOW = new Date('2026-12-01T12:00:00Z');
export const MINUTE = 60_000;

/**
 * A voucher bought on the site and paid, as the purchase leaves it: ACTIVE, its `sold` ledger line, e-mailed to
 * its recipient. `overrides` change any part (a balance already used, another expiry, a payment intent).
 */
export async function insertSoldVoucher(
  db: Database,
  overrides: Partial<typeof vouchers.$inferInsert> = {},
): Promise<VoucherRow> {
  const amountPence = overrides.amountPence ?? 5000;
  const [row] = await db
    .insert(vouchers)
    .values({
      code: newVoucherCode(),
      kind: 'sold',
      status: 'ACTIVE',
      amountPence,
      balancePence: amountPence,
      buyerName: 'Cora Crawley',
      buyerEmail: 'cora@example.com',
      recipientName: 'Isobel Crawley',
      recipientEmail: 'isobel@example.com',
      message: 'Happy Christmas!',
      deliverTo: 'recipient',
      deliverOn: '2026-11-20',
      deliveredAt: new Date('2026-11-20T08:00:00Z'),
      expiresOn: '2027-11-19',
      pid: randomBytes(24).toString('base64url'),
      paymentIntentId: `pi_${randomBytes(8).toString('hex')}`,
      paidPence: amountPence,
      createdAt: new Date('2026-11-20T07:55:00Z'),
      ...overrides,
    })
    .returning();
  const voucher = row as VoucherRow;
  await db.insert(voucherLedger).values({
    voucherId: voucher.id,
    kind: 'sold',
    amountPence: voucher.amountPence,
    balanceAfterPence: voucher.amountPence,
    by: 'Guest',
    createdAt: voucher.createdAt,
  });
  return voucher;
}

export async function voucherRow(db: Database, id: string): Promise<VoucherRow> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id));
  return row as VoucherRow;
}

/** The trail's entries about one voucher, oldest first: their type, who, and the summary. */
export async function voucherAudits(db: Database, id: string) {
  return db
    .select({ type: auditEvents.type, actorName: auditEvents.actorName, summary: auditEvents.summary })
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, id))
    .orderBy(asc(auditEvents.id));
}

/** The voucher e-mails queued, oldest first: to whom, the subject and the text. */
export async function voucherMail(db: Database) {
  const rows = await db
    .select({ message: outboxMessages.message })
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, 'voucher'))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  return rows.map(({ message }) => {
    const { to, text, subject } = message as { to: { address: string }; text: string; subject: string };
    return { to: to.address, text, subject };
  });
}
