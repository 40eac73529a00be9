import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { documentIssues, type FieldIssue, plainMessage } from '#shared/schema/issues.ts';

// Zod compiles object schemas with `new Function` when it may; our content security policy forbids eval, and
// the browser would report each attempt. Every schema the staff screens use is checked without.
z.config({ jitless: true });

/**
 * Each path's first problem as the form library keeps them, nested by path. A list's own problem ("lists a
 * date twice") and those of its entries stand together, whichever comes first.
 */
function errorsOf<Document extends FieldValues>(issues: readonly FieldIssue[]): FieldErrors<Document> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of issues) {
    let level = errors;
    for (const key of path.split('.')) {
      level[key] ??= {};
      level = level[key] as Record<string, unknown>;
    }
    level.message ??= message;
    level.type ??= 'validate';
  }
  return errors as FieldErrors<Document>;
}

/**
 * Checks a content editor's form by the document's schema, in the words the server uses (`plainMessage`),
 * with the problems of fields whose text is not a value yet (`typing`, read when the form is checked) first.
 */
/** The draft's problems as they stand: the fields still being typed, then the document's schema. */
export function draftProblems(
  schema: z.ZodType,
  typing: Readonly<Record<string, string>>,
  values: unknown,
): FieldIssue[] {
  const typed = Object.entries(typing).map(([path, message]) => ({ path, message }));
  return [...typed, ...documentIssues(schema, values)];
}

export function draftResolver<Document extends FieldValues>(
  schema: z.ZodType,
  typing: () => Readonly<Record<string, string>>,
): Resolver<Document> {
  return (values) => {
    const issues = draftProblems(schema, typing(), values);
    if (issues.length > 0) return { values: {}, errors: errorsOf<Document>(issues) };
    return { values: schema.parse(values, { error: plainMessage }) as Document, errors: {} };
  };
}

const ERROR_KEYS = new Set(['type', 'message', 'ref', 'types', 'root']);

/**
 * The problems the server put on the form's fields, as a list, each with its path: the fields' own, not the
 * form's message (`root`).
 */
export function serverProblemsOf(errors: FieldErrors, prefix = ''): FieldIssue[] {
  const problems: FieldIssue[] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (ERROR_KEYS.has(key) || typeof node !== 'object' || node === null) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type } = node as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && type === 'server') problems.push({ path, message });
    problems.push(...serverProblemsOf(node as FieldErrors, path));
  }
  return problems;
}
