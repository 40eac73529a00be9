import { type ComponentProps, type ReactNode, useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { ChoiceOption } from '../components/choice-option.tsx';
import { SelectField, TextAreaField, TextField } from '../components/form-fields.tsx';

type Wired = 'id' | 'name' | 'ref' | 'value' | 'onValue' | 'onBlur' | 'invalid' | 'errorId' | 'error';
type Connected<Field> = Omit<Field, Wired> & { name: string };

/**
 * A field wired to the form around it: its value, its problem under it (aria-invalid, aria-describedby), its focus.
 * For a screen's own text field, one the connected fields below do not lay out.
 */
export function useConnectedField(name: string) {
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

/** `SelectField` (its options the children) reading and writing the value `name` of the `SiteForm` around it. */
export function FormSelectField({ name, ...field }: Connected<ComponentProps<typeof SelectField>>) {
  return <SelectField {...field} {...useConnectedField(name)} />;
}

/** One answer of a `FormChoiceField`: the value it sets, its words and what it does. */
export interface Choice<Value> {
  value: Value;
  label: string;
  hint?: string;
}

/**
 * A question answered by one of a few large radio cards (`ChoiceOption`): the value `name` of the `SiteForm`
 * around it, its problem under the cards and read with them, the first card focused when it is the field to fix.
 */
export function FormChoiceField<Value extends string | boolean>({
  name,
  legend,
  required = false,
  choices,
  className,
  choicesClassName = 'space-y-2',
}: {
  name: string;
  legend: ReactNode;
  /** Marks the question as one to answer, as the site's other fields do. */
  required?: boolean;
  choices: readonly Choice<Value>[];
  className?: string;
  /** The cards' layout: one under the other, or a grid. */
  choicesClassName?: string;
}) {
  const id = useId();
  const { clearErrors } = useFormContext();
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className={choicesClassName}>
        {choices.map((choice, index) => (
          <ChoiceOption
            key={String(choice.value)}
            ref={index === 0 ? field.ref : undefined}
            name={`${id}-choice`}
            checked={field.value === choice.value}
            label={choice.label}
            hint={choice.hint}
            onSelect={() => {
              field.onChange(choice.value);
              if (fieldState.error) clearErrors(name);
            }}
          />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-burgundy-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
