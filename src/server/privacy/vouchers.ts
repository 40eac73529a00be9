import { and, desc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { vouchers } from '#db/schema.ts';
import { ANONYMISED_NAME } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestErasure } from '#shared/privacy/guests.ts';
import { codeTail } from '../vouchers/staff-voucher.ts';

/**
 * Gift vouchers (issue 33) for a guest's data search, export (guests.ts), erasure (guest-erasure.ts) and
 * retention (retention.ts): a voucher names its buyer and its recipient (names, e-mail addresses) and carries
 * the buyer's message. Found by any of the person's addresses, as buyer or recipient. It is money, so it is
 * never deleted: erasure and retention anonymise it (names, addresses and message blanked, `anonymisedAt`
 * set), its amount, balance, ledger and code staying, still good at the bar.
 */

export type VoucherRows = (typeof vouchers.$inferSelect)[];

export async function findVoucherRows(db: Database, emails: ReadonlySet<string>): Promise<VoucherRows> {
  if (emails.size === 0) return [];
  const addresses = [...emails];
  return db
    .select()
    .from(vouchers)
    .where(
      or(
        inArray(sql`lower(${vouchers.buyerEmail})`, addresses),
        inArray(sql`lower(${vouchers.recipientEmail})`, addresses),
      ),
    )
    .orderBy(desc(vouchers.createdAt));
}

/** The rows as the guests' data shows them; the code only by its last characters (it is the voucher's money). */
export function vouchersOf(rows: VoucherRows): Pick<GuestData, 'vouchers'> {
  return {
    vouchers: rows.map((row) => ({
      id: row.id,
      code: codeTail(row.code),
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
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

const noPerson = (now: Date) => ({
  buyerName: ANONYMISED_NAME,
  buyerEmail: '',
  recipientName: ANONYMISED_NAME,
  recipientEmail: '',
  message: '',
  anonymisedAt: now,
  updatedAt: now,
});

/** Anonymises the rows on `tx` (an erasure): answers how many. */
export async function anonymiseVoucherRows(
  tx: Database,
  rows: VoucherRows,
  now: Date,
): Promise<Pick<GuestErasure, 'vouchersAnonymised'>> {
  const ids = rows.filter((row) => row.anonymisedAt === null).map((row) => row.id);
  if (ids.length > 0) await tx.update(vouchers).set(noPerson(now)).where(inArray(vouchers.id, ids));
  return { vouchersAnonymised: ids.length };
}

/**
 * Retention: vouchers whose last day was before `expiredBefore` (`RETENTION_MONTHS` ago) lose their people; a
 * purchase never paid for goes the same way, its expiry being the one it would have had.
 */
export async function anonymiseLapsedVouchers(
  tx: Database,
  expiredBefore: string,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(vouchers)
    .set(noPerson(now))
    .where(and(lt(vouchers.expiresOn, expiredBefore), isNull(vouchers.anonymisedAt)))
    .returning({ id: vouchers.id });
  return rows.length;
}
