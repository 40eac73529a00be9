import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';
import { PARTY_NOTE_WORDS } from '#shared/occasions/pre-order-messages.ts';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';

/**
 * The party's own notes, beside the allergies each diner gives with their dishes: the values `allergies` and
 * `occasionNotes` of the `SiteForm` around them. The organiser reads "you"; staff, typing what the guest says, the
 * party (`typedByStaff`). A ticketed event has no dishes to choose, so no diner's allergies to point to.
 */
export function FormPartyNotesFields({
  ticketed,
  typedByStaff = false,
}: {
  ticketed: boolean;
  typedByStaff?: boolean;
}) {
  const who = typedByStaff ? 'the party' : 'your party';
  return (
    <>
      <FormTextAreaField
        name="allergies"
        label={PARTY_NOTE_WORDS.allergiesField}
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.allergies}
        hint={
          `Any allergies or intolerances in ${who}, and who has them.` +
          (ticketed ? '' : ' Each guest can also give their own with their dishes.')
        }
      />
      <FormTextField
        name="occasionNotes"
        label={PARTY_NOTE_WORDS.occasionNotes}
        maxLength={BOOKING_FIELD_LIMITS.occasionNotes}
        hint={typedByStaff ? 'What the party is celebrating, if anything.' : 'What are you celebrating?'}
        placeholder="e.g. Mum’s 60th birthday"
      />
    </>
  );
}
