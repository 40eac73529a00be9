import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldIssues } from '#shared/schema/issues.ts';
import { errorsOf } from './field-issues.ts';

/**
 * Checks a staff form by the request's zod schema of `src/shared/**`, the one the route declares, so staff
 * read the server's own words before sending. Never on a public page: it brings zod (decision 028).
 */
export function schemaResolver<Values extends FieldValues>(
  schema: z.ZodType<Values, Values>,
): Resolver<Values> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: errorsOf<Values>(fieldIssues(result.error)) };
  };
}
