import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { type DepositTerms, depositTermsOf, type RuleSubject } from '#shared/deposits/rules.ts';
import { type StaffDepositChoice, staffDepositChoiceSchema } from '#shared/deposits/staff-choice.ts';
import { termsHeadline } from '#shared/deposits/terms.ts';
import { useContent } from '#web/features/content/use-content.ts';
import { FormChoiceField, FormTextField } from '#web/forms/fields.tsx';
import type { RuleProblem } from '#web/forms/rule-resolver.ts';
import { ApiError } from '#web/lib/api.ts';
import { REASON_MAX_LENGTH, STAFF_DEPOSIT_WORDS as WORDS } from './staff-words.ts';

/** What a staff booking form keeps of a deposit rule's question: `deposit` is the field the server names. */
export interface DepositChoiceValues {
  deposit: '' | StaffDepositChoice['choice'];
  depositReason: string;
}

export const EMPTY_DEPOSIT_CHOICE: DepositChoiceValues = { deposit: '', depositReason: '' };

/** The terms the booking would be made on by the published rules; null when none matches, or not yet known. */
export function useStaffDepositTerms(subject: RuleSubject | null): DepositTerms | null {
  const rules = useContent('deposit-rules');
  return rules && subject ? depositTermsOf(rules, subject) : null;
}

/** The server's refusal for want of the choice (a rule staff did not see matches): the form asks it then. */
export function asksForDeposit(error: unknown): boolean {
  return error instanceof ApiError && error.issues.some((issue) => issue.path === 'deposit');
}

/** The choice as the API takes it, once checked; read only while the question is asked. */
function checkedChoice(values: DepositChoiceValues) {
  return staffDepositChoiceSchema.safeParse(
    values.deposit === 'waive'
      ? { choice: 'waive', reason: values.depositReason }
      : { choice: values.deposit },
  );
}

/** The first problem with the answer, while the question is asked: none chosen, a link without an e-mail, no reason. */
export function depositProblem(
  values: DepositChoiceValues,
  email: string,
): RuleProblem<keyof DepositChoiceValues> | null {
  if (values.deposit === '') return { field: 'deposit', message: DEPOSIT_MESSAGES.waiverNeeded };
  if (values.deposit === 'request' && email === '') {
    return { field: 'deposit', message: DEPOSIT_MESSAGES.requestNeedsEmail };
  }
  const checked = checkedChoice(values);
  const problem = checked.error?.issues[0];
  return problem ? { field: 'depositReason', message: problem.message } : null;
}

/** `deposit` of the request: the choice while the question is asked, else nothing. */
export function depositRequest(values: DepositChoiceValues, asked: boolean): StaffDepositChoice | undefined {
  if (!asked) return undefined;
  const checked = checkedChoice(values);
  return checked.success ? checked.data : undefined;
}

/**
 * The question a matching deposit rule asks of a staff booking (issue 29): the terms' headline, then e-mail
 * the guest a link to pay, or waive it with a reason. Without terms, it is the server that asked.
 */
export function FormDepositChoice({ terms }: { terms: DepositTerms | null }) {
  const { control, getFieldState, setFocus } = useFormContext<DepositChoiceValues>();
  const choice = useWatch({ control, name: 'deposit' });

  // Asked by the server's refusal, the question appears with its problem: the focus goes to it then.
  useEffect(() => {
    if (getFieldState('deposit').error) setFocus('deposit');
  }, [getFieldState, setFocus]);

  return (
    <div className="space-y-4 rounded-xl border-2 border-brass-500 bg-white p-4">
      {terms ? <p className="text-sm font-semibold text-ink-soft">{terms.ruleName}</p> : null}
      <FormChoiceField<DepositChoiceValues['deposit']>
        name="deposit"
        legend={terms ? termsHeadline(terms) : WORDS.choiceLegend}
        required
        choicesClassName="mt-2 space-y-2"
        choices={[
          { value: 'request', label: WORDS.requestLabel, hint: WORDS.requestHint },
          { value: 'waive', label: WORDS.waiveLabel, hint: WORDS.waiveHint },
        ]}
      />
      {choice === 'waive' ? (
        <FormTextField
          name="depositReason"
          label={WORDS.waiveReasonLabel}
          required
          maxLength={REASON_MAX_LENGTH}
        />
      ) : null}
    </div>
  );
}
