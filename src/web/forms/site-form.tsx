import { type FormHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { type FieldValues, FormProvider, useFormState } from 'react-hook-form';
import type { SiteFormHandle } from './use-site-form.ts';

/** The form element of a `useSiteForm`: our own checks (noValidate), and its state for the connected fields. */
export function SiteForm<Values extends FieldValues>({
  form,
  children,
  ...attributes
}: { form: SiteFormHandle<Values>; children: ReactNode } & Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate'
>) {
  return (
    <FormProvider {...form.form}>
      <form noValidate onSubmit={form.onSubmit} {...attributes}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The form's own message, for a problem that names no field of it: a failed send, the spam check. It takes the
 * focus when no field has a problem, once it is in the page: a frame after the answer can come before React
 * has committed it, so focus is never asked for from the handler.
 */
export function FormError() {
  const { errors } = useFormState();
  const problem = errors.root;
  const fieldsAreFine = Object.keys(errors).every((name) => name === 'root');
  const ref = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (problem && fieldsAreFine) ref.current?.focus();
  }, [problem, fieldsAreFine]);

  return problem?.message ? (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="scroll-mt-28 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
    >
      {problem.message}
    </p>
  ) : null;
}

/**
 * The form's submit button, disabled and saying so while the form checks and sends; `disabled` holds it
 * while something else must come first.
 */
export function SubmitButton({
  busyLabel,
  className,
  disabled = false,
  children,
}: {
  busyLabel: string;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className={className} disabled={isSubmitting || disabled}>
      {isSubmitting ? busyLabel : children}
    </button>
  );
}
