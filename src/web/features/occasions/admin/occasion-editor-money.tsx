import type { ReactNode } from 'react';
import { formatMoney } from '#shared/money/money.ts';
import { amountDuePence, isTicketed, preOrderDeadline, refundCutoff } from '#shared/occasions/rules.ts';
import {
  OCCASION_PAYMENT_KINDS,
  type Occasion,
  type OccasionPaymentKind,
  type OccasionsDocument,
  occasionSchema,
} from '#shared/occasions/schema.ts';
import { formatLondonMoment, formatShortDate } from '#shared/time/staff-dates.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { Checkbox } from '#web/features/content/admin/choice-fields.tsx';
import {
  FieldCard,
  FieldError,
  fieldId,
  NumberInput,
  type Parsed,
  TypedInput,
  useDraft,
  useIssueAt,
} from '#web/features/content/admin/fields.tsx';
import { POUNDS_MESSAGE, penceFromPounds, poundsText } from '#web/features/content/admin/pounds.ts';
import { givenDates } from './occasion-editor-dates.tsx';

function parsePounds(text: string): Parsed<number | undefined> {
  if (text.trim() === '') return { problem: 'needs an amount in pounds, e.g. 38.00' };
  const pence = penceFromPounds(text);
  return pence === null ? { problem: POUNDS_MESSAGE } : { value: pence };
}

const formatPounds = (pence: number | undefined) => (pence === undefined ? '' : poundsText(pence));

/** An amount staff must give, typed in pounds ("38", "10.50") and kept in whole pence. */
export function PoundsField({ path, label, hint }: { path: string; label: string; hint?: ReactNode }) {
  return (
    <TypedInput<number | undefined>
      path={path}
      label={label}
      hint={hint}
      format={formatPounds}
      parse={parsePounds}
      inputMode="decimal"
    />
  );
}

const PAYMENT_CHOICES: Record<OccasionPaymentKind, { label: string; hint: string }> = {
  none: { label: 'Nothing online', hint: 'The party pays on the day.' },
  deposit: {
    label: 'A deposit per person',
    hint: 'Taken when the party books; the rest is paid on the day.',
  },
  full: {
    label: 'The full price',
    hint: 'Every place is paid when the party books: tickets, a supper club.',
  },
};

/** How the payment a party makes online is named in "What will change". */
export const PAYMENT_WORDS: Record<OccasionPaymentKind, string> = {
  none: 'nothing online',
  deposit: 'a deposit per person',
  full: 'the full price',
};

function PaymentChoice({ index, occasion }: { index: number; occasion: Occasion }) {
  const { edit } = useDraft<OccasionsDocument>();
  const path = `occasions.${index}.payment`;
  const id = fieldId(`${path}.kind`);
  const message = useIssueAt(`${path}.kind`);
  const choose = (kind: OccasionPaymentKind) =>
    edit((document) => {
      const target = document.occasions[index];
      if (!target || target.payment.kind === kind) return;
      target.payment = kind === 'deposit' ? ({ kind } as Occasion['payment']) : { kind };
    });
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="field-label">Paid online when booking</legend>
      <div className="space-y-2">
        {OCCASION_PAYMENT_KINDS.map((kind) => (
          <ChoiceOption
            key={kind}
            name={id}
            checked={occasion.payment.kind === kind}
            label={PAYMENT_CHOICES[kind].label}
            hint={PAYMENT_CHOICES[kind].hint}
            onSelect={() => choose(kind)}
          />
        ))}
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </fieldset>
  );
}

/** What a party of the largest size online pays when it books, once the occasion is whole. */
function PaymentExample({ occasion }: { occasion: Occasion }) {
  if (!occasionSchema.safeParse(occasion).success) return null;
  const party = { adults: occasion.party.maxOnline, children: 0 };
  const due = amountDuePence(occasion, party);
  return (
    <p className="text-sm font-semibold text-green-900" aria-live="polite">
      A party of {party.adults} adults pays {due === 0 ? 'nothing' : formatMoney(due)} online when booking.
    </p>
  );
}

/** The prices per adult and child, and what is paid online when a party books. */
export function OccasionPricesSection({ index }: { index: number }) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const occasion = draft.occasions[index];
  if (!occasion) return null;
  const path = `occasions.${index}`;
  const noChildren = occasion.prices.childPence === null;
  return (
    <FieldCard title="Prices and payment" headingLevel={3}>
      <div className="grid gap-4 sm:grid-cols-2">
        <PoundsField
          path={`${path}.prices.adultPence`}
          label={isTicketed(occasion) ? 'Ticket (£)' : 'Adult (£)'}
          hint="A head, e.g. 38.00"
        />
        {noChildren ? null : (
          <PoundsField path={`${path}.prices.childPence`} label="Child (£)" hint="A child, e.g. 19.00" />
        )}
      </div>
      <Checkbox
        id={fieldId(`${path}.prices.noChildren`)}
        label="No children (a tasting, an adults’ night)"
        checked={noChildren}
        onChecked={(checked) =>
          edit((document) => {
            const target = document.occasions[index];
            if (target) target.prices.childPence = checked ? null : (undefined as unknown as number);
          })
        }
      />
      <PaymentChoice index={index} occasion={occasion} />
      {occasion.payment.kind === 'deposit' ? (
        <PoundsField
          path={`${path}.payment.perPersonPence`}
          label="Deposit per person (£)"
          hint="e.g. 10.00; it comes off the bill on the day"
        />
      ) : null}
      <PaymentExample occasion={occasion} />
    </FieldCard>
  );
}

/** When the first date's deadlines fall, as staff and guests will read them. */
function DeadlinesExample({ occasion }: { occasion: Occasion }) {
  const first = givenDates(occasion)?.[0];
  if (first === undefined || !occasionSchema.safeParse(occasion).success) return null;
  return (
    <div className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3 text-green-900">
      <p className="font-semibold">For {formatShortDate(first)}:</p>
      <ul className="mt-1 list-disc pl-5">
        {isTicketed(occasion) ? null : (
          <li>choices are due by {formatLondonMoment(preOrderDeadline(occasion, first))}</li>
        )}
        <li>
          a guest who cancels by {formatLondonMoment(refundCutoff(occasion, first))} gets their money back
        </li>
      </ul>
    </div>
  );
}

/** The parties taken online, and the days before each date the choices are due and refunds end. */
export function OccasionRulesSection({ index }: { index: number }) {
  const occasion = useDraft<OccasionsDocument>().draft.occasions[index];
  if (!occasion) return null;
  const path = `occasions.${index}`;
  const ticketed = isTicketed(occasion);
  return (
    <FieldCard title="Parties and deadlines" headingLevel={3}>
      <div className="grid grid-cols-2 gap-4">
        <NumberInput path={`${path}.party.minOnline`} label="Smallest party" hint="Booked online, e.g. 1" />
        <NumberInput path={`${path}.party.maxOnline`} label="Largest party" hint="Larger parties phone" />
      </div>
      {ticketed ? null : (
        <NumberInput
          path={`${path}.preOrderDaysBefore`}
          label="Choices due, days before"
          hint="Every diner’s choices are due by the end of the day this many days before the date; then the defaults are served and the order locks."
        />
      )}
      <NumberInput
        path={`${path}.refundDaysBefore`}
        label="Refunds until, days before"
        hint="A guest who cancels by the end of the day this many days before gets back what they paid."
      />
      <DeadlinesExample occasion={occasion} />
    </FieldCard>
  );
}
