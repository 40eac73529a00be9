import { COURSE_LABELS } from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID, type Course } from '#shared/christmas/ids.ts';
import type { ChristmasDish } from '#shared/christmas/season-schema.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import { AllergenLine } from '#web/components/allergen-line.tsx';

const STEPPER_BUTTON =
  'grid h-10 w-10 place-items-center rounded-full border-2 border-green-800 text-xl font-semibold leading-none ' +
  'text-green-800 transition-colors hover:bg-green-800 hover:text-cream-50 disabled:cursor-not-allowed ' +
  'disabled:border-cream-300 disabled:text-cream-300 disabled:hover:bg-transparent';

interface CoursePickerProps {
  course: Course;
  dishes: ChristmasDish[];
  counts: Record<string, number>;
  guests: number;
  supplement: number;
  invalid: boolean;
  describedBy?: string;
  onChange: (item: string, count: number) => void;
}

/** What the course still needs, in words: mains are exactly one each, the others up to one each. */
function courseStatus(course: Course, chosen: number, guests: number): { text: string; done: boolean } {
  if (guests <= 0) return { text: 'Add your guests first', done: false };
  if (course === 'mains') {
    return chosen === guests
      ? { text: `All ${guests} chosen`, done: true }
      : { text: `${chosen} of ${guests} chosen — one each`, done: false };
  }
  return { text: `${chosen} of up to ${guests} chosen`, done: chosen <= guests };
}

/** One course of the pre-order: each dish with its description and a − count + stepper (spec §2). */
export function CoursePicker({
  course,
  dishes,
  counts,
  guests,
  supplement,
  invalid,
  describedBy,
  onChange,
}: CoursePickerProps) {
  const chosen = dishes.reduce((sum, dish) => sum + (counts[dish.id] ?? 0), 0);
  const status = courseStatus(course, chosen, guests);
  const full = chosen >= guests;
  return (
    <fieldset
      className="border-t-2 border-cream-200 pt-4 sm:rounded-2xl sm:border-2 sm:bg-cream-50/60 sm:p-5"
      aria-describedby={describedBy}
    >
      <legend className="float-left font-serif text-2xl text-green-900">{COURSE_LABELS[course]}</legend>
      <p
        className={`float-right mt-1.5 text-sm font-semibold ${status.done && chosen > 0 ? 'text-green-700' : invalid ? 'text-burgundy-700' : 'text-ink-soft'}`}
      >
        {status.done && chosen > 0 ? '✓ ' : ''}
        {status.text}
      </p>
      <ul className="clear-both divide-y divide-cream-200 pt-2">
        {dishes.map((dish) => {
          const count = counts[dish.id] ?? 0;
          return (
            <li key={dish.id} className="flex items-start gap-3 py-3.5 sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-green-900">
                  {dish.name}
                  {dish.id === CHEESE_BOARD_ID ? (
                    <span className="ml-2 inline-block rounded-full bg-brass-300/50 px-2 py-0.5 align-middle text-xs font-semibold text-brass-700">
                      +{formatPrice(poundsToPence(supplement))} each
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-[0.95rem] leading-snug text-ink-soft">{dish.description}</p>
                <AllergenLine allergens={dish.allergens} />
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={STEPPER_BUTTON}
                  aria-label={`One fewer ${dish.name}`}
                  disabled={count === 0}
                  onClick={() => onChange(dish.id, count - 1)}
                >
                  <span aria-hidden="true">−</span>
                </button>
                <output
                  className={`w-7 text-center text-lg font-semibold tabular-nums ${count > 0 ? 'text-green-900' : 'text-ink-soft/70'}`}
                  aria-label={`${dish.name}: ${count}`}
                >
                  {count}
                </output>
                <button
                  type="button"
                  className={STEPPER_BUTTON}
                  aria-label={`One more ${dish.name}`}
                  disabled={full}
                  onClick={() => onChange(dish.id, count + 1)}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
