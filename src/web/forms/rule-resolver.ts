import type { FieldValues, Resolver } from 'react-hook-form';
import { errorsOf } from './field-issues.ts';

/**
 * A shared rule's first problem: the field it names (a value of the form, or a path into one: `choices.main`),
 * or none for the form as a whole (the spam check).
 */
export interface RuleProblem<Field extends string> {
  field: Field | null;
  message: string;
}

/**
 * Checks a form by a shared rule function of `src/shared/**`, the one the server runs (decision 028), so a
 * public page never loads zod. The rule answers its first problem, shown under its field or, naming none,
 * above the submit button.
 */
export function ruleResolver<Values extends FieldValues>(
  check: (
    values: Values,
  ) => RuleProblem<Extract<keyof Values, string> | `${Extract<keyof Values, string>}.${string}`> | null,
): Resolver<Values> {
  return (values) => {
    const problem = check(values);
    if (!problem) return { values, errors: {} };
    return {
      values: {},
      errors: errorsOf<Values>([{ path: problem.field ?? 'root', message: problem.message }], 'rule'),
    };
  };
}
