import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isChristmasDayOccasion } from '#shared/christmas/occasion.ts';
import { formatMoney } from '#shared/money/money.ts';
import { CHRISTMAS_PATH } from '#shared/occasions/links.ts';
import {
  type Occasion,
  type OccasionPaymentKind,
  type OccasionSitting,
  type OccasionsDocument,
  occasionsDocumentSchema,
} from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { forgetChristmasSeason } from '#web/features/christmas/use-season.ts';
import type { ChangeWords } from '#web/features/content/admin/changes.ts';
import { allergenWords } from '#web/features/content/admin/dish-editor.tsx';
import { ContentEditor } from '#web/features/content/admin/editor-shell.tsx';
import { fieldId, ListProblem, useDraft, useProblemCount } from '#web/features/content/admin/fields.tsx';
import { weekdaysText } from '#web/features/deposits/admin/rule-words.ts';
import { AddRowButton, useFocusAfterRender } from '#web/forms/row-list.tsx';
import { OccasionCoursesSection } from './occasion-editor-courses.tsx';
import { givenDates, OccasionDatesSection } from './occasion-editor-dates.tsx';
import { newOccasion, suggestedSlug, useSavedOccasions } from './occasion-editor-ids.ts';
import { OccasionPricesSection, OccasionRulesSection, PAYMENT_WORDS } from './occasion-editor-money.tsx';
import { OccasionPageSection } from './occasion-editor-page.tsx';
import { OccasionSittingsSection, sittingName } from './occasion-editor-sittings.tsx';

const pence = (value: unknown) => (typeof value === 'number' ? formatMoney(value) : 'none');

const KIND_WORDS: Record<Occasion['dates']['kind'] | OccasionPaymentKind, string> = {
  ...PAYMENT_WORDS,
  dates: 'on these dates',
  weekly: 'every chosen weekday',
};

const OCCASIONS_WORDS = {
  fields: {
    occasions: '',
    kind: '',
    prices: '',
    adultPence: 'adult price',
    childPence: 'child price',
    perPersonPence: 'deposit per person',
    supplementPence: 'supplement',
    defaultDishId: 'default dish',
    optional: 'diners may go without it',
    minOnline: 'smallest party online',
    maxOnline: 'largest party online',
    preOrderDaysBefore: 'choices due (days before)',
    refundDaysBefore: 'refunds until (days before)',
    weekdays: 'on',
  },
  values: {
    adultPence: pence,
    childPence: (value) => (value === null ? 'no children' : pence(value)),
    perPersonPence: pence,
    supplementPence: pence,
    allergens: allergenWords,
    weekdays: (days) => weekdaysText(Array.isArray(days) ? days : []),
    kind: (kind) => KIND_WORDS[kind as keyof typeof KIND_WORDS] ?? 'none',
  },
  items: { occasions: 'occasion', sittings: 'sitting', courses: 'course', dishes: 'dish', dates: 'date' },
  names: {
    sittings: (sitting: OccasionSitting) => (sitting.label.trim() ? sittingName(sitting, 0) : undefined),
  },
} satisfies ChangeWords;

const occasionTitle = (occasion: Occasion | undefined) => occasion?.name.trim() || 'New occasion';

/** "Fri 4 Dec 2026", "6 dates, Fri 4 Dec 2026 to Sat 19 Dec 2026", or "dates to choose". */
function datesSummary(occasion: Occasion): string {
  const dates = givenDates(occasion);
  const first = dates?.[0];
  const last = dates?.at(-1);
  if (!dates || first === undefined || last === undefined) return 'Dates to choose';
  if (dates.length === 1) return formatShortDate(first);
  return `${plural(dates.length, 'date', 'dates')}, ${formatShortDate(first)} to ${formatShortDate(last)}`;
}

const chooserId = (index: number) => `occasion-choose-${index}`;
const ADD_ID = 'occasion-add';

function OccasionChoice({
  occasion,
  index,
  onChoose,
}: {
  occasion: Occasion;
  index: number;
  onChoose: () => void;
}) {
  const problems = useProblemCount(`occasions.${index}`);
  return (
    <li>
      <button
        id={chooserId(index)}
        type="button"
        onClick={onChoose}
        className="flex min-h-16 w-full items-center justify-between gap-4 px-4 py-3 text-left transition-colors hover:bg-cream-100 sm:px-6"
      >
        <span className="min-w-0">
          <span className="block font-serif text-xl font-semibold break-words text-green-900">
            {occasionTitle(occasion)}
          </span>
          <span className="block text-sm text-ink-soft">
            {datesSummary(occasion)} · {occasion.published ? 'Published' : 'Draft'}
            {occasion.featured ? ' · Featured' : ''}
          </span>
          {problems > 0 ? (
            <span className="block text-sm font-semibold text-burgundy-800">
              {plural(problems, 'problem', 'problems')}
            </span>
          ) : null}
        </span>
        <span aria-hidden="true" className="text-2xl text-brass-600">
          ›
        </span>
      </button>
    </li>
  );
}

