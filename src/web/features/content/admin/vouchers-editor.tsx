import { formatMoney, formatPrice } from '#shared/money/money.ts';
import { voucherSettingsSchema } from '#shared/vouchers/settings.ts';
import type { ChangeWords } from './changes.ts';
import { DraftCheckbox } from './choice-fields.tsx';
import { ContentEditor } from './editor-shell.tsx';
import { FieldCard, NumberInput, type Parsed, TextInput, TypedInput, useDraftValue } from './fields.tsx';
import { RowsCard } from './list-entries.tsx';
import { POUNDS_MESSAGE, penceFromPounds, poundsText } from './pounds.ts';

const money = (pence: unknown) => (typeof pence === 'number' ? formatMoney(pence) : 'none');

const VOUCHERS_WORDS = {
  fields: {
    onSale: 'on sale',
    amountsPence: 'amounts',
    allowCustom: 'another amount allowed',
    customMinPence: 'smallest other amount',
    customMaxPence: 'largest other amount',
    expiryMonths: 'months a voucher lasts',
    headline: 'headline',
    intro: 'introduction',
    terms: 'terms',
  },
  values: {
    onSale: (value) => (value ? 'yes' : 'no'),
    allowCustom: (value) => (value ? 'yes' : 'no'),
    amountsPence: (value) =>
      Array.isArray(value) ? value.map((pence) => formatPrice(pence)).join(', ') : '',
    customMinPence: money,
    customMaxPence: money,
  },
  items: { terms: 'term' },
} satisfies ChangeWords;

function parseAmount(text: string): Parsed<number> {
  if (text.trim() === '') return { problem: 'needs an amount in pounds' };
  const pence = penceFromPounds(text);
  return pence === null ? { problem: POUNDS_MESSAGE } : { value: pence };
}

/** An amount typed in pounds and kept in pence; it must be there. */
function AmountInput({ path, label, hint }: { path: string; label: string; hint?: string }) {
  return (
    <TypedInput<number>
      path={path}
      label={label}
      hint={hint}
      format={poundsText}
      parse={parseAmount}
      inputMode="decimal"
    />
  );
}

function CustomAmountCard() {
  const [allowCustom] = useDraftValue<boolean>('allowCustom');
  return (
    <FieldCard title="Another amount">
      <DraftCheckbox path="allowCustom" label="Guests may choose another amount" />
      {allowCustom ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountInput path="customMinPence" label="Smallest, in pounds" hint="e.g. 10.00" />
          <AmountInput path="customMaxPence" label="Largest, in pounds" hint="e.g. 250.00" />
        </div>
      ) : null}
    </FieldCard>
  );
}

function VouchersForm() {
  return (
    <>
      <FieldCard title="On sale">
        <DraftCheckbox path="onSale" label="Sell gift vouchers on the website" />
        <NumberInput
          path="expiryMonths"
          label="Months a voucher lasts"
          hint="From the day it is bought, e.g. 12. Shown in the terms before payment."
        />
      </FieldCard>
      <RowsCard<number>
        title="Amounts"
        label="Amounts"
        lead={
          <p className="text-ink-soft">The amounts guests choose from, as big buttons, from £5 to £1,000.</p>
        }
        path="amountsPence"
        ordered
        nameOf={(_, index) => `amount ${index + 1}`}
        newRow={() => 5000}
        addLabel="Add an amount"
        focusField=""
        focusFollowsMove
      >
        {({ path, index }) => <AmountInput path={path} label={`Amount ${index + 1}, in pounds`} />}
      </RowsCard>
      <CustomAmountCard />
      <FieldCard title="The page">
        <TextInput path="headline" label="Headline" />
        <TextInput path="intro" label="Introduction" multiline rows={4} />
      </FieldCard>
      <RowsCard<string>
        title="Terms"
        label="Terms"
        lead={<p className="text-ink-soft">Shown before payment, and printed on every voucher.</p>}
        path="terms"
        ordered
        nameOf={(_, index) => `term ${index + 1}`}
        newRow={() => ''}
        addLabel="Add a term"
        focusField=""
        focusFollowsMove
      >
        {({ path, index }) => <TextInput path={path} label={`Term ${index + 1}`} multiline rows={2} />}
      </RowsCard>
    </>
  );
}

/** Gift vouchers (issue 33): whether they are on sale, the amounts, another amount's limits, expiry, the page's words and terms. */
export function VouchersEditor() {
  return (
    <ContentEditor
      contentKey="vouchers"
      schema={voucherSettingsSchema}
      description="Gift vouchers on the website: the amounts, how long a voucher lasts, and the terms guests read before paying."
      words={VOUCHERS_WORDS}
    >
      <VouchersForm />
    </ContentEditor>
  );
}
