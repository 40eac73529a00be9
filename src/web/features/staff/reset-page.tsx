import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAdminTitle } from './admin-layout.tsx';
import * as api from './api.ts';
import { AuthCard, AuthCardLink } from './auth-card.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { Notice } from './notice.tsx';

/** /admin/reset/:token: a new password through the e-mailed link; then the person signs in with it. */
export function ResetPage() {
  useAdminTitle('Choose a new password');
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);

  return (
    <AuthCard title="Choose a new password">
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
            onSubmit={async (password) => setDone((await api.resetPassword(token, password)).message)}
          />
          <AuthCardLink to="/admin/forgot" className="mt-6">
            Ask for a new link
          </AuthCardLink>
        </>
      )}
    </AuthCard>
  );
}
