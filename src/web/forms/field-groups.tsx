import { memo, type ReactNode, useId } from 'react';
import { type Control, type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { guestCountFromInput, partySize, partyToShow } from '#shared/booking/party.ts';
import { plural } from '#shared/text/plural.ts';
import { CONTACT_FIELDS, ContactLayout } from '../components/form-fields.tsx';
import { FormTextAreaField, FormTextField } from './fields.tsx';

/**
 * The guest's name, phone and e-mail: the values `name`, `phone` and `email` of the form around it. Staff type
 * a guest's details, not their own (`typedByStaff`): no autofill, and a phone or an e-mail will do.
 */
export const FormContactFields = memo(function FormContactFields({
  emailHint,
  typedByStaff = false,
}: {
  emailHint?: ReactNode;
  typedByStaff?: boolean;
}) {
  return (
    <ContactLayout
      field={(name) => (
        <FormTextField
          name={name}
          required={name === 'name' || !typedByStaff}
          {...CONTACT_FIELDS[name]}
          autoComplete={typedByStaff ? 'off' : CONTACT_FIELDS[name].autoComplete}
          hint={name === 'email' ? emailHint : undefined}
        />
      )}
    />
  );
});

/** The guest's own words to the pub: the value `notes`, within the limit the server keeps. */
export function FormNotesField({ maxLength, hint }: { maxLength: number; hint?: ReactNode }) {
  return <FormTextAreaField name="notes" label="Notes" rows={4} maxLength={maxLength} hint={hint} />;
}

/** The party's fields as a form keeps them: as typed, so a blank or a stray letter is the rules' to refuse. */
export interface PartyValues {
  partyAdults: string;
  partyChildren: string;
}

/**
 * How many guests the form's adults and children make, by the shared rules: 0 while either is not a whole
 * number. Inside a `SiteForm`, or given the form's `control` by the screen that holds it.
 */
export function useFormPartySize<Values extends FieldValues & PartyValues>(
  control?: Control<Values>,
): number {
  const [adults, children] = useWatch({
    control: control as Control<PartyValues> | undefined,
    name: ['partyAdults', 'partyChildren'],
  });
  const party = partyToShow(guestCountFromInput(adults), guestCountFromInput(children));
  return partySize(party.partyAdults, party.partyChildren);
}

/**
 * The party: adults and children (the values `partyAdults` and `partyChildren`) and the total they make, two
 * columns in a narrow place and three in a wide one. A guest's form asks for both within the online limit;
 * staff book any party.
 */
export function FormPartyFields({ onlineLimit = false }: { onlineLimit?: boolean }) {
  const guests = useFormPartySize();
  const count = {
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    step: 1,
    required: onlineLimit,
    max: onlineLimit ? MAX_ONLINE_PARTY : undefined,
  } as const;
  return (
    <div className="@container">
      <div className="grid grid-cols-2 gap-4 @md:grid-cols-3">
        <FormTextField name="partyAdults" label="Adults" {...count} />
        <FormTextField name="partyChildren" label="Children" {...count} />
        <p
          className="col-span-2 self-end rounded-lg bg-cream-100 px-3.5 py-2.5 @md:col-span-1"
          aria-live="polite"
        >
          Total: <strong className="tabular-nums">{plural(guests, 'guest', 'guests')}</strong>
        </p>
      </div>
    </div>
  );
}

/** The hidden field people leave empty and spam robots fill in: the value `website`. */
export const FormSpamTrap = memo(function FormSpamTrap() {
  const id = useId();
  const { register } = useFormContext();
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
});
