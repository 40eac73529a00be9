import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormTextField } from '#web/forms/fields.tsx';

/** The narrow card of the screens before the admin (sign-in, its second step, a forgotten password, a link). */
export function AuthCard({
  eyebrow = 'Staff only',
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <div className="card p-6 sm:p-8">
        <p className="eyebrow">{eyebrow}</p>
        {title ? <h1 className="mt-1 font-serif text-3xl">{title}</h1> : null}
        {intro ? <p className="mt-2 text-ink-soft">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** A way on from the card, large enough to tap. */
export function AuthCardLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <p className={className}>
      <Link to={to} className="link inline-flex min-h-11 items-center">
        {children}
      </Link>
    </p>
  );
}

/**
 * The field of the value `password` for the person's own password, as their password manager fills it. Its
 * label has no "required" mark, as the sign-in's never had; the form's rule says when it is missing.
 */
export function CurrentPasswordField({ label, inputClassName }: { label: string; inputClassName?: string }) {
  return (
    <FormTextField
      name="password"
      label={label}
      type="password"
      autoComplete="current-password"
      aria-required
      inputClassName={inputClassName}
    />
  );
}

/** The field of the value `code`: an authenticator app's code, or a recovery code where `hint` says so. */
export function CodeField({
  label,
  hint,
  numeric = false,
}: {
  label: string;
  hint?: ReactNode;
  numeric?: boolean;
}) {
  return (
    <FormTextField
      name="code"
      label={label}
      autoComplete="one-time-code"
      aria-required
      hint={hint}
      {...(numeric
        ? {
            inputMode: 'numeric',
            pattern: '[0-9 ]*',
            maxLength: 7,
            inputClassName: 'max-w-48 text-lg tracking-[0.2em]',
          }
        : {
            autoCapitalize: 'none',
            spellCheck: false,
            maxLength: 40,
            inputClassName: 'text-lg tracking-[0.2em]',
          })}
    />
  );
}
