import { useState } from 'react';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { forgotPasswordSchema } from '#shared/staff/accounts.ts';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useAdminTitle } from './admin-layout.tsx';
import * as api from './api.ts';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { Notice } from './notice.tsx';

/** /admin/forgot: asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPage() {
  useAdminTitle('Forgot your password?');
  const [sent, setSent] = useState<string | null>(null);
  const forgot = useSiteForm({
    defaultValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema),
    send: async ({ email }) => setSent((await api.forgotPassword(email)).message),
    failure: STAFF_ACCOUNT_MESSAGES.changeFailed,
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Give the e-mail address you sign in with, and we will e-mail you a link to choose a new password."
    >
      {sent ? (
        <div className="mt-6">
          <Notice tone="success">{sent}</Notice>
        </div>
      ) : (
        <SiteForm form={forgot} className="mt-6" aria-label="Forgot your password?">
          <ReadyFieldset className="space-y-5">
            <FormTextField name="email" label="Email" type="email" autoComplete="username" required />
            <FormError />
            <SubmitButton className="btn-dark w-full" busyLabel="Sending…">
              Send me a link
            </SubmitButton>
          </ReadyFieldset>
        </SiteForm>
      )}
      <AuthCardLink to="/admin" className="mt-6">
        Back to sign in
      </AuthCardLink>
    </AuthCard>
  );
}
