import {
  DEPOSIT_KIND_LABELS,
  RULE_BOOKINGS,
  RULE_BOOKINGS_LABELS,
  type RuleBookings,
} from '#shared/deposits/rule-schemas.ts';
import type { DepositRule, DepositRulesDocument } from '#shared/deposits/rules.ts';
import { formatMoney } from '#shared/money/money.ts';
import { ChoiceList } from '#web/features/content/admin/choice-fields.tsx';
import {
  FieldCard,
  ListProblem,
  NumberInput,
  PenceInput,
  useDraft,
} from '#web/features/content/admin/fields.tsx';
import { DraftRowList, FoldingEntry } from '#web/features/content/admin/list-entries.tsx';
import { DraftSelect } from '#web/features/tables/admin/tables-fields.tsx';
import type { RowView } from '#web/forms/row-list.tsx';
import { EventChoices } from './rule-events.tsx';
import { DateRanges, KindChoice, RuleNameField, useNewRuleId } from './rule-fields.tsx';
import { RULE_WORDS, ruleTitle, SERVICE_CHOICES, WEEKDAY_CHOICES } from './rule-words.ts';

const BOOKINGS_OPTIONS = RULE_BOOKINGS.map((bookings) => ({
  value: bookings,
  label: RULE_BOOKINGS_LABELS[bookings],
}));

const AMOUNT_HINTS: Record<DepositRule['kind'], string> = {
  deposit: 'The deposit for each guest, e.g. 10.00',
  guarantee: 'The most the no-show fee may be for each guest, e.g. 10.00',
};

/** A rule as first added: a deposit for large parties, free to cancel until two days before. */
const newRule = (id: string): DepositRule => ({
  id,
  name: '',
  bookings: 'all',
  partyFrom: 8,
  weekdays: [],
  dateRanges: [],
  services: [],
  eventSlugs: [],
  kind: 'deposit',
  perPersonPence: 500,
  cancelHours: 48,
});

function RuleEntry({ row, index, path, added, actions }: RowView<DepositRule> & { path: string }) {
  const { edit } = useDraft<DepositRulesDocument>();
  const title = ruleTitle(row, index);
  const amount = typeof row.perPersonPence === 'number' ? formatMoney(row.perPersonPence) : '—';
  const summary = (
    <span className="text-sm text-ink-soft">
      {DEPOSIT_KIND_LABELS[row.kind]} · {amount} per person · {row.partyFrom}+ guests
    </span>
  );
  const setBookings = (bookings: RuleBookings) =>
    edit((document) => {
      const rule = document.rules[index];
      if (!rule) return;
      rule.bookings = bookings;
      // Table bookings are at no event: a list of events would be kept but never read.
      if (bookings === 'tables') rule.eventSlugs = [];
    });
  return (
    <FoldingEntry path={path} title={title} summary={summary} initiallyOpen={added}>
      <RuleNameField index={index} />
      <DraftSelect
        path={`${path}.bookings`}
        label="Which bookings"
        value={row.bookings}
        options={BOOKINGS_OPTIONS}
        onValue={(bookings) => setBookings(bookings as RuleBookings)}
      />
      <NumberInput
        path={`${path}.partyFrom`}
        label="Party size from"
        hint="Parties of this many guests and more; 1 for every party"
      />
      <ChoiceList
        path={`${path}.weekdays`}
        legend="Days"
        hint="None ticked: every day."
        choices={WEEKDAY_CHOICES}
        compare={(a, b) => a - b}
      />
      <DateRanges path={path} ruleName={title} />
      <ChoiceList
        path={`${path}.services`}
        legend="Services"
        hint="None ticked: both."
        choices={SERVICE_CHOICES}
        columns="grid-cols-2"
      />
      {row.bookings === 'tables' ? null : <EventChoices path={path} chosen={row.eventSlugs} />}
      <KindChoice index={index} kind={row.kind} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PenceInput
          path={`${path}.perPersonPence`}
          label="Amount per person, £"
          hint={AMOUNT_HINTS[row.kind]}
        />
        <NumberInput
          path={`${path}.cancelHours`}
          label="Free cancellation, hours before"
          hint="Guests may cancel or change free until this many hours before, e.g. 48"
        />
      </div>
      {actions}
    </FoldingEntry>
  );
}

/** The rules, in the order they are tried: the first that matches a booking sets what it asks. */
export function RuleRows() {
  const newId = useNewRuleId();
  return (
    <FieldCard title="Rules">
      <p className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3 text-green-900">
        {RULE_WORDS.order}
      </p>
      <ListProblem path="rules" />
      <DraftRowList<DepositRule>
        path="rules"
        label="Rules"
        ordered
        className="space-y-2"
        newRow={() => newRule(newId())}
        addLabel="Add a rule"
        nameOf={ruleTitle}
        focusField="name"
        focusFollowsMove
      >
        {(view) => <RuleEntry {...view} />}
      </DraftRowList>
    </FieldCard>
  );
}
