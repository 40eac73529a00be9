import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import * as api from '../../lib/admin-api.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; email: string }
  | { status: 'signed-out' };

interface AdminSession {
  state: SessionState;
  signIn(email: string, password: string): Promise<api.SignInResult>;
  signOut(): Promise<void>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/** Whether staff are signed in, asked of the server once; any 401 later signs the page out. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    api.fetchSession().then((email) => {
      if (current) setState(email ? { status: 'signed-in', email } : { status: 'signed-out' });
    });
    const stopListening = api.setUnauthorizedHandler(() => setState({ status: 'signed-out' }));
    return () => {
      current = false;
      stopListening();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const result = await api.signIn(email, password);
    if (result.ok) setState({ status: 'signed-in', email: result.email });
    return result;
  }, []);

  const signOut = useCallback(async () => {
    await api.signOut();
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
