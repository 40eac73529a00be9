import { z } from 'zod';
import { guestCountMessage } from '../booking/party.ts';
import { isRealIsoDate } from '../time/london-time.ts';

/**
 * The zod building blocks every request schema and every content document uses, so the rule about what text,
 * counts and dates the server accepts is written once.
 */

/** Line breaks: kept where a text is multiline (notes, paragraphs), refused in a line (a name, a title). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/**
 * What no text may hold: control characters (a NUL cannot even be stored, and none belongs in a name, a phone
 * number or a title) and lone surrogates, half a character, which make the text not well-formed Unicode and
 * which PostgreSQL refuses. With the `u` flag a well-formed pair reads as one character, so `\p{Cs}` finds
 * only a lone half: the test of `String.prototype.isWellFormed`, which the staff editors' browsers may lack.
 */
const UNACCEPTABLE = /[\p{Cc}\p{Cs}]/u;
/** Multiline text may keep its line breaks and tabs. */
const UNACCEPTABLE_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export interface TextOptions {
  /** Line breaks and tabs allowed, as in notes and paragraphs. */
  multiline?: boolean;
}

/** What the shared rule refuses in a text: a line break where it must be one line, or other characters. */
export type TextProblem = 'line-break' | 'characters';

export function textProblem(value: string, { multiline = false }: TextOptions = {}): TextProblem | undefined {
  if (!multiline && LINE_BREAK.test(value)) return 'line-break';
  return (multiline ? UNACCEPTABLE_BUT_LINE_BREAKS : UNACCEPTABLE).test(value) ? 'characters' : undefined;
}

/**
 * The nearest text the rule accepts, for a stored text saved before the rule was this strict: a line's breaks
 * and tabs become one space, the other refused characters go.
 */
export function acceptableText(value: string, { multiline = false }: TextOptions = {}): string {
  const text = multiline ? value : value.replace(/[\t\n\r\u2028\u2029]+/g, ' ');
  return text.replace(new RegExp(UNACCEPTABLE_BUT_LINE_BREAKS, 'gu'), '');
}

export function unacceptableCharactersMessage(label: string): string {
  return `${label} contains characters we cannot accept.`;
}

export function oneLineMessage(label: string): string {
  return `${label} must be on one line.`;
}

export function tooLongMessage(label: string, maxLength: number): string {
  return `${label} is too long (${maxLength} characters at most).`;
}

/** What a field named `label` says about a refused text. */
export function textProblemMessage(label: string, problem: TextProblem): string {
  return problem === 'line-break' ? oneLineMessage(label) : unacceptableCharactersMessage(label);
}

/** A content document names the field by its place; its messages follow the name ("Name: must be on one line"). */
const DOCUMENT_TEXT_MESSAGES: Record<TextProblem, string> = {
  'line-break': 'must be on one line',
  characters: 'contains characters we cannot accept',
};

/**
 * The rule as a zod check. The issue carries the options, so a stored text saved before the rule can be made
 * acceptable (`acceptableText`).
 */
function textRule(messages: (problem: TextProblem) => string, options: TextOptions) {
  return (value: string, context: z.RefinementCtx) => {
    const problem = textProblem(value, options);
    if (problem) {
      context.addIssue({ code: 'custom', message: messages(problem), params: { textRule: options } });
    }
  };
}

/** The options of the text rule an issue comes from, or undefined for any other issue. */
export function textRuleOf(issue: z.core.$ZodIssue): TextOptions | undefined {
  return issue.code === 'custom' ? issue.params?.textRule : undefined;
}

/** Text that must pass the rule; for schemas with their own shape (a trimmed required title, with its limit). */
export function plainText(schema: z.ZodString, label: string, options: TextOptions = {}) {
  return schema.superRefine(textRule((problem) => textProblemMessage(label, problem), options));
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
    .superRefine(textRule((problem) => textProblemMessage(label, problem), options));
}

/**
 * A text of a content document, trimmed: a line (a name, a title, a label) or, `multiline`, prose. Blank is
 * allowed unless the schema adds `.min(1, …)`; too long reads "must be 80 characters or fewer" (`plainMessage`).
 * No transform: the documents are also response schemas, which encode.
 */
export function documentText(maxLength: number, options: TextOptions = {}) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .superRefine(textRule((problem) => DOCUMENT_TEXT_MESSAGES[problem], options));
}

/** Whole numbers from 0; blank or missing counts as 0 (spec §5); "2" from a form field is accepted. */
export function guestCount(label: string) {
  const message = guestCountMessage(label);
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

/** A range of days in order: `to` is not before `from` (either may be left out or blank). */
export function daysInOrder(range: { from?: string | undefined; to?: string | undefined }): boolean {
  return !(range.from && range.to) || range.from <= range.to;
}

/** The request's words for a range whose `to` comes before its `from`. */
export const DAYS_OUT_OF_ORDER = 'from must not be after to.';

/** A calendar date as YYYY-MM-DD that exists (no 30 February). */
export function dateField(label: string) {
  return z
    .string({ error: `${label} must be a date as YYYY-MM-DD.` })
    .refine(isRealIsoDate, `${label} must be a real date as YYYY-MM-DD.`);
}
