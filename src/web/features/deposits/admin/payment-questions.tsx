import { type Resolver, useWatch } from 'react-hook-form';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import {
  noShowFeeSchema,
  type PaymentDecision,
  paymentDecisionSchema,
  type StaffPayment,
} from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { type FieldIssue, fieldIssues } from '#shared/schema/issues.ts';
import { ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
import * as depositsApi from './api.ts';
import { REASON_MAX_LENGTH, STAFF_DEPOSIT_WORDS as WORDS } from './staff-words.ts';

/** What a manager may do with a booking's money, each asked in its own dialog. */
export type PaymentAction = 'refund' | 'keep' | 'fee';

interface QuestionProps {
  bookingId: string;
  payment: StaffPayment;
  /** The payment as the server saved it. */
  onSaved: (payment: StaffPayment) => void;
  /** The action failed: the payment may have changed all the same (a refund left pending, a fee declined). */
  onFailed: () => void;
}

function ReasonField() {
  return (
    <FormTextAreaField
      name="reason"
      label={WORDS.reasonLabel}
      hint={WORDS.reasonHint}
      required
      rows={3}
      maxLength={REASON_MAX_LENGTH}
      className="mt-5"
    />
  );
}

/** "Refund deposit" or "Keep deposit": what it does, and the reason, which is required. */
export function DecisionQuestion({
  action,
  bookingId,
  payment,
  onSaved,
  onFailed,
}: QuestionProps & {
  action: 'refund' | 'keep';
}) {
  const refund = action === 'refund';
  const question = useSiteForm<PaymentDecision>({
    defaultValues: { reason: '' },
    validate: schemaResolver(paymentDecisionSchema),
    send: async (decision) => {
      try {
        const saved = refund
          ? await depositsApi.refundDeposit(bookingId, decision)
          : await depositsApi.keepDeposit(bookingId, decision);
        onSaved(saved.payment);
      } catch (error) {
        onFailed();
        throw error;
      }
    },
    failure: WORDS.actionFailed,
  });
  return (
    <ConfirmForm
      form={question}
      title={refund ? WORDS.refundTitle(payment.paidPence) : WORDS.keepTitle(payment.paidPence)}
      confirmLabel={refund ? WORDS.refundConfirm(payment.paidPence) : WORDS.keepConfirm(payment.paidPence)}
      busyLabel={refund ? WORDS.refundBusy : WORDS.keepBusy}
      keepLabel={refund ? WORDS.refundKeep : WORDS.keepBack}
      tone={refund ? 'plain' : 'danger'}
    >
      <p className="mt-2 text-ink-soft">{refund ? WORDS.refundWhat : WORDS.keepWhat}</p>
      <ReasonField />
    </ConfirmForm>
  );
}

/** Pence from pounds as staff type them ("60", "60.5", "£60.00"); null for anything else. */
export function penceFromPounds(typed: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const [, pounds = '0', pence = ''] = match;
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

interface FeeValues {
  amount: string;
  reason: string;
}

/** The fee as the API takes it; a typed amount that is not money is checked as no number at all. */
function feeOf(values: FeeValues) {
  return noShowFeeSchema.safeParse({
    amountPence: penceFromPounds(values.amount) ?? Number.NaN,
    reason: values.reason,
  });
}

/** The API names the amount `amountPence`; the form's field holds the pounds typed. */
function onFormFields(issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.map((issue) => (issue.path === 'amountPence' ? { ...issue, path: 'amount' } : issue));
}

/** The shared rule of the fee, and never more than the terms' amount, the most the guest agreed to. */
function feeResolver(capPence: number): Resolver<FeeValues> {
  return (values) => {
    const checked = feeOf(values);
    const issues = checked.success ? [] : onFormFields(fieldIssues(checked.error));
    const pence = penceFromPounds(values.amount);
    if (pence !== null && pence > capPence && !issues.some((issue) => issue.path === 'amount')) {
      issues.unshift({ path: 'amount', message: DEPOSIT_MESSAGES.feeTooHigh(formatMoney(capPence)) });
    }
    return issues.length > 0 ? { values: {}, errors: errorsOf<FeeValues>(issues) } : { values, errors: {} };
  };
}

/**
 * "Charge no-show fee": the amount in pounds, the terms' amount to start with, anything from £0.00 (the card
 * released, nothing charged) up to it; the reason; a confirm button that says what it will charge.
 */
export function NoShowFeeQuestion({ bookingId, payment, onSaved, onFailed }: QuestionProps) {
  const capPence = payment.terms.amountPence;
  const question = useSiteForm<FeeValues>({
    defaultValues: { amount: (capPence / 100).toFixed(2), reason: '' },
    validate: feeResolver(capPence),
    send: async (values) => {
      const fee = noShowFeeSchema.parse({
        amountPence: penceFromPounds(values.amount),
        reason: values.reason,
      });
      try {
        onSaved((await depositsApi.chargeNoShowFee(bookingId, fee)).payment);
      } catch (error) {
        onFailed();
        if (!(error instanceof ApiError)) throw error;
        const issues = onFormFields(error.issues);
        throw new ApiError(error.message, error.status, error.fromServer, issues, error.answer);
      }
    },
    failure: WORDS.actionFailed,
  });
  const typed = useWatch({ control: question.form.control, name: 'amount' });
  return (
    <ConfirmForm
      form={question}
      title={WORDS.feeTitle}
      confirmLabel={WORDS.feeConfirm(penceFromPounds(typed))}
      busyLabel={WORDS.feeBusy}
      keepLabel={WORDS.feeBack}
      tone="danger"
    >
      <p className="mt-2 text-ink-soft">{WORDS.feeWhat}</p>
      <FormTextField
        name="amount"
        label={WORDS.feeAmountLabel}
        hint={WORDS.feeAmountHint(capPence)}
        required
        inputMode="decimal"
        autoComplete="off"
        className="mt-5"
      />
      <ReasonField />
    </ConfirmForm>
  );
}
