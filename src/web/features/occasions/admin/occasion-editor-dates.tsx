import { occasionDates } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionsDocument } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { ISO_DATE_PATTERN } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { ChoiceOption } from '#web/components/choice-option.tsx';
import { ChoiceList } from '#web/features/content/admin/choice-fields.tsx';
import {
  FieldCard,
  FieldError,
  fieldId,
  ListProblem,
  TextInput,
  useDraft,
  useIssueAt,
} from '#web/features/content/admin/fields.tsx';
import { DraftRowList } from '#web/features/content/admin/list-entries.tsx';
import { WEEKDAY_CHOICES } from '#web/features/deposits/admin/rule-words.ts';

type Dates = Occasion['dates'];

const KINDS: readonly { kind: Dates['kind']; label: string; hint: string }[] = [
  { kind: 'dates', label: 'On one or more dates', hint: 'A single night, or dates you pick one by one.' },
  {
    kind: 'weekly',
    label: 'Every chosen weekday between two dates',
    hint: 'Every Friday and Saturday of December, say.',
  },
];

const isDate = (value: string) => ISO_DATE_PATTERN.test(value);

/** The dates the rule gives, or null while it is not whole (a date still to choose, an end before its start). */
export function givenDates(occasion: Occasion): string[] | null {
  const { dates } = occasion;
  if (dates.kind === 'dates' && !dates.dates.every(isDate)) return null;
  if (dates.kind === 'weekly' && !(isDate(dates.from) && isDate(dates.to) && dates.from <= dates.to))
    return null;
  return occasionDates(occasion);
}

/**
 * The other kind of dates, made from what the rule gives now: a weekly rule becomes its dates, one by one (to
 * take one out), and dates become a rule from the first to the last.
 */
function switched(occasion: Occasion, kind: Dates['kind']): Dates {
  const given = (givenDates(occasion) ?? []).slice(0, 120);
  if (kind === 'dates') return { kind, dates: given.length > 0 ? given : [''] };
  return { kind, from: given[0] ?? '', to: given.at(-1) ?? '', weekdays: [] };
}

/** The dates the rule gives, as staff will see them on the diary: the preview under the rule. */
function DatesPreview({ occasion }: { occasion: Occasion }) {
  const dates = givenDates(occasion);
  if (dates === null)
    return <p className="text-sm text-ink-soft">Choose the dates to see them listed here.</p>;
  if (dates.length === 0) {
    return (
      <p className="font-semibold text-burgundy-800">
        These give no dates: tick a weekday that falls between them.
      </p>
    );
  }
  return (
    <div className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3">
      <p className="font-semibold text-green-900">Runs on {plural(dates.length, 'date', 'dates')}:</p>
      <ul aria-label="Dates it runs on" className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-green-900">
        {dates.map((date) => (
          <li key={date}>{formatShortDate(date)}</li>
        ))}
      </ul>
    </div>
  );
}

function KindChoice({ index, occasion }: { index: number; occasion: Occasion }) {
  const { edit } = useDraft<OccasionsDocument>();
  const path = `occasions.${index}.dates.kind`;
  const id = fieldId(path);
  const message = useIssueAt(path);
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="field-label">It runs</legend>
      <div className="space-y-2">
        {KINDS.map(({ kind, label, hint }) => (
          <ChoiceOption
            key={kind}
            name={id}
            checked={occasion.dates.kind === kind}
            label={label}
            hint={hint}
            onSelect={() =>
              edit((document) => {
                const target = document.occasions[index];
                if (target && target.dates.kind !== kind) target.dates = switched(target, kind);
              })
            }
          />
        ))}
      </div>
      <FieldError id={`${id}-error`} message={message} />
    </fieldset>
  );
}

/** When the occasion runs: a list of dates, or every chosen weekday from a date to a date; and what that gives. */
export function OccasionDatesSection({ index }: { index: number }) {
  const occasion = useDraft<OccasionsDocument>().draft.occasions[index];
  if (!occasion) return null;
  const path = `occasions.${index}.dates`;
  return (
    <FieldCard title="Dates" headingLevel={3}>
      <KindChoice index={index} occasion={occasion} />
      {occasion.dates.kind === 'dates' ? (
        <div className="space-y-3">
          <ListProblem path={`${path}.dates`} />
          <DraftRowList<string>
            path={`${path}.dates`}
            label="Dates"
            className="space-y-2"
            itemClassName="flex flex-wrap items-end gap-3 rounded-lg border border-cream-300 bg-cream-50 p-3"
            newRow={() => ''}
            addLabel="Add a date"
            nameOf={(date, at) => (isDate(date) ? formatShortDate(date) : `date ${at + 1}`)}
            reorderable={false}
            focusField=""
          >
            {({ path: datePath, index: at }) => (
              <TextInput path={datePath} label={`Date ${at + 1}`} type="date" className="min-w-44 flex-1" />
            )}
          </DraftRowList>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4">
            <TextInput path={`${path}.from`} label="From" type="date" />
            <TextInput path={`${path}.to`} label="To" type="date" />
          </div>
          <ChoiceList
            path={`${path}.weekdays`}
            legend="On"
            hint="Every one of these days from the first date to the last."
            choices={WEEKDAY_CHOICES}
            compare={(a, b) => a - b}
          />
        </>
      )}
      <DatesPreview occasion={occasion} />
    </FieldCard>
  );
}
