import type { Database } from '#db/client.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { StaffVoucher, VoucherRedeem } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { conflict, conflictingField, type DomainError } from '../lib/errors.ts';
import {
  isExpired,
  lockedVoucher,
  notActiveRefusal,
  recordMovement,
  type VoucherRow,
  type VoucherStamp,
} from './staff-voucher.ts';

/** Why `amountPence` cannot be taken from the voucher now, in the order staff are told; null when it can. */
function redemptionRefusal(voucher: VoucherRow, amountPence: number, now: Date): DomainError | null {
  const notActive = notActiveRefusal(voucher);
  if (notActive) return notActive;
  if (isExpired(voucher, now)) return conflict(VOUCHER_MESSAGES.expired(voucher.expiresOn));
  if (voucher.balancePence === 0) return conflict(VOUCHER_MESSAGES.spent);
  if (amountPence > voucher.balancePence) {
    return conflictingField('amountPence', VOUCHER_MESSAGES.overBalance(voucher.balancePence));
  }
  return null;
}

/**
 * Takes part or all of a voucher's balance at the bar, in one transaction on the voucher's locked row: of two
 * redemptions at once the second waits and is checked against the balance the first left, so the same money is
 * never taken twice. The same request sent twice (a double tap) is two redemptions: it takes twice only if the
 * balance holds both, as two real visits would.
 */
export async function redeemVoucher(
  db: Database,
  code: string,
  request: VoucherRedeem,
  stamp: VoucherStamp,
): Promise<StaffVoucher> {
  return db.transaction(async (tx) => {
    const voucher = await lockedVoucher(tx, code);
    const refusal = redemptionRefusal(voucher, request.amountPence, stamp.now);
    if (refusal) throw refusal;
    const balancePence = voucher.balancePence - request.amountPence;
    return recordMovement(
      tx,
      voucher,
      { balancePence },
      { kind: 'redeemed', amountPence: request.amountPence, note: request.note },
      {
        type: 'voucher.redeemed',
        summary: `${formatMoney(request.amountPence)} redeemed, ${formatMoney(balancePence)} left`,
        changes: { balancePence: { before: voucher.balancePence, after: balancePence } },
      },
      stamp,
    );
  });
}
