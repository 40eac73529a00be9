import { type ReactNode, useMemo } from 'react';
import { type DepositRule, type DepositRulesDocument, termsFor } from '#shared/deposits/rules.ts';
import { termsHeadline, termsText } from '#shared/deposits/terms.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, londonToday } from '#shared/time/london-time.ts';
import { FieldCard, useDraft, useProblemCount } from '#web/features/content/admin/fields.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { useBookingEvents } from './rule-events.tsx';
import { type ExampleBooking, exampleBookings, type RuleExample } from './rule-example.ts';
import { RULE_WORDS, ruleTitle } from './rule-words.ts';

/** "For 8 guests at 7:30pm on Friday 20 November 2026, at Quiz night:" */
function exampleText(booking: ExampleBooking): string {
  const at = booking.eventTitle ? `, at ${booking.eventTitle}` : '';
  return `For ${plural(booking.guests, 'guest', 'guests')} at ${formatTime(booking.timeSlot)} on ${formatLongDate(booking.date)}${at}:`;
}

function RuleTerms({ rule, index, example }: { rule: DepositRule; index: number; example: RuleExample }) {
  const problems = useProblemCount(`rules.${index}`);
  let body: ReactNode;
  if (problems > 0) {
    body = <p className="text-ink-soft">{RULE_WORDS.previewNeedsCorrecting}</p>;
  } else if (example.booking === null) {
    body = (
      <p className="font-semibold text-burgundy-800">
        {example.shadowed ? RULE_WORDS.previewShadowed : RULE_WORDS.previewNoBooking}
      </p>
    );
  } else {
    const terms = termsFor(rule, example.booking);
    body = (
      <>
        <p className="text-sm text-ink-soft">{exampleText(example.booking)}</p>
        <p className="font-semibold text-green-900">{termsHeadline(terms)}</p>
        <div className="space-y-1 border-l-4 border-brass-500 pl-3">
          {termsText(terms).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </>
    );
  }
  return (
    <li className="space-y-2 rounded-xl border border-cream-300 bg-cream-50 p-4">
      <h3 className="font-serif text-lg font-semibold text-green-900">{ruleTitle(rule, index)}</h3>
      {body}
    </li>
  );
}

/** What decides which bookings each rule matches; its name, kind and amounts do not. */
const matchingKey = (rules: readonly DepositRule[]) =>
  JSON.stringify(
    rules.map(({ bookings, partyFrom, weekdays, dateRanges, services, eventSlugs }) => [
      bookings,
      partyFrom,
      weekdays,
      dateRanges,
      services,
      eventSlugs,
    ]),
  );

/**
 * What guests will read for each rule, for an example booking it is the first to match. The examples are
 * looked for again only when what the rules match changes, not with each letter of a name.
 */
export function TermsPreview() {
  const { draft } = useDraft<DepositRulesDocument>();
  const settings = useContent('booking-settings');
  const { events } = useBookingEvents();
  const today = londonToday();
  const key = matchingKey(draft.rules);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what of the rules the examples read
  const examples = useMemo(
    () => exampleBookings(draft, { today, settings, events }),
    [key, today, settings, events],
  );
  if (draft.rules.length === 0) return null;
  return (
    <FieldCard title="What guests read">
      <p className="text-ink-soft">{RULE_WORDS.previewLead}</p>
      <ol aria-label="Terms of each rule" className="space-y-3">
        {draft.rules.map((rule, index) => (
          <RuleTerms
            key={rule.id}
            rule={rule}
            index={index}
            example={examples[index] ?? { booking: null, shadowed: false }}
          />
        ))}
      </ol>
    </FieldCard>
  );
}
