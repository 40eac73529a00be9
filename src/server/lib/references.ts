import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a reference read out over the phone should not be misheard. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short human reference such as "RC-7KQ2M9". */
export function newReference(prefix: string, length = 6): string {
  let code = '';
  for (let index = 0; index < length; index++) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return `${prefix}-${code}`;
}
