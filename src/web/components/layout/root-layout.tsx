import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { afterPageHydrated, PageHydrated } from '#web/hooks/use-hydrated.ts';
import { RouteErrorBoundary } from '#web/routes/route-error.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// The promo opens only once the page has settled: its code follows the page's, outside the first script, and
// is asked for once the page has come alive. Until then React keeps the server's (empty) part as it is.
const PromoModal = lazy(() =>
  afterPageHydrated()
    .then(() => import('#web/features/promo/promo-modal.tsx'))
    .then((module) => ({ default: module.PromoModal })),
);

// Naming the page and taking focus to its heading matter from the first move on (the server names the first
// page): their code need not be in the first script, nor be asked for while the page comes alive.
const PageArrival = lazy(() =>
  afterPageHydrated()
    .then(() => import('./page-arrival.tsx'))
    .then((module) => ({ default: module.PageArrival })),
);

const loadMobileDrawer = () => import('./mobile-drawer.tsx');
const MobileDrawer = lazy(() => loadMobileDrawer().then((module) => ({ default: module.MobileDrawer })));

/** The phone menu's chunk, fetched once the page has come alive so the first tap opens it at once. */
function usePrefetchedMobileDrawer() {
  useEffect(() => {
    let unmounted = false;
    void afterPageHydrated().then(() => {
      if (!unmounted) void loadMobileDrawer();
    });
    return () => {
      unmounted = true;
    };
  }, []);
}

/**
 * A new page starts at its top, or at the element its hash names; going back or forward leaves the
 * scroll position to the browser, which restores it.
 */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new page scrolls, not only a new hash
  useLayoutEffect(() => {
    const firstPage = !arrived.current;
    arrived.current = true;
    if (navigationType === 'POP' && !(firstPage && hash)) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!firstPage) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

export function RootLayout() {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useScrollOnNavigation();
  usePrefetchedMobileDrawer();

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation, a hash link included, closes the drawer
  useEffect(() => setDrawerOpen(false), [location.key]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brass-400 px-4 py-2 font-semibold text-green-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader
        onOpenMenu={() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        }}
        menuOpen={drawerOpen}
      />
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <PageArrival main={mainRef} />
      </Suspense>
      <main ref={mainRef} id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={null}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        <PromoModal />
      </Suspense>
    </div>
  );
}
