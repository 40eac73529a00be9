import { useState } from 'react';
import { type Resolver, useFormContext, useWatch } from 'react-hook-form';
import { formatMoney } from '#shared/money/money.ts';
import { type FieldIssue, fieldIssues } from '#shared/schema/issues.ts';
import { type StaffVoucher, type VoucherRedeem, voucherRedeemSchema } from '#shared/vouchers/api.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { ConfirmDialog, ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { penceFromPounds, poundsText } from '#web/features/content/admin/pounds.ts';
import { errorsOf } from '#web/forms/field-issues.ts';
import { FormTextField } from '#web/forms/fields.tsx';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as voucherApi from './voucher-admin-api.ts';
import { VOUCHER_ADMIN_WORDS as WORDS } from './voucher-admin-words.ts';

interface RedeemValues {
  amount: string;
  note: string;
}

/** The API names the amount `amountPence`; the form's field holds the pounds typed. */
const onFormFields = (issues: readonly FieldIssue[]): FieldIssue[] =>
  issues.map((issue) => (issue.path === 'amountPence' ? { ...issue, path: 'amount' } : issue));

/** The route's schema, the amount as pounds and pence, and never more than the balance (the server's words). */
function redeemResolver(balancePence: number): Resolver<RedeemValues> {
  return (values) => {
    const pence = penceFromPounds(values.amount);
    const checked = voucherRedeemSchema.safeParse({ amountPence: pence ?? Number.NaN, note: values.note });
    const issues = checked.success ? [] : onFormFields(fieldIssues(checked.error));
    const amountIssue = (message: string) => issues.unshift({ path: 'amount', message });
    if (pence === null) amountIssue(WORDS.amountMessage);
    else if (pence > balancePence) amountIssue(VOUCHER_MESSAGES.overBalance(balancePence));
    return issues.length > 0
      ? { values: {}, errors: errorsOf<RedeemValues>(issues, 'rule') }
      : { values, errors: {} };
  };
}

/** "Use all £20.00": the whole balance in one tap. */
function UseAllButton({ balancePence }: { balancePence: number }) {
  const { setValue, clearErrors } = useFormContext<RedeemValues>();
  return (
    <button
      type="button"
      className="btn-outline min-h-12 w-full sm:w-auto"
      onClick={() => {
        setValue('amount', poundsText(balancePence));
        clearErrors('amount');
      }}
    >
      {WORDS.useAll(balancePence)}
    </button>
  );
}

/** The redeem button says what it will take, as typed. */
function RedeemButton() {
  const typed = useWatch<RedeemValues, 'amount'>({ name: 'amount' });
  const pence = penceFromPounds(typed);
  return (
    <SubmitButton className="btn-dark min-h-14 w-full text-lg sm:w-auto sm:px-8" busyLabel={WORDS.redeemBusy}>
      {pence ? `${WORDS.redeem} ${formatMoney(pence)}` : WORDS.redeem}
    </SubmitButton>
  );
}

/** Asks before the money is taken; a refusal (spent, expired, less left since) stays in the dialog. */
function RedeemQuestion({
  voucher,
  redemption,
  onRedeemed,
}: {
  voucher: StaffVoucher;
  redemption: VoucherRedeem;
  onRedeemed: (voucher: StaffVoucher) => void;
}) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => onRedeemed(await voucherApi.redeemVoucher(voucher.code, redemption)),
    failure: WORDS.redeemFailure,
  });
  return (
    <ConfirmForm
      form={question}
      title={WORDS.redeemQuestion(redemption.amountPence)}
      confirmLabel={WORDS.redeemConfirm(redemption.amountPence)}
      busyLabel={WORDS.redeemBusy}
      keepLabel={WORDS.redeemKeep}
    >
      <p className="mt-2 text-ink-soft">{WORDS.redeemWhat(voucher, redemption.amountPence)}</p>
      {redemption.note ? <p className="mt-2 break-words">{redemption.note}</p> : null}
    </ConfirmForm>
  );
}

/**
 * Redeem at the bar: the amount in pounds (the balance to start with, or all of it in one tap) and a note, then
 * asked once more with the amount in words. `onRedeemed` has the voucher as the server left it.
 */
export function RedeemForm({
  voucher,
  onRedeemed,
}: {
  voucher: StaffVoucher;
  onRedeemed: (voucher: StaffVoucher, amountPence: number) => void;
}) {
  const [asked, setAsked] = useState<VoucherRedeem | null>(null);
  const redeem = useSiteForm<RedeemValues>({
    defaultValues: { amount: poundsText(voucher.balancePence), note: '' },
    validate: redeemResolver(voucher.balancePence),
    send: async (values) =>
      setAsked({ amountPence: penceFromPounds(values.amount) ?? 0, note: values.note.trim() }),
    failure: WORDS.redeemFailure,
  });
  return (
    <>
      <SiteForm form={redeem} aria-labelledby="voucher-redeem" className="card space-y-4 p-4 sm:p-6">
        <h2 id="voucher-redeem" className="font-serif text-2xl">
          {WORDS.redeemTitle}
        </h2>
        <FormTextField
          name="amount"
          label={WORDS.amountLabel}
          required
          inputMode="decimal"
          autoComplete="off"
          inputClassName="text-2xl"
        />
        <UseAllButton balancePence={voucher.balancePence} />
        <FormTextField
          name="note"
          label={WORDS.noteLabel}
          hint={WORDS.noteHint}
          maxLength={200}
          autoComplete="off"
        />
        <FormError />
        <RedeemButton />
      </SiteForm>
      <ConfirmDialog subject={asked} onKeep={() => setAsked(null)}>
        {(redemption) => (
          <RedeemQuestion
            voucher={voucher}
            redemption={redemption}
            onRedeemed={(redeemed) => {
              setAsked(null);
              onRedeemed(redeemed, redemption.amountPence);
            }}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
