import { memo, type Ref, useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { COURSE_LABELS, type DishCounts } from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID, COURSES, type Course } from '#shared/christmas/ids.ts';
import type { ChristmasDish, ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { formatPrice, poundsToPence } from '#shared/money/money.ts';
import { AllergenLine } from '#web/components/allergen-line.tsx';
import { FieldError, fieldErrorId } from '#web/components/form-fields.tsx';

const STEPPER_BUTTON =
  'grid h-10 w-10 place-items-center rounded-full border-2 border-green-800 text-xl font-semibold leading-none ' +
  'text-green-800 transition-colors hover:bg-green-800 hover:text-cream-50 disabled:cursor-not-allowed ' +
  'disabled:border-cream-300 disabled:text-cream-300 disabled:hover:bg-transparent';

interface CoursePickerProps {
  ref?: Ref<HTMLFieldSetElement>;
  course: Course;
  dishes: ChristmasDish[];
  counts: Record<string, number>;
  guests: number;
  supplement: number;
  /** The course's own problem, shown under its dishes and read with them. */
  error?: string;
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
function CoursePicker({
  ref,
  course,
  dishes,
  counts,
  guests,
  supplement,
  error,
  onChange,
}: CoursePickerProps) {
  const id = useId();
  const chosen = dishes.reduce((sum, dish) => sum + (counts[dish.id] ?? 0), 0);
  const status = courseStatus(course, chosen, guests);
  const full = chosen >= guests;
  return (
    <fieldset
      ref={ref}
      className="border-t-2 border-cream-200 pt-4 sm:rounded-2xl sm:border-2 sm:bg-cream-50/60 sm:p-5"
      aria-describedby={error ? fieldErrorId(id) : undefined}
    >
      <legend className="float-left font-serif text-2xl text-green-900">{COURSE_LABELS[course]}</legend>
      <p
        className={`float-right mt-1.5 text-sm font-semibold ${status.done && chosen > 0 ? 'text-green-700' : error ? 'text-burgundy-700' : 'text-ink-soft'}`}
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
                <StepButton
                  label={`One fewer ${dish.name}`}
                  disabled={count === 0}
                  sign="−"
                  onStep={() => onChange(dish.id, count - 1)}
                />
                <output
                  className={`w-7 text-center text-lg font-semibold tabular-nums ${count > 0 ? 'text-green-900' : 'text-ink-soft/70'}`}
                  aria-label={`${dish.name}: ${count}`}
                >
                  {count}
                </output>
                <StepButton
                  label={`One more ${dish.name}`}
                  disabled={full}
                  sign="+"
                  onStep={() => onChange(dish.id, count + 1)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {error ? <FieldError fieldId={id} message={error} /> : null}
    </fieldset>
  );
}

/** A dish's − or + button: its sign seen, its words ("One more …") heard. */
function StepButton({
  label,
  sign,
  disabled,
  onStep,
}: {
  label: string;
  sign: '−' | '+';
  disabled: boolean;
  onStep: () => void;
}) {
  return (
    <button type="button" className={STEPPER_BUTTON} aria-label={label} disabled={disabled} onClick={onStep}>
      <span aria-hidden="true">{sign}</span>
    </button>
  );
}

/**
 * One course of the pre-order in the `SiteForm` around it, whose values hold each course's dish counts
 * (`starters`, `mains`, `desserts`): its problem under its dishes, and the first button that can be pressed
 * focused when it is the field to fix.
 */
export function FormCoursePicker({
  course,
  ...picker
}: Omit<CoursePickerProps, 'ref' | 'counts' | 'error' | 'onChange'>) {
  const { clearErrors } = useFormContext<DishCounts>();
  const { field, fieldState } = useController<DishCounts, Course>({ name: course });
  return (
    <CoursePicker
      {...picker}
      ref={(fieldset) => {
        field.ref(
          fieldset && { focus: () => fieldset.querySelector<HTMLElement>('button:not(:disabled)')?.focus() },
        );
      }}
      course={course}
      counts={field.value}
      error={fieldState.error?.message}
      onChange={(item, count) => {
        field.onChange({ ...field.value, [item]: Math.max(0, count) });
        if (fieldState.error) clearErrors(course);
      }}
    />
  );
}

/** Every course of the season's menu, as `FormCoursePicker`s for a party of `guests`. */
export const FormCourses = memo(function FormCourses({
  season,
  guests,
}: {
  season: Pick<ChristmasSeason, 'menu' | 'prices'>;
  guests: number;
}) {
  return COURSES.map((course) => (
    <FormCoursePicker
      key={course}
      course={course}
      dishes={season.menu[course]}
      guests={guests}
      supplement={season.prices.cheeseBoardSupplement}
    />
  ));
});
