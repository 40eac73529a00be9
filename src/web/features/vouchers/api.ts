import type { z } from 'zod';
import type {
  PublicVoucher,
  VoucherCheckout,
  VoucherCheckoutStatus,
  VoucherPurchase,
  voucherDemoPaidSchema,
} from '#shared/vouchers/api.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** The gift vouchers' guest calls (issue 33). Each goes through the one API client; import as `* as api`. */

const checkoutPath = (pid: string) => `/api/vouchers/checkout/${encodeURIComponent(pid)}`;

/** The purchase: answers where to pay (Stripe Checkout, or the demo page without keys). */
export const buyVoucher = (purchase: VoucherPurchase) =>
  call<VoucherCheckout>('POST', '/api/vouchers/checkout', { body: purchase });

/**
 * Where the purchase's payment stands: the return page's polling and the demo page's summary. `cancelled`: the
 * buyer came back by the payment page's cancel link, which closes it for good (unless it was paid already).
 */
export const voucherCheckout = (
  pid: string,
  { signal, cancelled = false }: { signal?: AbortSignal; cancelled?: boolean } = {},
) => call<VoucherCheckoutStatus>('GET', `${checkoutPath(pid)}${cancelled ? '?cancelled=1' : ''}`, { signal });

/** The demo payment page's Pay (only while the site has no Stripe keys): answers the return page's address. */
export const payVoucherDemo = (pid: string) =>
  call<z.infer<typeof voucherDemoPaidSchema>>('POST', `${checkoutPath(pid)}/demo-pay`);

/** The voucher by its full code, or null for a code that opens none (404). */
export const voucherOrNull = (code: string) =>
  call<PublicVoucher>('GET', `/api/vouchers/${encodeURIComponent(code)}`).catch((error) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
