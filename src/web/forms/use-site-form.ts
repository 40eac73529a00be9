import { type FormEvent, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { placeFailure } from './field-issues.ts';

export interface SiteFormOptions<Values extends FieldValues> {
  /** Every field's starting value; a field is a name here (a group's fields too: `name`, `phone`, `email`). */
  defaultValues: Values;
  /** `ruleResolver(a shared rule)` on a public page, `schemaResolver(a shared schema)` on a staff screen. */
  validate: Resolver<NoInfer<Values>>;
  /** Sends the checked values; an `ApiError` it throws lands on the fields it names. */
  send: (values: Values) => Promise<void>;
  /** The form's words for a failure the server did not word itself. */
  failure: string;
}

export interface SiteFormHandle<Values extends FieldValues> {
  /** The library's form: `reset`, `watch` and the rest, for what a screen does beyond the common. */
  form: UseFormReturn<Values>;
  /** The form element's submit: checks, focuses the first field to fix, sends once at a time. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * One way to write a form (decision 028): values, the shared rules' check, each problem under its field, focus
 * on the first, a busy submit that cannot send twice, and the server's 400/409/422 put on the fields it names.
 * Render it with `<SiteForm form={…}>` and the connected fields of `web/forms/`.
 */
export function useSiteForm<Values extends FieldValues>({
  defaultValues,
  validate,
  send,
  failure,
}: SiteFormOptions<Values>): SiteFormHandle<Values> {
  const form = useForm<Values>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: validate,
    // Checked when sent, never while typing; a field's problem goes as soon as the field is edited.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const sending = useRef(false);

  const checkAndSend = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      const hasField = (path: string) => form.getValues(path as Path<Values>) !== undefined;
      const placed = placeFailure(error, hasField, failure);
      placed.fields.forEach(({ path, message }, index) => {
        form.setError(path as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (placed.message) form.setError('root', { type: 'server', message: placed.message });
    }
  });

  return {
    form,
    onSubmit: (event) => {
      event.preventDefault();
      if (sending.current) return;
      sending.current = true;
      void checkAndSend(event).finally(() => {
        sending.current = false;
      });
    },
  };
}
