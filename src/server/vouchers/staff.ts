import { desc, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#db/client.ts';
import { voucherLedger, vouchers } from '#db/schema.ts';
import { SIMPLE_EMAIL_PATTERN } from '#shared/booking/validation.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { londonToday } from '#shared/time/london-time.ts';
import type { StaffVoucher, VoucherIssue } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { expiryDate } from '#shared/vouchers/rules.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import { actorName } from '../audit/trail.ts';
import { newPid } from '../deposits/checkout.ts';
import { conflict, DomainError, invalidFields } from '../lib/errors.ts';
import type { Payments } from '../payments/payments.ts';
import { newVoucherCode } from './codes.ts';
import { queueVoucherEmail } from './delivery.ts';
import { voucherMailContext } from './deps.ts';
import { voucherAddressee } from './emails.ts';
import {
  lockedVoucher,
  notActiveRefusal,
  recordAuditOf,
  recordMovement,
  type VoucherRow,
  type VoucherStamp,
  voucherByCode,
  withLedger,
  withLedgers,
} from './staff-voucher.ts';

/**
 * Staff's side of the gift vouchers (issue 33) beside redeeming (redeem.ts): finding one, the newest ones, a
 * complimentary voucher given, one voided, one refunded, and its e-mail sent again. Each change is one
 * transaction on the voucher's locked row, with its ledger line and its audit entry.
 */

/** How many vouchers the staff screen lists without a code. */
export const NEWEST_VOUCHERS = 50;

export interface VoucherStaffDeps extends VoucherStamp {
  db: Database;
  venue: Venue;
  settings: VoucherSettings;
  publicUrl: string;
}

export interface VoucherRefundDeps extends VoucherStamp {
  db: Database;
  payments: Payments | null;
  log: FastifyBaseLogger;
}

export async function staffVoucherByCode(db: Database, code: string, now: Date): Promise<StaffVoucher> {
  return withLedger(db, await voucherByCode(db, code), now);
}

/** The newest vouchers, newest first; checkouts still waiting to be paid are not vouchers yet. */
export async function newestStaffVouchers(db: Database, now: Date): Promise<StaffVoucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(ne(vouchers.status, 'PENDING'))
    .orderBy(desc(vouchers.createdAt))
    .limit(NEWEST_VOUCHERS);
  return withLedgers(db, rows, now);
}

function requireReason(reason: string): void {
  if (reason === '') {
    throw invalidFields(VOUCHER_MESSAGES.reasonRequired, [
      { path: 'reason', message: VOUCHER_MESSAGES.reasonRequired },
    ]);
  }
}

function issueProblem(input: VoucherIssue): { path: string; message: string } | null {
  if (input.recipientName === '') return { path: 'recipientName', message: VOUCHER_MESSAGES.recipientName };
  if (input.recipientEmail !== '' && !SIMPLE_EMAIL_PATTERN.test(input.recipientEmail)) {
    return { path: 'recipientEmail', message: VOUCHER_MESSAGES.recipientEmailStaff };
  }
  return null;
}

/** Inserts the voucher under a new code; a code already taken (a one in 2^80 chance) is drawn again. */
async function insertWithNewCode(
  tx: Database,
  values: Omit<typeof vouchers.$inferInsert, 'code'>,
): Promise<VoucherRow> {
  for (;;) {
    const [row] = await tx
      .insert(vouchers)
      .values({ ...values, code: newVoucherCode() })
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    if (row) return row;
  }
}

/**
 * A complimentary voucher from a manager: ACTIVE at once, lasting as the vouchers document says, from the pub.
 * It is handed over now: e-mailed to the recipient if staff give an address, or by hand, so the delivery pass
 * leaves it be either way.
 */
export async function issueComplimentary(deps: VoucherStaffDeps, input: VoucherIssue): Promise<StaffVoucher> {
  const problem = issueProblem(input);
  if (problem) throw invalidFields(problem.message, [problem]);
  const { now } = deps;
  const today = londonToday(now);
  return deps.db.transaction(async (tx) => {
    const row = await insertWithNewCode(tx, {
      kind: 'complimentary',
      status: 'ACTIVE',
      amountPence: input.amountPence,
      balancePence: input.amountPence,
      buyerName: deps.venue.name,
      buyerEmail: '',
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      message: input.message,
      deliverTo: 'recipient',
      deliverOn: today,
      deliveredAt: now,
      expiresOn: expiryDate(today, deps.settings.expiryMonths),
      pid: newPid(),
      issuedBy: actorName(deps.actor),
    });
    await tx.insert(voucherLedger).values({
      voucherId: row.id,
      kind: 'issued',
      amountPence: row.amountPence,
      balanceAfterPence: row.balancePence,
      note: input.note,
      by: actorName(deps.actor),
      createdAt: now,
    });
    await recordAuditOf(
      tx,
      row,
      {
        type: 'voucher.issued',
        summary: `complimentary ${formatMoney(row.amountPence)} given`,
        changes: {
          status: { before: null, after: 'ACTIVE' },
          balancePence: { before: null, after: row.amountPence },
        },
      },
      deps,
    );
    if (row.recipientEmail !== '') await queueVoucherEmail(tx, row, voucherMailContext(deps), now);
    return withLedger(tx, row, now);
  });
}

