/**
 * A gift voucher (issue 33): PENDING while its buyer pays, ACTIVE once paid (or issued by staff), VOID when staff
 * void it, REFUNDED when its purchase is refunded. Expiry is its date, not a status: an ACTIVE voucher past
 * `expiresOn` is refused, and the ledger records the balance that expired.
 */
export const VOUCHER_STATUSES = ['PENDING', 'ACTIVE', 'VOID', 'REFUNDED'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  PENDING: 'Awaiting payment',
  ACTIVE: 'Active',
  VOID: 'Void',
  REFUNDED: 'Refunded',
};

/** How a voucher came to be: bought on the site, or given by staff (a complimentary one). */
export const VOUCHER_KINDS = ['sold', 'complimentary'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** Whom the voucher e-mail goes to: the buyer (to give it themselves) or the recipient, on the chosen date. */
export const VOUCHER_DELIVERY = ['buyer', 'recipient'] as const;
export type VoucherDelivery = (typeof VOUCHER_DELIVERY)[number];

/** A voucher's ledger: every movement of its money, in order. */
export const LEDGER_KINDS = ['sold', 'issued', 'redeemed', 'refunded', 'voided', 'expired'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sold: 'Sold',
  issued: 'Issued (complimentary)',
  redeemed: 'Redeemed',
  refunded: 'Refunded',
  voided: 'Voided',
  expired: 'Expired',
};
