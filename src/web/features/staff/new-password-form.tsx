import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';

interface NewPassword {
  password: string;
  repeated: string;
}

/** The two must match before anything is sent; the server's own rule answers the rest, under the first. */
const TYPED_TWICE = ruleResolver<NewPassword>(({ password, repeated }) =>
  password === repeated ? null : { field: 'repeated', message: STAFF_ACCOUNT_MESSAGES.passwordsDiffer },
);

/**
 * A new password typed twice (invitation and reset links). `username` lets a password manager store it under
 * the right account.
 */
export function NewPasswordForm({
  label,
  username,
  submitLabel,
  sendingLabel,
  onSubmit,
}: {
  label: string;
  username?: string;
  submitLabel: string;
  sendingLabel: string;
  /** Sends the password; a refusal it throws is shown (the server's words, else a general failure). */
  onSubmit: (password: string) => Promise<void>;
}) {
  const choice = useSiteForm({
    defaultValues: { password: '', repeated: '' },
    validate: TYPED_TWICE,
    send: ({ password }) => onSubmit(password),
    failure: STAFF_ACCOUNT_MESSAGES.changeFailed,
  });

  return (
    <SiteForm form={choice} className="mt-6" aria-label={label}>
      <ReadyFieldset className="space-y-5">
        {username ? (
          <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
        ) : null}
        <FormTextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint={STAFF_ACCOUNT_MESSAGES.passwordHint}
        />
        <FormTextField
          name="repeated"
          label="Type it again"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormError />
        <SubmitButton className="btn-dark w-full" busyLabel={sendingLabel}>
          {submitLabel}
        </SubmitButton>
      </ReadyFieldset>
    </SiteForm>
  );
}
