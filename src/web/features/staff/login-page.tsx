import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { useAdminTitle } from './admin-layout.tsx';
import { type SignInState, useAdminSession } from './admin-session.tsx';
import { Notice } from './notice.tsx';
import { TwoStepSignIn } from './two-step-sign-in.tsx';

const DEFAULT_LANDING = '/admin/bookings';

/** Only a path inside the admin may be returned to. */
function landingFrom(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : DEFAULT_LANDING;
}

export function LoginPage() {
  useAdminTitle('Sign in');
  const { state, signIn } = useAdminSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [askingForCode, setAskingForCode] = useState(false);

  if (state.status === 'signed-in') return <Navigate to={landingFrom(location.state)} replace />;
  if (askingForCode) {
    return (
      <TwoStepSignIn
        onRestart={(reason) => {
          setAskingForCode(false);
          setError(reason ?? '');
        }}
      />
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError('');
    const result = await signIn(email, password);
    if (!result.ok) {
      setError(result.error);
      setSending(false);
    } else if ('twoStep' in result) {
      setPassword('');
      setSending(false);
      setAskingForCode(true);
    }
  }

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <div className="card p-6 sm:p-8">
        <p className="eyebrow">Staff only</p>
        <h1 className="mt-1 font-serif text-3xl">Sign in</h1>
        <p className="mt-2 text-ink-soft">Bookings, closures and events for the pub team.</p>
        <form className="mt-6" onSubmit={submit} aria-label="Sign in">
          <ReadyFieldset className="space-y-5">
            {error ? <Notice tone="error">{error}</Notice> : null}
            <div>
              <label htmlFor="admin-email" className="field-label">
                Email
              </label>
              <input
                id="admin-email"
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className="field-input"
              />
            </div>
            <div>
              <label htmlFor="admin-password" className="field-label">
                Password
              </label>
              <input
                id="admin-password"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className="field-input"
              />
            </div>
            <button
              type="submit"
              className="btn-dark w-full"
              disabled={sending || state.status === 'checking'}
            >
              {sending ? 'Signing in…' : 'Sign in'}
            </button>
          </ReadyFieldset>
        </form>
        <p className="mt-4">
          <Link to="/admin/forgot" className="link inline-flex min-h-11 items-center">
            Forgot your password?
          </Link>
        </p>
      </div>
    </div>
  );
}
