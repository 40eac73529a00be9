import { type FormEvent, useState } from 'react';
import { TWO_STEP_TEXTS } from '#shared/staff/two-step.ts';
import { useAdminTitle } from './admin-layout.tsx';
import { useAdminSession } from './admin-session.tsx';
import { Notice } from './notice.tsx';

/**
 * The sign-in's second step, after a right password: the authenticator app's code, or a recovery code. A
 * lapsed pass goes back to the password with the server's reason.
 */
export function TwoStepSignIn({ onRestart }: { onRestart: (reason?: string) => void }) {
  useAdminTitle('Two-step sign-in');
  const { signInWithCode } = useAdminSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError('');
    const result = await signInWithCode(code);
    if (result.ok) return;
    setSending(false);
    if (result.error === TWO_STEP_TEXTS.challengeExpired) {
      onRestart(result.error);
      return;
    }
    setError(result.error);
    setCode('');
  }

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <div className="card p-6 sm:p-8">
        <p className="eyebrow">Staff only</p>
        <h1 className="mt-1 font-serif text-3xl">Two-step sign-in</h1>
        <p className="mt-2 text-ink-soft">
          Open the authenticator app on your phone and enter the 6-digit code it shows for The Rose and Crown.
        </p>
        <form className="mt-6 space-y-5" onSubmit={submit} aria-label="Two-step sign-in">
          {error ? <Notice tone="error">{error}</Notice> : null}
          <div>
            <label htmlFor="admin-code" className="field-label">
              Code
            </label>
            <input
              id="admin-code"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              aria-describedby="admin-code-hint"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="field-input text-lg tracking-[0.2em]"
            />
            <p id="admin-code-hint" className="mt-1.5 text-sm text-ink-soft">
              No phone to hand? Enter one of your recovery codes instead; each works once.
            </p>
          </div>
          <button type="submit" className="btn-dark w-full" disabled={sending}>
            {sending ? 'Checking…' : 'Sign in'}
          </button>
        </form>
        <p className="mt-4">
          <button
            type="button"
            className="link inline-flex min-h-11 items-center"
            onClick={() => onRestart()}
          >
            Start again with your password
          </button>
        </p>
      </div>
    </div>
  );
}
