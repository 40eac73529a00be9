import { useController, useFormContext } from 'react-hook-form';
import type { DishCounts } from '#shared/christmas/courses.ts';
import { COURSES, type Course } from '#shared/christmas/ids.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { FormStaffNoteField } from '#web/features/booking/admin/staff-booking-fields.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { CourseCounter } from './course-counter.tsx';

/**
 * The fields of a Christmas order as staff type it, in a phone booking and in a change to one: the party, a
 * counter per dish of each course (form values `starters`, `mains`, `desserts`: dish id → how many) and the
 * notes. Each takes the layout of the form it is in.
 */

export function FormPartyFields({ className }: { className: string }) {
  return (
    <div className={className}>
      {(['partyAdults', 'partyChildren'] as const).map((name) => (
        <FormTextField
          key={name}
          name={name}
          label={name === 'partyAdults' ? 'Adults' : 'Children'}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
        />
      ))}
    </div>
  );
}

function FormCourse({ season, course, guests }: { season: ChristmasSeason; course: Course; guests: number }) {
  const { clearErrors } = useFormContext<DishCounts>();
  const { field, fieldState } = useController<DishCounts, Course>({ name: course });
  return (
    <CourseCounter
      season={season}
      course={course}
      counts={field.value}
      guests={guests}
      error={fieldState.error?.message}
      firstInputRef={field.ref}
      onChange={(item, count) => {
        field.onChange({ ...field.value, [item]: Math.max(0, count) });
        clearErrors(course);
      }}
    />
  );
}

export function FormCourseCounters({
  season,
  guests,
  className,
}: {
  season: ChristmasSeason;
  guests: number;
  className: string;
}) {
  return (
    <div className={className}>
      {COURSES.map((course) => (
        <FormCourse key={course} season={season} course={course} guests={guests} />
      ))}
    </div>
  );
}

export function FormOrderNotes({ className }: { className: string }) {
  return (
    <div className={className}>
      {(['allergies', 'occasionNotes', 'specialNotes'] as const).map((name) => (
        <FormStaffNoteField key={name} name={name} rows={2} />
      ))}
    </div>
  );
}
