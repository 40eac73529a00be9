import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { STAFF_ACCOUNT_MESSAGES } from '#shared/staff/account-messages.ts';
import type { Invitation } from '#shared/staff/accounts.ts';
import { failureText } from '#web/lib/api.ts';
import { useAdminTitle } from './admin-layout.tsx';
import * as api from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { Notice } from './notice.tsx';

type InviteState =
  | { status: 'loading' }
  | { status: 'unusable'; error: string }
  | { status: 'ready'; invitation: Invitation }
  | { status: 'joined'; name: string };

/** /admin/invite/:token: the invited person chooses a password and is signed in (issue 19). */
export function InvitePage() {
  useAdminTitle('Choose your password');
  const { token = '' } = useParams();
  const [state, setState] = useState<InviteState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    api.invitation(token).then(
      (invitation) => current && setState({ status: 'ready', invitation }),
      (error: unknown) =>
        current &&
        setState({
          status: 'unusable',
          error: failureText(error, STAFF_ACCOUNT_MESSAGES.inviteLinkUnusable),
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function choose(password: string) {
    const admin = await api.acceptInvitation(token, password);
    setState({ status: 'joined', name: admin.name });
  }

  return (
    <AuthCard eyebrow="Staff invitation">
      {state.status === 'loading' ? (
        <p role="status" className="mt-3 text-ink-soft">
          Checking your invitation…
        </p>
      ) : state.status === 'unusable' ? (
        <>
          <h1 className="mt-1 font-serif text-3xl">This link does not work</h1>
          <div className="mt-4">
            <Notice tone="error">{state.error}</Notice>
          </div>
          <p className="mt-4">
            <Link to="/admin" className="link">
              Go to sign in
            </Link>
          </p>
        </>
      ) : state.status === 'ready' ? (
        <>
          <h1 className="mt-1 font-serif text-3xl">Choose your password</h1>
          <p className="mt-2 text-ink-soft">
            Welcome, {state.invitation.name}. You will sign in with{' '}
            <strong className="break-all text-ink">{state.invitation.email}</strong> and this password.
          </p>
          <NewPasswordForm
            label="Choose your password"
            username={state.invitation.email}
            submitLabel="Save password and sign in"
            sendingLabel="Saving…"
            onSubmit={choose}
          />
        </>
      ) : (
        <>
          <h1 className="mt-1 font-serif text-3xl">Welcome, {state.name}</h1>
          <div className="mt-4">
            <Notice tone="success">Your password is saved and you are signed in.</Notice>
          </div>
          {/* A full page load, so the admin reads the new session. */}
          <a href="/admin/bookings" className="btn-dark mt-6 w-full">
            Go to today’s bookings
          </a>
        </>
      )}
    </AuthCard>
  );
}
