import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { FieldIssue } from '#shared/schema/issues.ts';
import { ApiError, failureText } from '../lib/api.ts';

/** The answers whose issues name the fields the form sent: refused (400, 422) or clashing (409). */
const FIELD_STATUSES = new Set([400, 409, 422]);

/**
 * Each field's first problem, as the form library keeps them: a path "party.adults" is a nested field. `type`
 * says whose check found it: the server's, or a shared rule's run in the browser.
 */
export function errorsOf<Values extends FieldValues>(
  issues: readonly FieldIssue[],
  type: 'server' | 'rule' = 'server',
): FieldErrors<Values> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of issues) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let level = errors;
    for (const key of keys) {
      level[key] ??= {};
      level = level[key] as Record<string, unknown>;
    }
    level[last] ??= { type, message };
  }
  return errors as FieldErrors<Values>;
}

export interface PlacedFailure {
  /** The problems of fields the form has, to show under each. */
  fields: FieldIssue[];
  /** What the form says above its button for the rest; null when every problem found its field. */
  message: string | null;
}

/**
 * Where a failed send's words go: a 400, 409 or 422 whose issues name fields of the form puts each under its
 * field; anything else (no issues, a path the form lacks, a 5xx, no connection) is the form's one message,
 * the server's own text when it gave one (spec §8), else the form's fallback.
 */
export function placeFailure(
  error: unknown,
  hasField: (path: string) => boolean,
  fallback: string,
): PlacedFailure {
  const issues = error instanceof ApiError && FIELD_STATUSES.has(error.status) ? error.issues : [];
  const fields = issues.filter((issue) => hasField(issue.path));
  const placedAll = fields.length > 0 && fields.length === issues.length;
  return { fields, message: placedAll ? null : failureText(error, fallback) };
}
