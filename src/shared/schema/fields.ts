import { z } from 'zod';
import { isRealIsoDate } from '../time/london-time.ts';

/**
 * The zod building blocks every request schema uses, so a rule about what text, counts and dates the server
 * accepts is written once. The browser never loads this module.
 */

/** Control characters: a NUL cannot even be stored, and none belongs in a name, a phone number or a title. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** Notes may keep their line breaks and tabs. */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

export interface TextOptions {
  /** Line breaks and tabs allowed, as in notes. */
  multiline?: boolean;
}

export function hasControlCharacters(value: string, { multiline = false }: TextOptions = {}): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);
}

export function unacceptableCharactersMessage(label: string): string {
  return `${label} contains characters we cannot accept.`;
}

export function tooLongMessage(label: string, maxLength: number): string {
  return `${label} is too long (${maxLength} characters at most).`;
}

/** Text that may not carry control characters; for schemas with their own shape (a trimmed required title). */
export function plainText(schema: z.ZodString, label: string, options: TextOptions = {}) {
  return schema.refine(
    (value) => !hasControlCharacters(value, options),
    unacceptableCharactersMessage(label),
  );
}

/**
 * A text field as a form sends it: missing or null is blank, surrounding spaces go, and an oversized value is
 * refused rather than cut (a truncated allergy note is worse than an error).
 */
export function textField(label: string, maxLength: number, options: TextOptions = {}) {
  return z
    .string({ error: `${label} must be text.` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value.length <= maxLength, tooLongMessage(label, maxLength))
    .refine((value) => !hasControlCharacters(value, options), unacceptableCharactersMessage(label));
}

/** Whole numbers from 0; blank or missing counts as 0 (spec §5); "2" from a form field is accepted. */
export function guestCount(label: string) {
  const message = `${label} must be a whole number, 0 or more.`;
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => {
      if (value === undefined || value === null) return 0;
      if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value);
      return value;
    })
    .pipe(z.number({ error: message }).int(message).min(0, message));
}

/** A calendar date as YYYY-MM-DD that exists (no 30 February). */
export function dateField(label: string) {
  return z
    .string({ error: `${label} must be a date as YYYY-MM-DD.` })
    .refine(isRealIsoDate, `${label} must be a real date as YYYY-MM-DD.`);
}
