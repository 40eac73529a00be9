/** The vouchers' addresses (issue 33), written once for the server's e-mails and the web's routes. */

export const VOUCHERS_PATH = '/vouchers';
/** The voucher itself, to see and print: its full code is the key, so its balance shows only to who holds it. */
export const voucherPath = (code: string): string => `/vouchers/v/${encodeURIComponent(code)}`;
/** Where the payment page sends the buyer back: it follows the payment until the voucher is issued. */
export const voucherReturnPath = (pid: string): string => `/vouchers/bought?pid=${encodeURIComponent(pid)}`;
export const voucherCancelPath = (pid: string): string =>
  `/vouchers/bought?pid=${encodeURIComponent(pid)}&cancelled=1`;
export const VOUCHER_DEMO_CHECKOUT_PATH = '/vouchers/demo-checkout';
/** What the voucher's QR code opens: the staff screen, ready to redeem it (staff sign in first). */
export const voucherRedeemPath = (code: string): string => `/admin/vouchers?code=${encodeURIComponent(code)}`;
/** The short booking link for Google and elsewhere: opens the booking form, `party` and `date` filled in. */
export const BOOK_LINK_PATH = '/book';
