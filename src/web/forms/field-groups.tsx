import { type ReactNode, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { CONTACT_FIELDS, ContactLayout } from '../components/form-fields.tsx';
import { FormTextAreaField, FormTextField } from './fields.tsx';

/** The guest's name, phone and e-mail: the values `name`, `phone` and `email` of the form around it. */
export function FormContactFields({ emailHint }: { emailHint?: ReactNode }) {
  return (
    <ContactLayout
      field={(name) => (
        <FormTextField
          name={name}
          required
          {...CONTACT_FIELDS[name]}
          hint={name === 'email' ? emailHint : undefined}
        />
      )}
    />
  );
}

/** The guest's own words to the pub: the value `notes`, within the limit the server keeps. */
export function FormNotesField({ maxLength, hint }: { maxLength: number; hint?: ReactNode }) {
  return <FormTextAreaField name="notes" label="Notes" rows={4} maxLength={maxLength} hint={hint} />;
}

/** The hidden field people leave empty and spam robots fill in: the value `website`. */
export function FormSpamTrap() {
  const id = useId();
  const { register } = useFormContext();
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
}
