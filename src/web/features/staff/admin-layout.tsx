import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Emblem } from '#web/components/layout/emblem.tsx';
import { PageArrival } from '#web/components/layout/page-arrival.tsx';
import { useVenue } from '../content/site-content.tsx';
import { AdminNav } from './admin-nav.tsx';
import { useAdminSession } from './admin-session.tsx';

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

/**
 * Each move to another screen takes focus to its heading, for screen readers (PageArrival). Whether that focus
 * shows the ring is each browser's guess (Safari after a tap, Chromium after a reload, as if the heading were a
 * control): the layout notes whether the last input was a pointer or the keyboard, and admin.css keeps the
 * heading's ring for the keyboard.
 */
function useLastInput(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const pointer = () => root.current?.setAttribute('data-last-input', 'pointer');
    const keyboard = () => root.current?.setAttribute('data-last-input', 'keyboard');
    document.addEventListener('pointerdown', pointer, true);
    document.addEventListener('keydown', keyboard, true);
    return () => {
      document.removeEventListener('pointerdown', pointer, true);
      document.removeEventListener('keydown', keyboard, true);
    };
  }, [root]);
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const venue = useVenue();
  const { state, signOut } = useAdminSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'signed-in';
  const rootRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  useLastInput(rootRef);

  async function logout() {
    await signOut();
    navigate('/admin', { replace: true });
  }

  return (
    <div ref={rootRef} className="flex min-h-screen flex-col bg-cream-50">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-brass-400 px-4 py-2 font-semibold text-green-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b-4 border-brass-500 bg-green-900 text-cream-50">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:px-6 sm:py-3 lg:gap-x-6">
          <Link
            to={signedIn ? '/admin/bookings' : '/admin'}
            className="flex min-h-11 items-center gap-3 no-underline"
          >
            <Emblem className="h-9 w-9 shrink-0" />
            {/* On a signed-in phone the emblem alone, leaving the row to the menu, the screen and Logout. */}
            <span className={`leading-tight ${signedIn ? 'sr-only sm:not-sr-only' : ''}`}>
              <span className="block font-serif text-lg font-semibold text-cream-50">{venue.name}</span>
              <span className="block text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">
                Staff admin
              </span>
            </span>
          </Link>
          {signedIn ? (
            <AdminNav role={state.role} name={state.name} onLogout={logout} />
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
