import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { type AdminEndpoint, canUse } from '#shared/staff/access.ts';
import { NO_ACCESS, roleAllows, type StaffRole } from '#shared/staff/roles.ts';
import type { SignedInAdmin } from '#shared/staff/session.ts';
import { setUnauthorizedHandler } from '#web/lib/api.ts';
import * as api from './api.ts';
import * as twoStepApi from './two-step-api.ts';

export type SessionState =
  | { status: 'checking' }
  | ({ status: 'signed-in' } & SignedInAdmin)
  | { status: 'signed-out' };

interface AdminSession {
  state: SessionState;
  /**
   * Signed in, or `two-step`: the password was right and the account's code is asked for next
   * (`signInWithCode`). Each throws the server's refusal, whose words the sign-in shows, else
   * 'Invalid credentials' (spec §8).
   */
  signIn(email: string, password: string): Promise<'signed-in' | 'two-step'>;
  signInWithCode(code: string): Promise<void>;
  /** Asks the server again who is signed in (after two-step sign-in is turned on or off). */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/** Whether staff are signed in, asked of the server once; any 401 later signs the page out. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    api.session().then(
      (admin) => current && setState({ status: 'signed-in', ...admin }),
      () => current && setState({ status: 'signed-out' }),
    );
    const stopListening = setUnauthorizedHandler(() => setState({ status: 'signed-out' }));
    return () => {
      current = false;
      stopListening();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const answer = await api.signIn(email, password);
    if ('twoStep' in answer) return 'two-step';
    setState({ status: 'signed-in', ...answer });
    return 'signed-in';
  }, []);

  const signInWithCode = useCallback(async (code: string) => {
    setState({ status: 'signed-in', ...(await twoStepApi.signInWithCode(code)) });
  }, []);

  const refresh = useCallback(async () => {
    const admin = await api.session();
    setState({ status: 'signed-in', ...admin });
  }, []);

  const signOut = useCallback(async () => {
    await api.signOut().catch(() => undefined);
    setState({ status: 'signed-out' });
  }, []);

  const value = useMemo(
    () => ({ state, signIn, signInWithCode, refresh, signOut }),
    [state, signIn, signInWithCode, refresh, signOut],
  );
  return <AdminSessionContext value={value}>{children}</AdminSessionContext>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession needs an AdminSessionProvider');
  return session;
}

/** The signed-in person's own account: two-step sign-in. */
export const ACCOUNT_PATH = '/admin/account';

/** Where the sign-in page sends staff back to. */
export interface SignInState {
  from?: string;
}

/** The signed-in person's role, or null while checking or signed out. */
export function useAdminRole(): StaffRole | null {
  const { state } = useAdminSession();
  return state.status === 'signed-in' ? state.role : null;
}

/**
 * Whether the signed-in person's role may call an admin endpoint (shared/staff/access.ts): screens offer a
 * control only when the server will accept it.
 */
export function useCanUse(): (endpoint: AdminEndpoint) => boolean {
  const role = useAdminRole();
  return useCallback((endpoint: AdminEndpoint) => role !== null && canUse(role, endpoint), [role]);
}

/**
 * Admin sub-routes: without a session, to /admin, remembering where staff were going (spec §2); with a role
 * below `minimumRole` (issue 19), the server's refusal in words instead of a screen whose calls would all fail.
 */
export function RequireAdmin({
  children,
  minimumRole = 'staff',
}: {
  children: ReactNode;
  minimumRole?: StaffRole;
}) {
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
  // The server refuses everything else until the owner's required two-step sign-in is on.
  if (state.twoStepRequired && !state.twoStepOn && location.pathname !== ACCOUNT_PATH) {
    return <Navigate to={ACCOUNT_PATH} replace />;
  }
  if (!roleAllows(state.role, minimumRole)) {
    return (
      <div className="py-10">
        <h1 className="font-serif text-3xl">{NO_ACCESS}</h1>
        <p className="mt-3">
          <Link to="/admin/bookings" className="link">
            Go to today’s bookings
          </Link>
        </p>
      </div>
    );
  }
  return children;
}
