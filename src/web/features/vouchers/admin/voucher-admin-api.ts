import type { z } from 'zod';
import type {
  StaffVoucher,
  staffVoucherListSchema,
  VoucherIssue,
  VoucherRedeem,
  voucherReasonSchema,
} from '#shared/vouchers/api.ts';
import { call } from '#web/lib/api.ts';

/** The staff vouchers screen's calls (issue 33); import as `* as voucherApi`. */

const voucherPath = (code: string, step: 'redeem' | 'void' | 'refund' | 'resend') =>
  `/api/admin/vouchers/${encodeURIComponent(code)}/${step}`;

type VoucherReason = z.input<typeof voucherReasonSchema>;

/** One voucher by its full code, with its ledger; 404 in words for a code that opens none. */
export const findVoucher = (code: string) =>
  call<StaffVoucher>('GET', `/api/admin/vouchers?code=${encodeURIComponent(code)}`);

/** The newest vouchers, for the screen without a code. */
export const newestVouchers = () =>
  call<z.infer<typeof staffVoucherListSchema>>('GET', '/api/admin/vouchers');

/** Takes part or all of the balance; 409 in words when the voucher is spent, expired or has less left. */
export const redeemVoucher = (code: string, redemption: VoucherRedeem) =>
  call<StaffVoucher>('POST', voucherPath(code, 'redeem'), { body: redemption });

export const voidVoucher = (code: string, reason: VoucherReason) =>
  call<StaffVoucher>('POST', voucherPath(code, 'void'), { body: reason });

export const refundVoucher = (code: string, reason: VoucherReason) =>
  call<StaffVoucher>('POST', voucherPath(code, 'refund'), { body: reason });

/** E-mails the voucher again to whom it was sent. */
export const resendVoucher = (code: string) => call<StaffVoucher>('POST', voucherPath(code, 'resend'));

/** A complimentary voucher, given by a manager or the owner. */
export const issueVoucher = (voucher: VoucherIssue) =>
  call<StaffVoucher>('POST', '/api/admin/vouchers', { body: voucher });