/** Void: the balance goes (the ledger says how much), and the code is refused from now on. */
export async function voidVoucher(
  deps: VoucherStaffDeps,
  code: string,
  reason: string,
): Promise<StaffVoucher> {
  requireReason(reason);
  return deps.db.transaction(async (tx) => {
    const voucher = await lockedVoucher(tx, code);
    const refusal = notActiveRefusal(voucher);
    if (refusal) throw refusal;
    return recordMovement(
      tx,
      voucher,
      { status: 'VOID', balancePence: 0 },
      { kind: 'voided', amountPence: voucher.balancePence, note: reason },
      {
        type: 'voucher.voided',
        summary: `voided with ${formatMoney(voucher.balancePence)} left on it`,
        changes: {
          status: { before: voucher.status, after: 'VOID' },
          balancePence: { before: voucher.balancePence, after: 0 },
        },
      },
      deps,
    );
  });
}

/**
 * Refunds a voucher bought on the site and not used at all, to the buyer's card. The row stays locked while the
 * provider is asked, so no redemption can slip in between the check and the refund; the key of the voucher's
 * own makes the provider refund once however often this is tried. A refund the provider refuses leaves the
 * voucher ACTIVE, nothing recorded.
 */
export async function refundVoucher(
  deps: VoucherRefundDeps,
  code: string,
  reason: string,
): Promise<StaffVoucher> {
  requireReason(reason);
  return deps.db.transaction(async (tx) => {
    const voucher = await lockedVoucher(tx, code);
    const refusal = notActiveRefusal(voucher);
    if (refusal) throw refusal;
    if (voucher.kind !== 'sold') throw conflict(VOUCHER_MESSAGES.refundComplimentary);
    if (voucher.balancePence !== voucher.amountPence) throw conflict(VOUCHER_MESSAGES.refundUsed);
    if (!deps.payments || !voucher.paymentIntentId) throw conflict(VOUCHER_MESSAGES.refundByHand);
    let refundId: string;
    try {
      ({ id: refundId } = await deps.payments.refund(
        voucher.paymentIntentId,
        `voucher-refund-${voucher.id}`,
      ));
    } catch (error) {
      deps.log.error(
        { err: error, voucherId: voucher.id },
        'voucher refund failed: the voucher stays active',
      );
      throw new DomainError('provider-failed', VOUCHER_MESSAGES.refundFailed);
    }
    return recordMovement(
      tx,
      voucher,
      { status: 'REFUNDED', balancePence: 0, refundId },
      { kind: 'refunded', amountPence: voucher.balancePence, note: reason },
      {
        type: 'voucher.refunded',
        summary: `${formatMoney(voucher.paidPence)} refunded to the buyer’s card (${refundId})`,
        changes: {
          status: { before: voucher.status, after: 'REFUNDED' },
          balancePence: { before: voucher.balancePence, after: 0 },
        },
      },
      deps,
    );
  });
}

/**
 * The voucher's e-mail again, to whoever it went to: only once it has gone (before its delivery date it would
 * spoil the surprise, and then go twice).
 */
export async function resendVoucher(deps: VoucherStaffDeps, code: string): Promise<StaffVoucher> {
  return deps.db.transaction(async (tx) => {
    const voucher = await lockedVoucher(tx, code);
    const refusal = notActiveRefusal(voucher);
    if (refusal) throw refusal;
    if (!voucher.deliveredAt) throw conflict(VOUCHER_MESSAGES.notYetDelivered(voucher.deliverOn));
    if (voucherAddressee(voucher).email === '') throw conflict(VOUCHER_MESSAGES.noAddress);
    await queueVoucherEmail(tx, voucher, voucherMailContext(deps), deps.now);
    await recordAuditOf(
      tx,
      voucher,
      { type: 'voucher.resent', summary: `e-mailed again to the ${voucher.deliverTo}`, changes: {} },
      deps,
    );
    return withLedger(tx, voucher, deps.now);
  });
}
