import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '#shared/vouchers/rules.ts';

/**
 * A new voucher code: CODE_LENGTH symbols of CODE_ALPHABET from the system's secure random source, in its
 * normalised form (as stored). 256 is a multiple of the alphabet's 32 symbols, so each byte's low bits pick a
 * symbol without bias.
 */
export function newVoucherCode(): string {
  return Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}
