import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { voucherLedger, vouchers } from '#db/schema.ts';
import type { AuditChange, AuditType } from '#shared/audit/types.ts';
import { londonToday } from '#shared/time/london-time.ts';
import type { LedgerEntry, StaffVoucher } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { normaliseCode } from '#shared/vouchers/rules.ts';
import type { LedgerKind } from '#shared/vouchers/status.ts';
import { type Actor, actorName, recordAudit } from '../audit/trail.ts';
import { conflict, type DomainError, notFound } from '../lib/errors.ts';

/** A voucher as staff handle it (issue 33): its row, its ledger, and each money movement with its audit entry. */

export type VoucherRow = typeof vouchers.$inferSelect;
type LedgerRow = typeof voucherLedger.$inferSelect;

/** The time and the staff member a staff action on a voucher is recorded with. */
export interface VoucherStamp {
  now: Date;
  actor: Actor;
}

export const voucherNotFound = () => notFound(VOUCHER_MESSAGES.codeNotFound);

/** Its last day has passed, in London. */
export function isExpired(voucher: Pick<VoucherRow, 'expiresOn'>, now: Date): boolean {
  return voucher.expiresOn < londonToday(now);
}

/** Why a voucher that is not ACTIVE cannot be used, voided, refunded or sent; null when it is ACTIVE. */
export function notActiveRefusal(voucher: VoucherRow): DomainError | null {
  if (voucher.status === 'VOID') return conflict(VOUCHER_MESSAGES.void);
  if (voucher.status === 'REFUNDED') return conflict(VOUCHER_MESSAGES.refunded);
  if (voucher.status === 'PENDING') return conflict(VOUCHER_MESSAGES.pending);
  return null;
}

/** The code's last four characters: the trail names the voucher without handing its whole code to readers. */
export const codeTail = (code: string) => `…${code.slice(-4)}`;

/**
 * Oldest first. Lines of one instant go by the balance after them, which never rises after the first line, so
 * the order holds even when the clock reads the same for two movements.
 */
const LEDGER_ORDER = [asc(voucherLedger.createdAt), desc(voucherLedger.balanceAfterPence)];

function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    kind: row.kind,
    amountPence: row.amountPence,
    balanceAfterPence: row.balanceAfterPence,
    note: row.note,
    by: row.by,
    at: row.createdAt.toISOString(),
  };
}

function toStaffVoucher(row: VoucherRow, ledger: readonly LedgerRow[], now: Date): StaffVoucher {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    status: row.status,
    amountPence: row.amountPence,
    balancePence: row.balancePence,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    deliverTo: row.deliverTo,
    deliverOn: row.deliverOn,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    expiresOn: row.expiresOn,
    expired: isExpired(row, now),
    issuedBy: row.issuedBy,
    createdAt: row.createdAt.toISOString(),
    ledger: ledger.map(toLedgerEntry),
  };
}

/** The vouchers as staff see them, each with its ledger (read in one query), in the order given. */
export async function withLedgers(
  db: Database,
  rows: readonly VoucherRow[],
  now: Date,
): Promise<StaffVoucher[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(voucherLedger)
    .where(
      inArray(
        voucherLedger.voucherId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(...LEDGER_ORDER);
  return rows.map((row) =>
    toStaffVoucher(
      row,
      lines.filter((line) => line.voucherId === row.id),
      now,
    ),
  );
}

export async function withLedger(db: Database, row: VoucherRow, now: Date): Promise<StaffVoucher> {
  const [voucher] = await withLedgers(db, [row], now);
  return voucher as StaffVoucher;
}

/** The voucher of a code as typed or scanned; not found when no voucher has it. */
export async function voucherByCode(db: Database, code: string): Promise<VoucherRow> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, normaliseCode(code)));
  if (!row) throw voucherNotFound();
  return row;
}

/**
 * The voucher of a code, its row locked until `tx` ends: every change to a voucher's money reads it this way, so
 * two at once run one after the other and the second sees the balance the first left.
 */
export async function lockedVoucher(tx: Database, code: string): Promise<VoucherRow> {
  const [row] = await tx
    .select()
    .from(vouchers)
    .where(eq(vouchers.code, normaliseCode(code)))
    .for('update');
  if (!row) throw voucherNotFound();
  return row;
}

export interface Movement {
  kind: LedgerKind;
  amountPence: number;
  note: string;
}

export interface VoucherAudit {
  type: AuditType;
  summary: string;
  changes: Record<string, AuditChange>;
}

/**
 * Saves the voucher's new state, its ledger line (the staff member's name on it) and its audit entry, in the
 * change's transaction; answers the voucher as it now stands.
 */
export async function recordMovement(
  tx: Database,
  voucher: VoucherRow,
  change: Partial<Pick<VoucherRow, 'status' | 'balancePence' | 'refundId'>>,
  movement: Movement,
  audit: VoucherAudit,
  stamp: VoucherStamp,
): Promise<StaffVoucher> {
  const [updated] = await tx
    .update(vouchers)
    .set({ ...change, updatedAt: stamp.now })
    .where(eq(vouchers.id, voucher.id))
    .returning();
  const row = updated as VoucherRow;
  await tx.insert(voucherLedger).values({
    voucherId: row.id,
    ...movement,
    balanceAfterPence: row.balancePence,
    by: actorName(stamp.actor),
    createdAt: stamp.now,
  });
  await recordAuditOf(tx, row, audit, stamp);
  return withLedger(tx, row, stamp.now);
}

/** The voucher's entry in the trail: named by the tail of its code, never by the buyer's or recipient's name. */
export function recordAuditOf(
  tx: Database,
  voucher: VoucherRow,
  audit: VoucherAudit,
  stamp: VoucherStamp,
): Promise<void> {
  return recordAudit(
    tx,
    {
      actor: stamp.actor,
      type: audit.type,
      subject: { type: 'voucher', id: voucher.id },
      summary: `Voucher ${codeTail(voucher.code)}: ${audit.summary}`,
      changes: audit.changes,
    },
    stamp.now,
  );
}
