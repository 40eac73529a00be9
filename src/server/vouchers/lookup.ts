import type { Database } from '#db/client.ts';
import type { PublicVoucher } from '#shared/vouchers/api.ts';
import { formatCode } from '#shared/vouchers/rules.ts';
import { voucherQrSvg } from './qr.ts';
import { isExpired, voucherByCode, voucherNotFound } from './staff-voucher.ts';

/**
 * The voucher of a full code, to see and print: its balance only for whoever holds the whole code. A voucher
 * not yet paid for is not found, as a code that names nothing (no hint either way).
 */
export async function publicVoucher(
  deps: { db: Database; now: Date; publicUrl: string },
  code: string,
): Promise<PublicVoucher> {
  const voucher = await voucherByCode(deps.db, code);
  if (voucher.status === 'PENDING') throw voucherNotFound();
  return {
    code: formatCode(voucher.code),
    amountPence: voucher.amountPence,
    balancePence: voucher.balancePence,
    recipientName: voucher.recipientName,
    buyerName: voucher.buyerName,
    message: voucher.message,
    expiresOn: voucher.expiresOn,
    status: voucher.status,
    expired: isExpired(voucher, deps.now),
    qrSvg: await voucherQrSvg(deps.publicUrl, voucher.code),
  };
}
