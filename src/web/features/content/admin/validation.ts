import { z } from 'zod';
import { documentIssues, type FieldIssue } from '#shared/schema/issues.ts';

// Zod compiles object schemas with `new Function` when it may; our content security policy forbids eval, and
// the browser would report each attempt. Every schema the staff screens use is checked without.
z.config({ jitless: true });

/** Every problem of a draft, checked with the schema the server checks it with, in the same words. */
export function draftIssues(schema: z.ZodType, draft: unknown): FieldIssue[] {
  return documentIssues(schema, draft);
}
