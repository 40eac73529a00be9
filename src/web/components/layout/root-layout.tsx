import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { pageMetaFor } from '../../../shared/page-meta.ts';
import { PromoModal } from '../promo-modal.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function RootLayout() {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation, a hash link included, closes the drawer
  useEffect(() => setDrawerOpen(false), [location.key]);

  useEffect(() => {
    const meta = pageMetaFor(location.pathname);
    if (meta) document.title = meta.title;
  }, [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brass-400 px-4 py-2 font-semibold text-green-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader onOpenMenu={() => setDrawerOpen(true)} menuOpen={drawerOpen} />
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <PromoModal />
      <ScrollRestoration />
    </div>
  );
}
