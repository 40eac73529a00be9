import type { z } from 'zod';

/** One field's problem: "sections.Main: Starters.0.pricePence" and what is wrong with it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A zod error as the field-by-field list a form shows beside each field. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

const TIME_LIKE = /:\[0-5\]/;

/**
 * Staff words for the checks a schema states without its own message (`min(1)`, `int()`, an e-mail); a
 * message the schema gives wins over these.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'must not be blank'
          : `needs at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'array') {
        if (issue.exact) return `must have exactly ${issue.minimum}`;
        return Number(issue.minimum) <= 1 ? 'needs at least one' : `needs at least ${issue.minimum}`;
      }
      return issue.inclusive ? `must be ${issue.minimum} or more` : `must be more than ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be ${issue.maximum} characters or fewer`;
      if (issue.origin === 'array') {
        return issue.exact ? `must have exactly ${issue.maximum}` : `must have ${issue.maximum} at most`;
      }
      return issue.inclusive ? `must be ${issue.maximum} or less` : `must be less than ${issue.maximum}`;
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be a whole number' : `must be a ${issue.expected}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an e-mail address, e.g. hello@example.com';
      if (issue.format === 'regex' && TIME_LIKE.test(String(issue.pattern))) return 'must be a time (HH:MM)';
      return 'is not in the expected form';
    case 'invalid_key':
      // A record's key has its own message (a menu section's "must start with Lunch:, …") one level down.
      return issue.issues[0]?.message;
    default:
      return undefined;
  }
}

/** Every problem of a value, in staff words: the content editors and the server say the same. */
export function documentIssues(schema: z.ZodType, value: unknown): FieldIssue[] {
  const result = schema.safeParse(value, { error: plainMessage });
  return result.success ? [] : fieldIssues(result.error);
}
