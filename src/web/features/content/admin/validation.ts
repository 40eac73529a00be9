import type { z } from 'zod';
import { documentIssues, type FieldIssue } from '../../../../shared/schema/issues.ts';

/** Every problem of a draft, checked with the schema the server checks it with, in the same words. */
export function draftIssues(schema: z.ZodType, draft: unknown): FieldIssue[] {
  return documentIssues(schema, draft);
}
