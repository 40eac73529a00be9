import type { Resolver } from 'react-hook-form';
import { BOOKING_FIELD_LIMITS, SIMPLE_EMAIL_PATTERN } from '#shared/booking/validation.ts';
import { type FieldIssue, fieldIssues } from '#shared/schema/issues.ts';
import { type StaffVoucher, type VoucherIssue, voucherIssueSchema } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { penceFromPounds } from '#web/features/content/admin/pounds.ts';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
import * as voucherApi from './voucher-admin-api.ts';
import { VOUCHER_ADMIN_WORDS as WORDS } from './voucher-admin-words.ts';

interface IssueValues {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  note: string;
}

const EMPTY: IssueValues = { amount: '', recipientName: '', recipientEmail: '', message: '', note: '' };

/** A complimentary voucher's smallest and largest amounts, as the route's schema takes them. */
const LEAST_PENCE = 100;
const MOST_PENCE = 100_000;

/** The API names the amount `amountPence`; the form's field holds the pounds typed. */
const onFormFields = (issues: readonly FieldIssue[]): FieldIssue[] =>
  issues.map((issue) => (issue.path === 'amountPence' ? { ...issue, path: 'amount' } : issue));

function issueRequest(values: IssueValues): VoucherIssue {
  const { amount, ...rest } = values;
  return { ...rest, amountPence: penceFromPounds(amount) ?? Number.NaN };
}

/** The staff's first problems, each on its field, in the form's order; then the route's schema. */
function issueProblems(values: IssueValues): FieldIssue[] {
  const problems: FieldIssue[] = [];
  const pence = penceFromPounds(values.amount);
  if (pence === null) problems.push({ path: 'amount', message: WORDS.amountMessage });
  else if (pence < LEAST_PENCE || pence > MOST_PENCE) {
    problems.push({ path: 'amount', message: VOUCHER_MESSAGES.customRange(LEAST_PENCE, MOST_PENCE) });
  }
  if (values.recipientName.trim() === '') {
    problems.push({ path: 'recipientName', message: VOUCHER_MESSAGES.recipientName });
  }
  const email = values.recipientEmail.trim();
  if (email !== '' && !SIMPLE_EMAIL_PATTERN.test(email)) {
    problems.push({ path: 'recipientEmail', message: VOUCHER_MESSAGES.recipientEmailStaff });
  }
  const checked = voucherIssueSchema.safeParse(issueRequest(values));
  return [...problems, ...(checked.success ? [] : onFormFields(fieldIssues(checked.error)))];
}

const checkIssue: Resolver<IssueValues> = (values) => {
  const issues = issueProblems(values);
  return issues.length > 0
    ? { values: {}, errors: errorsOf<IssueValues>(issues, 'rule') }
    : { values, errors: {} };
};

/** "New complimentary voucher" (managers and the owner): how much, for whom, a message, and why. */
export function VoucherIssueForm({
  onIssued,
  onClose,
}: {
  onIssued: (voucher: StaffVoucher) => void;
  onClose: () => void;
}) {
  const issue = useSiteForm<IssueValues>({
    defaultValues: EMPTY,
    validate: checkIssue,
    send: async (values) => {
      try {
        onIssued(await voucherApi.issueVoucher(voucherIssueSchema.parse(issueRequest(values))));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        throw new ApiError(
          error.message,
          error.status,
          error.fromServer,
          onFormFields(error.issues),
          error.answer,
        );
      }
    },
    failure: WORDS.issueFailure,
  });
  return (
    <SiteForm form={issue} aria-labelledby="voucher-issue" className="card space-y-5 p-4 sm:p-6">
      <h2 id="voucher-issue" className="font-serif text-2xl">
        {WORDS.complimentaryTitle}
      </h2>
      <FormTextField
        name="amount"
        label={WORDS.amountLabel}
        required
        inputMode="decimal"
        autoComplete="off"
      />
      <FormTextField
        name="recipientName"
        label={WORDS.recipientName}
        required
        maxLength={BOOKING_FIELD_LIMITS.name}
      />
      <FormTextField
        name="recipientEmail"
        label={WORDS.recipientEmail}
        hint={WORDS.recipientEmailHint}
        type="email"
        autoComplete="off"
      />
      <FormTextAreaField
        name="message"
        label={WORDS.message}
        hint={WORDS.messageHint}
        rows={3}
        maxLength={500}
      />
      <FormTextField name="note" label={WORDS.why} hint={WORDS.whyHint} maxLength={200} />
      <FormError />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton
          className="btn-dark min-h-14 w-full text-lg sm:w-auto sm:px-8"
          busyLabel={WORDS.issuing}
        >
          {WORDS.issue}
        </SubmitButton>
        <button type="button" className="btn-outline min-h-12 w-full sm:w-auto" onClick={onClose}>
          {WORDS.cancel}
        </button>
      </div>
    </SiteForm>
  );
}
