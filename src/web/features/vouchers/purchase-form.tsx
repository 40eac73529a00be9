import { type ReactNode, useEffect, useId, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { formatPrice } from '#shared/money/money.ts';
import { addDays, londonToday } from '#shared/time/london-time.ts';
import { voucherReturnPath } from '#shared/vouchers/links.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { LATEST_DELIVERY_DAYS } from '#shared/vouchers/rules.ts';
import type { VoucherSettings } from '#shared/vouchers/settings.ts';
import { TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormSpamTrap } from '#web/forms/field-groups.tsx';
import { FormChoiceField, FormTextAreaField, FormTextField, useConnectedField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { goToCheckout } from '../deposits/return-link.ts';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';
import {
  CUSTOM_AMOUNT,
  chosenPence,
  emptyVoucherValues,
  purchaseRequest,
  type VoucherFormValues,
  voucherFormProblem,
} from './purchase-values.ts';
import { VOUCHER_WORDS } from './voucher-words.ts';

const MESSAGE_MAX_LENGTH = 500;

const tile =
  'flex min-h-16 cursor-pointer items-center justify-center rounded-xl border-2 border-cream-300 bg-white px-4 py-3 font-serif text-2xl font-semibold text-green-900 transition-colors hover:border-green-700 has-checked:border-green-800 has-checked:bg-green-800 has-checked:text-cream-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brass-500';

/** The amounts as big choices, "Another amount" last when the pub allows one; its problem under them. */
function AmountField({ settings }: { settings: VoucherSettings }) {
  const id = useId();
  const { clearErrors } = useFormContext<VoucherFormValues>();
  const { field, fieldState } = useController<VoucherFormValues, 'amountPence'>({ name: 'amountPence' });
  const error = fieldState.error?.message;
  const choices = [
    ...settings.amountsPence.map((pence) => ({ value: String(pence), label: formatPrice(pence) })),
    ...(settings.allowCustom ? [{ value: CUSTOM_AMOUNT, label: VOUCHER_WORDS.anotherAmount }] : []),
  ];
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">
        {VOUCHER_WORDS.amountLegend}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {choices.map((choice, index) => (
          <label
            key={choice.value}
            className={`${tile} ${choice.value === CUSTOM_AMOUNT ? 'text-lg sm:text-xl' : ''}`}
          >
            <input
              ref={index === 0 ? field.ref : undefined}
              type="radio"
              name={`${id}-amount`}
              value={choice.value}
              checked={field.value === choice.value}
              onChange={() => {
                field.onChange(choice.value);
                clearErrors(['amountPence', 'customPounds']);
              }}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-burgundy-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The pounds of "Another amount", within the pub's limits. */
function CustomAmountField({ settings }: { settings: VoucherSettings }) {
  const field = useConnectedField('customPounds');
  return (
    <TextField
      {...field}
      label={VOUCHER_WORDS.customLabel}
      required
      inputMode="decimal"
      autoComplete="off"
      hint={VOUCHER_WORDS.customHint(settings.customMinPence, settings.customMaxPence)}
      inputClassName="max-w-40"
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5">
      <legend className="font-serif text-2xl text-green-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The terms, shown before the pay button: the pub's list and how long the voucher lasts. */
export function VoucherTerms({ settings }: { settings: VoucherSettings }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-cream-300 bg-cream-50 p-5">
      <h2 id={headingId} className="font-serif text-xl text-green-900">
        {VOUCHER_WORDS.termsTitle}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-[0.95rem]">
        <li>{VOUCHER_WORDS.expiry(settings.expiryMonths)}</li>
        {settings.terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </section>
  );
}

/** What is being bought, live as the form changes, the terms, then Pay. */
function PurchaseSummary({
  settings,
  today,
  leaving,
}: {
  settings: VoucherSettings;
  today: string;
  leaving: boolean;
}) {
  const values = useWatch<VoucherFormValues>() as VoucherFormValues;
  const amountPence = chosenPence(values);
  const summary = VOUCHER_WORDS.summary(
    {
      amountPence,
      recipientName: values.recipientName,
      deliverTo: values.deliverTo,
      deliverOn: values.deliverOn,
    },
    today,
  );
  return (
    <aside className="flex flex-col gap-5 lg:sticky lg:top-24" aria-label={VOUCHER_WORDS.summaryTitle}>
      <div className="overflow-hidden rounded-2xl border border-brass-500/40 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
        <div className="bg-green-900 px-6 py-5 text-cream-50">
          <p className="eyebrow text-brass-300">{VOUCHER_WORDS.summaryTitle}</p>
          <p className="mt-1 font-serif text-xl" aria-live="polite">
            {summary}
          </p>
        </div>
        <div className="space-y-4 px-6 py-5">
          <VoucherTerms settings={settings} />
          <FormError />
          <SubmitButton className="btn-primary w-full" busyLabel={VOUCHER_WORDS.paying} disabled={leaving}>
            {VOUCHER_WORDS.pay(amountPence)}
          </SubmitButton>
          <p className="text-center text-sm text-ink-soft">{VOUCHER_WORDS.payNote}</p>
        </div>
      </div>
      <PrivacyLink />
    </aside>
  );
}

/**
 * The gift voucher's purchase (issue 33): the amount, whom it is for and where it goes, the buyer, a message,
 * the terms and a live summary; checked by the shared purchase rule, then off to the payment page.
 */
export function VoucherPurchaseForm({ settings }: { settings: VoucherSettings }) {
  const [today] = useState(() => londonToday());
  /** The payment page is opening: the button stays busy until it has. */
  const [leaving, setLeaving] = useState(false);
  const purchase = useSiteForm<VoucherFormValues>({
    defaultValues: emptyVoucherValues(settings, today),
    validate: ruleResolver((values) => voucherFormProblem(values, settings, today)),
    send: async (values) => {
      const { pid, payment } = await api.buyVoucher(purchaseRequest(values, today));
      setLeaving(true);
      goToCheckout({ pid, checkoutUrl: payment.checkoutUrl }, voucherReturnPath(pid));
    },
    failure: VOUCHER_MESSAGES.provider,
  });
  const { watch, clearErrors } = purchase.form;
  const amountChoice = watch('amountPence');
  const deliverTo = watch('deliverTo');

  // The rule names the purchase's first problem, which another field's change may mend: it goes with any change.
  useEffect(() => {
    const { unsubscribe } = watch((_, { name }) => {
      if (name) clearErrors();
    });
    return unsubscribe;
  }, [watch, clearErrors]);

  return (
    <SiteForm
      form={purchase}
      aria-label="Buy a gift voucher"
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <ReadyFieldset className="contents">
        <div className="card space-y-10 p-4 sm:p-10">
          <div className="space-y-5">
            <AmountField settings={settings} />
            {amountChoice === CUSTOM_AMOUNT ? <CustomAmountField settings={settings} /> : null}
          </div>
          <Section title={VOUCHER_WORDS.recipientSection}>
            <FormTextField
              name="recipientName"
              label={VOUCHER_WORDS.recipientName}
              required
              autoComplete="off"
            />
            <FormChoiceField<VoucherFormValues['deliverTo']>
              name="deliverTo"
              legend={VOUCHER_WORDS.deliverLegend}
              required
              choicesClassName="grid gap-2 sm:grid-cols-2"
              choices={[
                {
                  value: 'buyer',
                  label: VOUCHER_WORDS.deliverToBuyer,
                  hint: VOUCHER_WORDS.deliverToBuyerHint,
                },
                {
                  value: 'recipient',
                  label: VOUCHER_WORDS.deliverToRecipient,
                  hint: VOUCHER_WORDS.deliverToRecipientHint,
                },
              ]}
            />
            {deliverTo === 'recipient' ? (
              <div className="grid gap-5 sm:grid-cols-2">
                <FormTextField
                  name="recipientEmail"
                  label={VOUCHER_WORDS.recipientEmail}
                  type="email"
                  required
                  autoComplete="off"
                />
                <FormTextField
                  name="deliverOn"
                  label={VOUCHER_WORDS.deliverOn}
                  type="date"
                  required
                  min={today}
                  max={addDays(today, LATEST_DELIVERY_DAYS)}
                />
              </div>
            ) : null}
          </Section>
          <Section title={VOUCHER_WORDS.buyerSection}>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormTextField name="buyerName" label={VOUCHER_WORDS.buyerName} required autoComplete="name" />
              <FormTextField
                name="buyerEmail"
                label={VOUCHER_WORDS.buyerEmail}
                type="email"
                required
                autoComplete="email"
                hint={VOUCHER_WORDS.buyerEmailHint}
              />
            </div>
            <FormTextAreaField
              name="message"
              label={VOUCHER_WORDS.message}
              rows={4}
              maxLength={MESSAGE_MAX_LENGTH}
              hint={VOUCHER_WORDS.messageHint}
            />
            <FormSpamTrap />
          </Section>
        </div>
        <PurchaseSummary settings={settings} today={today} leaving={leaving} />
      </ReadyFieldset>
    </SiteForm>
  );
}
