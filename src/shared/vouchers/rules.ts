import { SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import { addDays, isRealIsoDate } from '../time/london-time.ts';
import { VOUCHER_MESSAGES } from './messages.ts';
import type { VoucherSettings } from './settings.ts';
import type { VoucherDelivery } from './status.ts';

/** The alphabet of voucher codes: Crockford's base 32, without I, L, O and U, so a code read aloud is not misheard. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters in a code: 16 of 32 symbols are 80 bits, far past guessing within the look-up limit. */
export const CODE_LENGTH = 16;

/** A code as typed or scanned, upper case, without spaces or dashes; O read as 0, I and L as 1. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A code as printed: groups of four, "7K3M-9QXD-…". */
export function formatCode(code: string): string {
  return normaliseCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** Deliveries are taken up to this many days ahead. */
export const LATEST_DELIVERY_DAYS = 365;

export interface VoucherPurchaseInput {
  website: string;
  amountPence: number;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  deliverTo: VoucherDelivery;
  deliverOn: string;
}

export type VoucherPurchaseField = Exclude<keyof VoucherPurchaseInput, 'website'>;

export interface VoucherPurchaseProblem {
  field: VoucherPurchaseField | null;
  message: string;
}

/** Whether an amount may be bought: one the pub offers, or a custom one within its limits. */
export function amountAllowed(amountPence: number, settings: VoucherSettings): boolean {
  if (settings.amountsPence.includes(amountPence)) return true;
  return (
    settings.allowCustom &&
    Number.isInteger(amountPence) &&
    amountPence >= settings.customMinPence &&
    amountPence <= settings.customMaxPence
  );
}

/** The purchase's checks in order, shared by the form and the server; `today` is London's date. */
export function checkVoucherPurchase(
  input: VoucherPurchaseInput,
  settings: VoucherSettings,
  today: string,
): VoucherPurchaseProblem | null {
  if (input.website.trim() !== '') return { field: null, message: 'Spam detected.' };
  if (!(input.amountPence > 0)) return { field: 'amountPence', message: VOUCHER_MESSAGES.amount };
  if (!amountAllowed(input.amountPence, settings)) {
    return {
      field: 'amountPence',
      message: settings.allowCustom
        ? VOUCHER_MESSAGES.customRange(settings.customMinPence, settings.customMaxPence)
        : VOUCHER_MESSAGES.customOff,
    };
  }
  if (input.buyerName.trim() === '') return { field: 'buyerName', message: VOUCHER_MESSAGES.buyerName };
  if (!SIMPLE_EMAIL_PATTERN.test(input.buyerEmail.trim())) {
    return { field: 'buyerEmail', message: VOUCHER_MESSAGES.buyerEmail };
  }
  if (input.recipientName.trim() === '') {
    return { field: 'recipientName', message: VOUCHER_MESSAGES.recipientName };
  }
  const toRecipient = input.deliverTo === 'recipient';
  if (
    (toRecipient || input.recipientEmail.trim() !== '') &&
    !SIMPLE_EMAIL_PATTERN.test(input.recipientEmail.trim())
  ) {
    return { field: 'recipientEmail', message: VOUCHER_MESSAGES.recipientEmail };
  }
  if (!isRealIsoDate(input.deliverOn) || input.deliverOn < today) {
    return { field: 'deliverOn', message: VOUCHER_MESSAGES.deliverOn };
  }
  if (input.deliverOn > addDays(today, LATEST_DELIVERY_DAYS)) {
    return { field: 'deliverOn', message: VOUCHER_MESSAGES.deliverTooLate };
  }
  return null;
}

/** The last day a voucher may be used: `expiryMonths` after the day it was issued, the day before that date. */
export function expiryDate(issuedOn: string, expiryMonths: number): string {
  const [year = 0, month = 1, day = 1] = issuedOn.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + expiryMonths, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const same = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay)));
  return addDays(same.toISOString().slice(0, 10), -1);
}