/** Every occasion, each opening its form, and a new one added. */
function OccasionList({ onChoose, onAdd }: { onChoose: (index: number) => void; onAdd: () => void }) {
  const { occasions } = useDraft<OccasionsDocument>().draft;
  return (
    <section aria-labelledby="occasions-heading" className="space-y-4">
      <h2 id="occasions-heading" className="font-serif text-2xl">
        Occasions
      </h2>
      <ListProblem path="occasions" />
      {occasions.length === 0 ? (
        <p className="text-ink-soft">No occasions yet.</p>
      ) : (
        <ul aria-label="Occasions" className="card divide-y divide-cream-200 overflow-hidden">
          {occasions.map((occasion, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a new occasion's slug changes as it is named; its place does not
            <OccasionChoice key={index} occasion={occasion} index={index} onChoose={() => onChoose(index)} />
          ))}
        </ul>
      )}
      <AddRowButton id={ADD_ID} onClick={onAdd}>
        Add an occasion
      </AddRowButton>
    </section>
  );
}

/** Removing an occasion asks once more: it takes its dates, sittings and menu with it. */
function RemoveOccasion({ name, onRemove }: { name: string; onRemove: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="btn-outline min-h-12 w-full px-5 text-burgundy-800 sm:w-auto"
        onClick={() => setAsking(true)}
      >
        Remove this occasion
      </button>
    );
  }
  return (
    <div className="card space-y-3 p-4">
      <p className="font-semibold text-burgundy-800">
        Remove {name}? It goes from the site when you save; a previous version can bring it back.
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-dark min-h-12 px-5" onClick={onRemove}>
          Remove {name}
        </button>
        <button type="button" className="btn-outline min-h-12 px-5" onClick={() => setAsking(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}

/** Christmas Day is one of the occasions, but `/christmas` sells it by its own rules, which fix its shape. */
function ChristmasDayNote() {
  return (
    <p className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3 text-green-900">
      Christmas Day is sold on{' '}
      <Link to={CHRISTMAS_PATH} className="link">
        {CHRISTMAS_PATH}
      </Link>
      , where its two sittings and its starters, mains and desserts are fixed: change their times, seats and
      dishes, not how many there are. It is booked and managed from the{' '}
      <Link to="/admin/christmas" className="link">
        Christmas screen
      </Link>
      .
    </p>
  );
}

/** One occasion's form, section by section, with the way back to the list; Christmas Day's cannot remove it. */
function OccasionForm({
  index,
  onBack,
  onRemove,
}: {
  index: number;
  onBack: () => void;
  onRemove: () => void;
}) {
  const occasion = useDraft<OccasionsDocument>().draft.occasions[index];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const title = occasionTitle(occasion);
  const christmasDay = occasion !== undefined && isChristmasDayOccasion(occasion);
  return (
    <section aria-labelledby="occasion-heading" className="space-y-6">
      <div className="space-y-2">
        <button type="button" className="link min-h-11 font-semibold" onClick={onBack}>
          ‹ All occasions
        </button>
        <h2 id="occasion-heading" ref={heading} tabIndex={-1} className="font-serif text-3xl break-words">
          {title}
        </h2>
      </div>
      {christmasDay ? <ChristmasDayNote /> : null}
      <OccasionPageSection index={index} />
      <OccasionDatesSection index={index} />
      <OccasionSittingsSection index={index} />
      <OccasionCoursesSection index={index} />
      <OccasionPricesSection index={index} />
      <OccasionRulesSection index={index} />
      {christmasDay ? null : <RemoveOccasion name={title} onRemove={onRemove} />}
    </section>
  );
}

const PROBLEM_LINK = /^#content-occasions_(\d+)(_|$)/;

function OccasionsForm() {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const saved = useSavedOccasions();
  const [chosen, setChosen] = useState<number | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const shown = chosen !== null && chosen < draft.occasions.length ? chosen : null;

  // A link of the list of problems names a field of an occasion maybe not open: open it, then go to the field.
  useEffect(() => {
    function follow() {
      const hash = window.location.hash;
      const match = PROBLEM_LINK.exec(hash);
      if (!match) return;
      const field = document.getElementById(hash.slice(1));
      if (field) {
        field.focus();
        return;
      }
      setChosen(Number(match[1]));
      focusAfterRender(hash.slice(1));
    }
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [focusAfterRender]);

  function add() {
    const taken = [...saved, ...draft.occasions].map((occasion) => occasion.slug);
    edit((document) => {
      document.occasions.push(newOccasion(suggestedSlug('', taken)));
    });
    setChosen(draft.occasions.length);
    focusAfterRender(fieldId(`occasions.${draft.occasions.length}.name`));
  }

  function back() {
    if (shown !== null) focusAfterRender(chooserId(shown));
    setChosen(null);
  }

  function remove() {
    if (shown === null) return;
    edit((document) => {
      document.occasions.splice(shown, 1);
    });
    setChosen(null);
    focusAfterRender(ADD_ID);
  }

  return shown === null ? (
    <OccasionList onChoose={setChosen} onAdd={add} />
  ) : (
    <OccasionForm key={shown} index={shown} onBack={back} onRemove={remove} />
  );
}

/** Every set-menu occasion and ticketed event: one at a time, its page, dates, sittings, menu and payment. */
export function OccasionsEditor() {
  return (
    <ContentEditor
      contentKey="occasions"
      schema={occasionsDocumentSchema}
      description="Party nights, set-menu days and ticketed events: their pages, dates, sittings, courses, prices and deadlines."
      words={OCCASIONS_WORDS}
      forgetAlso={forgetChristmasSeason}
    >
      <OccasionsForm />
    </ContentEditor>
  );
}
