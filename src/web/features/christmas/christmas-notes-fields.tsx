import { memo } from 'react';
import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';

/**
 * What the pub should know about a guest's Christmas Day: the values `allergies`, `occasionNotes` and
 * `specialNotes` of the `SiteForm` around them.
 */
export const FormChristmasNotesFields = memo(function FormChristmasNotesFields() {
  return (
    <>
      <FormTextAreaField
        name="allergies"
        label="Allergies"
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.allergies}
        hint="Please tell us about any allergies or intolerances, and who they are for."
      />
      <FormTextField
        name="occasionNotes"
        label="Occasion Notes"
        maxLength={BOOKING_FIELD_LIMITS.occasionNotes}
        placeholder="e.g. Grandad’s first Christmas out"
      />
      <FormTextAreaField
        name="specialNotes"
        label="Special Notes"
        rows={3}
        maxLength={BOOKING_FIELD_LIMITS.specialNotes}
        placeholder="e.g. a high chair, a table away from the door"
      />
    </>
  );
});
