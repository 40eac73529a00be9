import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ADMIN_MESSAGES } from '../../../shared/staff/messages.ts';
import { failureText, setUnauthorizedHandler } from '../../lib/api.ts';
import * as api from './api.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; email: string }
  | { status: 'signed-out' };

type SignInResult = { ok: true; email: string } | { ok: false; error: string };

interface AdminSession {
  state: SessionState;
  signIn(email: string, password: string): Promise<SignInResult>;
  signOut(): Promise<void>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/** Whether staff are signed in, asked of the server once; any 401 later signs the page out. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    api.session().then(
      ({ email }) => current && setState({ status: 'signed-in', email }),
      () => current && setState({ status: 'signed-out' }),
    );
    const stopListening = setUnauthorizedHandler(() => setState({ status: 'signed-out' }));
    return () => {
      current = false;
      stopListening();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string): Promise<SignInResult> => {
    try {
      const session = await api.signIn(email, password);
      setState({ status: 'signed-in', email: session.email });
      return { ok: true, email: session.email };
    } catch (error) {
      // Login failures show the server's text, else 'Invalid credentials' (spec §8).
      return { ok: false, error: failureText(error, ADMIN_MESSAGES.invalidCredentials) };
    }
  }, []);

  const signOut = useCallback(async () => {
    await api.signOut().catch(() => undefined);
    setState({ status: 'signed-out' });
  }, []);

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <AdminSessionContext value={value}>{children}</AdminSessionContext>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession needs an AdminSessionProvider');
  return session;
}

/** Where the sign-in page sends staff back to. */
export interface SignInState {
  from?: string;
}

/** Admin sub-routes: without a session, to /admin, remembering where staff were going (spec §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useAdminSession();
  const location = useLocation();
  if (state.status === 'checking') {
    return (
      <p role="status" className="py-10 text-ink-soft">
        Checking your session…
      </p>
    );
  }
  if (state.status === 'signed-out') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/admin" replace state={{ from } satisfies SignInState} />;
  }
  return children;
}
