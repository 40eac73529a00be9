import { memo, type ReactNode, useId } from 'react';
import { type PathValue, useFormContext, useWatch } from 'react-hook-form';
import type { BookingRequest } from '#shared/booking/schemas.ts';
import { BOOKING_FIELD_LIMITS, BOOKING_OCCASIONS, type BookingOccasion } from '#shared/booking/validation.ts';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';

export type BookingNotesValues = Pick<
  BookingRequest,
  'hasAccessibilityNeeds' | 'accessibilityNotes' | 'occasion' | 'occasionNotes' | 'allergies' | 'specialNotes'
>;

export const EMPTY_BOOKING_NOTES: BookingNotesValues = {
  hasAccessibilityNeeds: false,
  accessibilityNotes: '',
  occasion: 'None',
  occasionNotes: '',
  allergies: '',
  specialNotes: '',
};

/** The notes written as text, each under its own limit. */
type TextNote = 'accessibilityNotes' | 'occasionNotes' | 'allergies' | 'specialNotes';

/** The notes as the server takes them: trimmed, and no accessibility notes unless the box is ticked. */
export function notesRequest(notes: BookingNotesValues): BookingNotesValues {
  return {
    hasAccessibilityNeeds: notes.hasAccessibilityNeeds,
    accessibilityNotes: notes.hasAccessibilityNeeds ? notes.accessibilityNotes.trim() : '',
    occasion: notes.occasion,
    occasionNotes: notes.occasionNotes.trim(),
    allergies: notes.allergies.trim(),
    specialNotes: notes.specialNotes.trim(),
  };
}

/**
 * What the pub should know about a table booking: accessibility needs, the occasion, allergies and anything
 * else, as the guest form asks for them. Who is asking decides the wording of the accessibility box and
 * the allergies hint.
 */
export function BookingNotesFields({
  idOf,
  values,
  accessibilityLabel,
  allergiesHint,
  problems = {},
  onChange,
}: {
  idOf: (field: keyof BookingNotesValues) => string;
  values: BookingNotesValues;
  accessibilityLabel: string;
  allergiesHint?: ReactNode;
  /** Each text field's problem, shown under it: the server's, on a form of `web/forms/`. */
  problems?: Partial<Record<keyof BookingNotesValues, string>>;
  onChange: <K extends keyof BookingNotesValues>(field: K, value: BookingNotesValues[K]) => void;
}) {
  /** A text note's own wiring: its id, limit, value, problem and change. */
  const noteField = (field: TextNote) => ({
    id: idOf(field),
    maxLength: BOOKING_FIELD_LIMITS[field],
    value: values[field],
    error: problems[field],
    onValue: (value: string) => onChange(field, value),
  });
  return (
    <>
      <div>
        <div className="flex min-h-11 items-center gap-3">
          <input
            id={idOf('hasAccessibilityNeeds')}
            type="checkbox"
            checked={values.hasAccessibilityNeeds}
            onChange={(change) => onChange('hasAccessibilityNeeds', change.target.checked)}
            className="h-5 w-5 shrink-0 accent-green-800"
          />
          <label htmlFor={idOf('hasAccessibilityNeeds')} className="font-semibold text-green-900">
            {accessibilityLabel}
          </label>
        </div>
        {values.hasAccessibilityNeeds ? (
          <TextAreaField
            {...noteField('accessibilityNotes')}
            label="Accessibility notes"
            className="mt-3"
            rows={2}
            placeholder="e.g. wheelchair user, step-free table please"
          />
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={idOf('occasion')} className="field-label">
            Occasion
          </label>
          <select
            id={idOf('occasion')}
            value={values.occasion}
            onChange={(change) => onChange('occasion', change.target.value as BookingOccasion)}
            className="field-input"
          >
            {BOOKING_OCCASIONS.map((occasion) => (
              <option key={occasion} value={occasion}>
                {occasion}
              </option>
            ))}
          </select>
        </div>
        <TextField {...noteField('occasionNotes')} label="Occasion Notes" />
      </div>
      <TextAreaField {...noteField('allergies')} label="Allergies" rows={2} hint={allergiesHint} />
      <TextAreaField {...noteField('specialNotes')} label="Special Notes" rows={3} />
    </>
  );
}

/**
 * The booking's notes (`BookingNotesFields`), each the value of its own name in the `SiteForm` around them,
 * each text field's problem under it.
 */
export const FormBookingNotesFields = memo(function FormBookingNotesFields({
  accessibilityLabel,
  allergiesHint,
}: {
  accessibilityLabel: string;
  allergiesHint?: ReactNode;
}) {
  const id = useId();
  const { control, setValue, clearErrors, formState } = useFormContext<BookingNotesValues>();
  const values = useWatch({ control }) as BookingNotesValues;
  return (
    <BookingNotesFields
      idOf={(field) => `${id}-${field}`}
      values={values}
      problems={{
        accessibilityNotes: formState.errors.accessibilityNotes?.message,
        occasionNotes: formState.errors.occasionNotes?.message,
        allergies: formState.errors.allergies?.message,
        specialNotes: formState.errors.specialNotes?.message,
      }}
      accessibilityLabel={accessibilityLabel}
      allergiesHint={allergiesHint}
      onChange={(field, value) => {
        setValue(field, value as PathValue<BookingNotesValues, typeof field>);
        clearErrors(field);
      }}
    />
  );
});
