import { type ComponentProps, useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { TextAreaField, TextField } from '../components/form-fields.tsx';

type Wired = 'id' | 'name' | 'ref' | 'value' | 'onValue' | 'onBlur' | 'invalid' | 'errorId' | 'error';
type Connected<Field> = Omit<Field, Wired> & { name: string };

/** A field wired to the form around it: its value, its problem under it (aria-invalid, aria-describedby), its focus. */
function useConnectedField(name: string) {
  const id = useId();
  const { clearErrors } = useFormContext();
  const { field, fieldState } = useController({ name });
  return {
    id,
    name: field.name,
    ref: field.ref,
    value: field.value,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
    onValue: (value: string) => {
      field.onChange(value);
      if (fieldState.error) clearErrors(name);
    },
  };
}

/** `TextField` reading and writing the value `name` of the `SiteForm` around it. */
export function FormTextField({ name, ...field }: Connected<ComponentProps<typeof TextField>>) {
  return <TextField {...field} {...useConnectedField(name)} />;
}

/** `TextAreaField` reading and writing the value `name` of the `SiteForm` around it. */
export function FormTextAreaField({ name, ...field }: Connected<ComponentProps<typeof TextAreaField>>) {
  return <TextAreaField {...field} {...useConnectedField(name)} />;
}
