import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { type SignInState, useAdminSession } from './admin-session.tsx';
import { AuthCard, AuthCardLink, CurrentPasswordField } from './auth-card.tsx';
import { TwoStepSignIn } from './two-step-sign-in.tsx';

const DEFAULT_LANDING = '/admin/bookings';

/** Only a path inside the admin may be returned to. */
function landingFrom(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : DEFAULT_LANDING;
}

/** The server is the sign-in's only judge: it says nothing of which of the two was wrong. */
const SERVER_JUDGES = ruleResolver<{ email: string; password: string }>(() => null);

export function LoginPage() {
  useAdminTitle('Sign in');
  const { state, signIn } = useAdminSession();
  const location = useLocation();
  const [askingForCode, setAskingForCode] = useState(false);
  const login = useSiteForm({
    defaultValues: { email: '', password: '' },
    validate: SERVER_JUDGES,
    send: async ({ email, password }) => {
      if ((await signIn(email, password)) === 'two-step') {
        login.form.setValue('password', '');
        setAskingForCode(true);
      }
    },
    failure: ADMIN_MESSAGES.invalidCredentials,
  });

  if (state.status === 'signed-in') return <Navigate to={landingFrom(location.state)} replace />;
  if (askingForCode) {
    return (
      <TwoStepSignIn
        onRestart={(reason) => {
          setAskingForCode(false);
          if (reason) login.form.setError('root', { type: 'server', message: reason });
        }}
      />
    );
  }

  return (
    <AuthCard title="Sign in" intro="Bookings, closures and events for the pub team.">
      <SiteForm form={login} className="mt-6" aria-label="Sign in">
        <ReadyFieldset className="space-y-5">
          <FormTextField name="email" label="Email" type="email" autoComplete="username" aria-required />
          <CurrentPasswordField label="Password" />
          <FormError />
          {/* Until the session is known, a sign-in could be undone by its answer. */}
          <SubmitButton
            className="btn-dark w-full"
            busyLabel="Signing in…"
            disabled={state.status === 'checking'}
          >
            Sign in
          </SubmitButton>
        </ReadyFieldset>
      </SiteForm>
      <AuthCardLink to="/admin/forgot" className="mt-4">
        Forgot your password?
      </AuthCardLink>
    </AuthCard>
  );
}
