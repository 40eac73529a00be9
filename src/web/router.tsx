import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { RootLayout } from './components/layout/root-layout.tsx';
import { SiteContentProvider } from './features/content/site-content.tsx';
import { PageHydrated } from './hooks/use-hydrated.ts';
import { HomePage } from './routes/home.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

export const ADMIN_PATH = '/admin/*';
export const NOT_FOUND_PATH = '*';

interface RouteModule {
  Component: ComponentType;
  /** Loads the rest of what the page at `pathname` shows, when its module splits it further (the admin's screens). */
  loadFor?: (pathname: string) => Promise<void>;
}

interface LazyPage {
  path: string;
  load: () => Promise<RouteModule>;
}

/** Every screen but the home page is its own chunk, loaded on demand. */
export const LAZY_PAGES: LazyPage[] = [
  { path: '/events', load: () => import('./routes/events.tsx') },
  {
    path: '/events/:slug',
    load: () => import('./routes/event-detail.tsx'),
  },
  { path: '/menu', load: () => import('./routes/menu.tsx') },
  {
    path: '/menu/showtimeMenu',
    load: () => import('./routes/showtime-menu.tsx'),
  },
  { path: '/gallery', load: () => import('./routes/gallery.tsx') },
  { path: '/about', load: () => import('./routes/about.tsx') },
  { path: '/contact', load: () => import('./routes/contact.tsx') },
  { path: '/bookings', load: () => import('./routes/bookings.tsx') },
  {
    path: '/bookings/manage/:token',
    load: () => import('./routes/manage-booking.tsx'),
  },
  {
    path: '/bookings/payment',
    load: () => import('./routes/bookings-payment.tsx'),
  },
  {
    path: '/bookings/demo-checkout',
    load: () => import('./routes/bookings-demo-checkout.tsx'),
  },
  {
    path: '/christmas',
    load: () => import('./routes/christmas.tsx'),
  },
  {
    path: '/christmas/success',
    load: () => import('./routes/christmas-success.tsx'),
  },
  {
    path: '/christmas/cancel',
    load: () => import('./routes/christmas-cancel.tsx'),
  },
  {
    path: '/christmas/manage/:token',
    load: () => import('./routes/christmas-manage.tsx'),
  },
  {
    path: '/christmas/demo-checkout',
    load: () => import('./routes/christmas-demo-checkout.tsx'),
  },
  // The party's own pages are one chunk (occasion-party.tsx); the occasion's page is its own.
  { path: '/occasions/checkout', load: () => import('./routes/occasion-party.tsx') },
  { path: '/occasions/demo-checkout', load: () => import('./routes/occasion-party.tsx') },
  {
    path: '/occasions/:slug',
    load: () => import('./routes/occasion.tsx'),
  },
  { path: '/occasions/*', load: () => import('./routes/occasion-party.tsx') },
  // The standby list's guest pages, the guest's place and an offer's claim: one chunk (standby.tsx).
  { path: '/standby/*', load: () => import('./routes/standby.tsx') },
  // Gift vouchers (issue 33): the page that sells them, and their own pages (return, demo payment, the voucher).
  { path: '/vouchers', load: () => import('./routes/vouchers.tsx') },
  { path: '/vouchers/*', load: () => import('./routes/vouchers-pages.tsx') },
  { path: ADMIN_PATH, load: () => import('./routes/admin.tsx') },
  {
    path: NOT_FOUND_PATH,
    load: () => import('./routes/not-found.tsx'),
  },
];

/** The home page is in the entry; matching it here keeps `*` from claiming it. */
const matchTable = [{ path: '/' }, ...LAZY_PAGES.map((page) => ({ path: page.path, page }))];

/** The lazy page that serves `pathname`, if any (the home page is in the entry). */
export function lazyPageFor(pathname: string): LazyPage | undefined {
  const [match] = matchRoutes(matchTable, pathname) ?? [];
  return match && 'page' in match.route ? match.route.page : undefined;
}

/** Pages whose chunk has arrived render straight away, without suspending (see `loadPageFor`). */
const loadedPages = new Map<string, ComponentType>();

async function loadPage(page: LazyPage): Promise<RouteModule> {
  const module = await page.load();
  loadedPages.set(page.path, module.Component);
  return module;
}

/**
 * Loads the chunk of the page at `pathname` before the first render. The server renders the page
 * complete, and the browser hydrates it without a suspended boundary (which would need an inline
 * script the content security policy forbids).
 */
export async function loadPageFor(pathname: string): Promise<void> {
  const page = lazyPageFor(pathname);
  if (!page) return;
  const module = await loadPage(page);
  await module.loadFor?.(pathname);
}

const lazyPages = new Map(
  LAZY_PAGES.map((page) => [
    page.path,
    lazy(() => loadPage(page).then((module) => ({ default: module.Component }))),
  ]),
);

function Page({ path }: { path: string }) {
  const Loaded = loadedPages.get(path);
  if (Loaded) return <Loaded />;
  const Lazy = lazyPages.get(path);
  if (!Lazy) throw new Error(`${path} is not in LAZY_PAGES`);
  return <Lazy />;
}

/**
 * The whole site: the public pages inside the pub's layout (which holds their error boundary and
 * suspense fallback), and the staff admin on its own.
 */
export function AppRoutes() {
  return (
    <SiteContentProvider>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomePage />} />
          {LAZY_PAGES.filter((page) => page.path !== ADMIN_PATH).map((page) => (
            <Route key={page.path} path={page.path} element={<Page path={page.path} />} />
          ))}
        </Route>
        <Route
          path={ADMIN_PATH}
          element={
            <RouteErrorBoundary>
              <Suspense fallback={null}>
                <Page path={ADMIN_PATH} />
                <PageHydrated />
              </Suspense>
            </RouteErrorBoundary>
          }
        />
      </Routes>
    </SiteContentProvider>
  );
}
