import { type Ref, useId } from 'react';
import { COURSE_LABELS } from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID, type Course } from '#shared/christmas/ids.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';

const STEP_BUTTON =
  'grid h-10 w-10 shrink-0 place-items-center rounded-full border-2 border-green-800 text-xl leading-none font-semibold ' +
  'text-green-800 transition-colors hover:bg-green-800 hover:text-cream-50 disabled:cursor-not-allowed ' +
  'disabled:border-cream-300 disabled:text-cream-300 disabled:hover:bg-transparent';

/**
 * "2 still to allocate", "All 4 allocated", "1 too many": mains are exactly one per guest; starters and
 * desserts up to one each ("1 of up to 4 allocated"), as a guest's own pre-order.
 */
export function allocationText(
  course: Course,
  guests: number,
  allocated: number,
): { text: string; tone: 'todo' | 'done' | 'over' | 'optional' } {
  if (guests <= 0) return { text: 'Add the party first', tone: 'todo' };
  const left = guests - allocated;
  if (left < 0) return { text: `${-left} too many`, tone: 'over' };
  if (left === 0) return { text: `All ${guests} allocated`, tone: 'done' };
  if (course !== 'mains') return { text: `${allocated} of up to ${guests} allocated`, tone: 'optional' };
  return { text: `${left} still to allocate`, tone: 'todo' };
}

const TONES = {
  todo: 'text-brass-700',
  done: 'text-green-700',
  over: 'text-burgundy-700',
  optional: 'text-ink-soft',
} as const;

interface CourseCounterProps {
  season: ChristmasSeason;
  course: Course;
  counts: Record<string, number>;
  guests: number;
  /** The course's problem, shown under it and read with its counts. */
  error: string | undefined;
  /** The first dish's count, which the form focuses when the course has a problem. */
  firstInputRef: Ref<HTMLInputElement>;
  onChange: (item: string, count: number) => void;
}

/** One course of a phone booking: a counter per dish and how many are allocated. */
export function CourseCounter({
  season,
  course,
  counts,
  guests,
  error,
  firstInputRef,
  onChange,
}: CourseCounterProps) {
  const idPrefix = useId();
  const dishes = season.menu[course];
  const allocated = dishes.reduce((sum, dish) => sum + (counts[dish.id] ?? 0), 0);
  const status = allocationText(course, guests, allocated);
  const statusId = `${idPrefix}-status`;
  const errorId = `${idPrefix}-error`;
  const supplement = formatPrice(poundsToPence(season.prices.cheeseBoardSupplement));

  return (
    <fieldset
      aria-describedby={error ? `${statusId} ${errorId}` : statusId}
      className="rounded-xl border border-cream-200 bg-cream-50/70 px-3 pt-1 pb-2 sm:px-4"
    >
      <legend className="float-left pt-2 font-serif text-xl text-green-900">{COURSE_LABELS[course]}</legend>
      <p
        id={statusId}
        aria-live="polite"
        className={`float-right pt-3 text-sm font-semibold ${TONES[status.tone]}`}
      >
        {status.tone === 'done' ? '✓ ' : ''}
        {status.text}
      </p>
      <ul className="clear-both divide-y divide-cream-200">
        {dishes.map((dish, index) => {
          const count = counts[dish.id] ?? 0;
          const inputId = `${idPrefix}-${dish.id}`;
          return (
            <li key={dish.id} className="flex items-center gap-2 py-1.5">
              <label
                htmlFor={inputId}
                className="min-w-0 flex-1 text-[0.95rem] leading-snug font-semibold text-green-900"
              >
                {dish.name}
                {dish.id === CHEESE_BOARD_ID ? (
                  <span className="ml-1.5 text-xs font-semibold whitespace-nowrap text-brass-700">
                    +{supplement} each
                  </span>
                ) : null}
              </label>
              <button
                type="button"
                className={STEP_BUTTON}
                aria-label={`One fewer ${dish.name}`}
                disabled={count === 0}
                onClick={() => onChange(dish.id, count - 1)}
              >
                <span aria-hidden="true">−</span>
              </button>
              <input
                ref={index === 0 ? firstInputRef : undefined}
                id={inputId}
                type="number"
                aria-invalid={error ? true : undefined}
                inputMode="numeric"
                min={0}
                step={1}
                value={count}
                onFocus={(event) => event.target.select()}
                onChange={(event) => {
                  const value = Number.parseInt(event.target.value, 10);
                  onChange(dish.id, Number.isFinite(value) && value > 0 ? value : 0);
                }}
                className={`h-10 w-12 shrink-0 rounded-lg border border-cream-300 bg-white text-center text-lg font-semibold tabular-nums focus:border-brass-500 ${count > 0 ? 'text-green-900' : 'text-ink-soft'}`}
              />
              <button
                type="button"
                className={STEP_BUTTON}
                aria-label={`One more ${dish.name}`}
                disabled={allocated >= guests}
                onClick={() => onChange(dish.id, count + 1)}
              >
                <span aria-hidden="true">+</span>
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="pb-1 text-sm font-semibold text-burgundy-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
