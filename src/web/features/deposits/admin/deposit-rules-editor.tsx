import {
  DEPOSIT_KIND_LABELS,
  depositRulesDocumentSchema,
  RULE_BOOKINGS_LABELS,
  type RuleBookings,
} from '#shared/deposits/rule-schemas.ts';
import type { DepositKind } from '#shared/deposits/rules.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import type { ChangeWords } from '#web/features/content/admin/changes.ts';
import { ContentEditor } from '#web/features/content/admin/editor-shell.tsx';
import { BookingEventsProvider } from './rule-events.tsx';
import { TermsPreview } from './rule-preview.tsx';
import { RuleRows } from './rule-rows.tsx';
import { weekdaysText } from './rule-words.ts';

const listText = (every: string) => (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? value.join(', ') : every;

const DEPOSIT_RULES_WORDS = {
  fields: {
    bookings: 'which bookings',
    partyFrom: 'party size from',
    weekdays: 'days',
    dateRanges: 'dates',
    eventSlugs: 'events',
    kind: 'what it asks',
    perPersonPence: 'amount per person',
    cancelHours: 'free cancellation',
  },
  values: {
    bookings: (bookings) => RULE_BOOKINGS_LABELS[bookings as RuleBookings] ?? 'none',
    weekdays: (days) => weekdaysText(Array.isArray(days) ? days : []),
    services: listText('both'),
    eventSlugs: listText('every event'),
    kind: (kind) => DEPOSIT_KIND_LABELS[kind as DepositKind] ?? 'none',
    perPersonPence: (pence) => (typeof pence === 'number' ? formatMoney(pence) : 'none'),
    cancelHours: (hours) => `${plural(Number(hours), 'hour', 'hours')} before`,
  },
  items: { rules: 'rule', dateRanges: 'dates' },
  names: {
    dateRanges: (range: { from: string; to: string }) =>
      range.from && range.to ? `${range.from} to ${range.to}` : undefined,
  },
} satisfies ChangeWords;

function DepositRulesForm() {
  return (
    <BookingEventsProvider>
      <TermsPreview />
      <RuleRows />
    </BookingEventsProvider>
  );
}

/** Which bookings pay a deposit or hold a card, how much, and until when they are free to cancel (issue 29). */
export function DepositRulesEditor() {
  return (
    <ContentEditor
      contentKey="deposit-rules"
      schema={depositRulesDocumentSchema}
      description="Which bookings pay a deposit or hold a card, how much a guest, and until when they may cancel free."
      words={DEPOSIT_RULES_WORDS}
    >
      <DepositRulesForm />
    </ContentEditor>
  );
}
