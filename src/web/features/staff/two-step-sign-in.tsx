import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { TWO_STEP_TEXTS } from '#shared/staff/two-step.ts';
import { twoStepCodeSchema } from '#shared/staff/two-step-schemas.ts';
import { schemaResolver } from '#web/forms/schema-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { useAdminSession } from './admin-session.tsx';
import { AuthCard, CodeField } from './auth-card.tsx';

/**
 * The sign-in's second step, after a right password: the authenticator app's code, or a recovery code. A
 * lapsed pass goes back to the password with the server's reason; a refused code is cleared for the next.
 */
export function TwoStepSignIn({ onRestart }: { onRestart: (reason?: string) => void }) {
  useAdminTitle('Two-step sign-in');
  const { signInWithCode } = useAdminSession();
  const signIn = useSiteForm({
    defaultValues: { code: '' },
    validate: schemaResolver(twoStepCodeSchema),
    send: async ({ code }) => {
      try {
        await signInWithCode(code);
      } catch (error) {
        const reason = failureText(error, ADMIN_MESSAGES.invalidCredentials);
        if (reason === TWO_STEP_TEXTS.challengeExpired) return onRestart(reason);
        signIn.form.setValue('code', '');
        throw error;
      }
    },
    failure: ADMIN_MESSAGES.invalidCredentials,
  });

  return (
    <AuthCard
      title="Two-step sign-in"
      intro="Open the authenticator app on your phone and enter the 6-digit code it shows for The Rose and Crown."
    >
      <SiteForm form={signIn} className="mt-6 space-y-5" aria-label="Two-step sign-in">
        <CodeField
          label="Code"
          hint="No phone to hand? Enter one of your recovery codes instead; each works once."
        />
        <FormError />
        <SubmitButton className="btn-dark w-full" busyLabel="Checking…">
          Sign in
        </SubmitButton>
      </SiteForm>
      <p className="mt-4">
        <button type="button" className="link inline-flex min-h-11 items-center" onClick={() => onRestart()}>
          Start again with your password
        </button>
      </p>
    </AuthCard>
  );
}
