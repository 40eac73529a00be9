import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import * as api from './api.ts';
import { Notice } from './notice.tsx';

/** /admin/forgot: asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPage() {
  useAdminTitle('Forgot your password?');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    try {
      const { message } = await api.forgotPassword(email);
      setOutcome({ tone: 'success', text: message });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, STAFF_ACCOUNT_MESSAGES.changeFailed) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <div className="card p-6 sm:p-8">
        <p className="eyebrow">Staff only</p>
        <h1 className="mt-1 font-serif text-3xl">Forgot your password?</h1>
        <p className="mt-2 text-ink-soft">
          Give the e-mail address you sign in with, and we will e-mail you a link to choose a new password.
        </p>
        {outcome?.tone === 'success' ? (
          <div className="mt-6">
            <Notice tone="success">{outcome.text}</Notice>
          </div>
        ) : (
          <form className="mt-6" onSubmit={submit} aria-label="Forgot your password?">
            <ReadyFieldset className="space-y-5">
              {outcome ? <Notice tone="error">{outcome.text}</Notice> : null}
              <TextField
                id="forgot-email"
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onValue={setEmail}
              />
              <button type="submit" className="btn-dark w-full" disabled={sending}>
                {sending ? 'Sending…' : 'Send me a link'}
              </button>
            </ReadyFieldset>
          </form>
        )}
        <p className="mt-6">
          <Link to="/admin" className="link inline-flex min-h-11 items-center">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
