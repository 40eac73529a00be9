import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { roleAllows, type StaffRole } from '../../../shared/staff/roles.ts';
import { Emblem } from '../../components/layout/emblem.tsx';
import { PageArrival } from '../../components/layout/page-arrival.tsx';
import { useVenue } from '../content/site-content.tsx';
import { useAdminSession } from './admin-session.tsx';

/** The staff navigation; each item shows only to the roles that may use its screen (issue 19). */
export const ADMIN_NAV: readonly { to: string; label: string; role: StaffRole }[] = [
  { to: '/admin/bookings', label: 'Bookings', role: 'staff' },
  { to: '/admin/christmas', label: 'Christmas', role: 'staff' },
  { to: '/admin/events', label: 'Events', role: 'manager' },
  { to: '/admin/enquiries', label: 'Enquiries', role: 'manager' },
  { to: '/admin/content', label: 'Site content', role: 'manager' },
  { to: '/admin/mail', label: 'E-mails', role: 'manager' },
  { to: '/admin/staff', label: 'Staff', role: 'owner' },
  { to: '/admin/guests', label: 'Guest data', role: 'owner' },
  { to: '/admin/activity', label: 'Activity', role: 'owner' },
];

/** "Bookings · Staff · The Rose & Crown" */
export function useAdminTitle(title: string): void {
  const { name } = useVenue();
  useEffect(() => {
    document.title = `${title} · Staff · ${name}`;
  }, [title, name]);
}

/**
 * Shown while a staff screen's code arrives, the first time it is opened: in the place and the shape of
 * "Checking your session…" before it, so nothing moves (a move between screens keeps the last one instead).
 */
function ScreenLoading() {
  return (
    <p role="status" className="py-10 text-ink-soft">
      Loading…
    </p>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const venue = useVenue();
  const { state, signOut } = useAdminSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'signed-in';
  const mainRef = useRef<HTMLElement>(null);

  async function logout() {
    await signOut();
    navigate('/admin', { replace: true });
  }

  return (
    <div className="flex min-h-screen flex-col bg-cream-50">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-brass-400 px-4 py-2 font-semibold text-green-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b-4 border-brass-500 bg-green-900 text-cream-50">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link to={signedIn ? '/admin/bookings' : '/admin'} className="flex items-center gap-3 no-underline">
            <Emblem className="h-9 w-9 shrink-0" />
            <span className="leading-tight">
              <span className="block font-serif text-lg font-semibold text-cream-50">{venue.name}</span>
              <span className="block text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">
                Staff admin
              </span>
            </span>
          </Link>
          {signedIn ? (
            <>
              <nav aria-label="Admin" className="order-last w-full sm:order-none sm:w-auto">
                <ul className="flex flex-wrap gap-1">
                  {ADMIN_NAV.filter((item) => roleAllows(state.role, item.role)).map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        className={({ isActive }) =>
                          `inline-block rounded-full px-4 py-1.5 text-[0.95rem] font-semibold no-underline transition-colors ${
                            isActive
                              ? 'bg-cream-50 text-green-900'
                              : 'text-cream-100 hover:bg-green-800 hover:text-cream-50'
                          }`
                        }
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="ml-auto flex items-center gap-3">
                <span className="hidden text-sm text-cream-200 md:inline">{state.name}</span>
                <NavLink
                  to="/admin/account"
                  className={({ isActive }) =>
                    `rounded-full px-4 py-1.5 text-sm font-semibold no-underline transition-colors ${
                      isActive ? 'bg-cream-50 text-green-900' : 'text-cream-50 hover:bg-green-800'
                    }`
                  }
                >
                  Account
                </NavLink>
                <button
                  type="button"
                  onClick={logout}
                  className="rounded-full border border-cream-200/60 px-4 py-1.5 text-sm font-semibold text-cream-50 transition-colors hover:bg-cream-50 hover:text-green-900"
                >
                  Logout
                </button>
              </div>
            </>
          ) : (
            <Link
              to="/"
              className="ml-auto text-sm font-medium text-cream-100 underline-offset-4 hover:underline"
            >
              View website
            </Link>
          )}
        </div>
      </header>
      <PageArrival main={mainRef} />
      <main
        ref={mainRef}
        id="admin-main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
      </main>
    </div>
  );
}
