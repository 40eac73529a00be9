import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import * as api from './api.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { Notice } from './notice.tsx';

/** /admin/reset/:token: a new password through the e-mailed link; then the person signs in with it. */
export function ResetPage() {
  useAdminTitle('Choose a new password');
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);

  async function reset(password: string): Promise<string | null> {
    try {
      setDone((await api.resetPassword(token, password)).message);
      return null;
    } catch (error) {
      return failureText(error, STAFF_ACCOUNT_MESSAGES.changeFailed);
    }
  }

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <div className="card p-6 sm:p-8">
        <p className="eyebrow">Staff only</p>
        <h1 className="mt-1 font-serif text-3xl">Choose a new password</h1>
        {done ? (
          <>
            <div className="mt-4">
              <Notice tone="success">{done}</Notice>
            </div>
            <Link to="/admin" className="btn-dark mt-6 w-full">
              Sign in
            </Link>
          </>
        ) : (
          <>
            <p className="mt-2 text-ink-soft">Choosing a new password signs your account out everywhere.</p>
            <NewPasswordForm
              label="Choose a new password"
              submitLabel="Save new password"
              sendingLabel="Saving…"
              onSubmit={reset}
            />
            <p className="mt-6">
              <Link to="/admin/forgot" className="link inline-flex min-h-11 items-center">
                Ask for a new link
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
