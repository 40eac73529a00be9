import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { fieldIssues } from '#shared/schema/issues.ts';
import { type StaffVoucher, voucherReasonSchema } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { ConfirmDialog, ConfirmForm } from '#web/components/confirm-dialog.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextAreaField } from '#web/forms/fields.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as voucherApi from './voucher-admin-api.ts';
import { VOUCHER_ADMIN_WORDS as WORDS } from './voucher-admin-words.ts';

type Step = 'void' | 'refund';

interface ReasonValues {
  reason: string;
}

/** The route's schema, and a reason that says something: it is kept in the ledger and the activity log. */
const checkReason: Resolver<ReasonValues> = (values) => {
  const checked = voucherReasonSchema.safeParse(values);
  const issues = checked.success ? [] : fieldIssues(checked.error);
  if (values.reason.trim() === '')
    issues.unshift({ path: 'reason', message: VOUCHER_MESSAGES.reasonRequired });
  return issues.length > 0
    ? { values: {}, errors: errorsOf<ReasonValues>(issues, 'rule') }
    : { values, errors: {} };
};

const QUESTIONS = {
  void: {
    title: () => WORDS.voidQuestion,
    what: WORDS.voidWhat,
    confirm: WORDS.voidConfirm,
    busy: WORDS.voidBusy,
    done: WORDS.voided,
    send: voucherApi.voidVoucher,
  },
  refund: {
    title: WORDS.refundQuestion,
    what: WORDS.refundWhat,
    confirm: WORDS.refundConfirm,
    busy: WORDS.refundBusy,
    done: WORDS.refunded,
    send: voucherApi.refundVoucher,
  },
} as const;

/** Void or Refund, asked with its reason; a refusal (used in part, refund by hand) stays in the dialog. */
function ReasonQuestion({
  step,
  voucher,
  onDone,
}: {
  step: Step;
  voucher: StaffVoucher;
  onDone: (voucher: StaffVoucher, text: string) => void;
}) {
  const words = QUESTIONS[step];
  const question = useSiteForm<ReasonValues>({
    defaultValues: { reason: '' },
    validate: checkReason,
    send: async (values) => {
      const changed = await words.send(voucher.code, { reason: values.reason.trim() });
      onDone(changed, words.done(changed));
    },
    failure: WORDS.actionFailure,
  });
  return (
    <ConfirmForm
      form={question}
      title={words.title(voucher)}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      keepLabel={WORDS.keep}
      tone="danger"
    >
      <p className="mt-2 text-ink-soft">{words.what(voucher)}</p>
      <FormTextAreaField
        name="reason"
        label={WORDS.reasonLabel}
        hint={WORDS.reasonHint}
        required
        rows={3}
        maxLength={200}
        className="mt-5"
      />
    </ConfirmForm>
  );
}

const actionButton =
  'flex min-h-12 items-center justify-center rounded-xl border-2 border-cream-300 bg-white px-3 text-center font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 focus-visible:outline-3 focus-visible:outline-brass-500 disabled:opacity-60';

/**
 * What else may be done with an active voucher: "Resend e-mail" for all staff; Void, and Refund of a sold one,
 * for managers and the owner (the server's own list of roles). `onChanged` has the voucher as the server left
 * it and what was done, in words; `onResend` sends the e-mail again.
 */
export function VoucherActions({
  voucher,
  resending,
  onResend,
  onChanged,
}: {
  voucher: StaffVoucher;
  resending: boolean;
  onResend: () => void;
  onChanged: (voucher: StaffVoucher, text: string) => void;
}) {
  const can = useCanUse();
  const [asked, setAsked] = useState<Step | null>(null);
  if (voucher.status !== 'ACTIVE') return null;
  const canVoid = can('POST /api/admin/vouchers/:code/void');
  const canRefund = voucher.kind === 'sold' && can('POST /api/admin/vouchers/:code/refund');
  return (
    <div className="flex flex-wrap gap-2">
      {can('POST /api/admin/vouchers/:code/resend') ? (
        <button type="button" className={actionButton} disabled={resending} onClick={onResend}>
          {resending ? WORDS.resending : WORDS.resend}
        </button>
      ) : null}
      {canRefund ? (
        <button type="button" className={actionButton} onClick={() => setAsked('refund')}>
          {WORDS.refundAction}
        </button>
      ) : null}
      {canVoid ? (
        <button type="button" className={actionButton} onClick={() => setAsked('void')}>
          {WORDS.voidAction}
        </button>
      ) : null}
      <ConfirmDialog subject={asked} onKeep={() => setAsked(null)}>
        {(step) => (
          <ReasonQuestion
            step={step}
            voucher={voucher}
            onDone={(changed, text) => {
              setAsked(null);
              onChanged(changed, text);
            }}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
