import { type ComponentType, lazy } from 'react';
import { Link, matchRoutes, Navigate, Route, Routes } from 'react-router';
import '../admin.css';
import type { StaffRole } from '#shared/staff/roles.ts';
import { AdminLayout, useAdminTitle } from '../features/staff/admin-layout.tsx';
import { AdminSessionProvider, RequireAdmin } from '../features/staff/admin-session.tsx';

export interface StaffScreen {
  /** Below /admin: `''` is the sign-in page at /admin itself. */
  path: string;
  /** The least role that may open it (issue 19), or null for the pages staff use before signing in. */
  minimumRole: StaffRole | null;
  load: () => Promise<ComponentType>;
}

/**
 * Every staff screen is its own chunk, fetched when staff first open it, so a phone behind the bar loads
 * only the screen in use (docs/performance.md). Screens of one module share its chunk.
 */
export const STAFF_SCREENS: StaffScreen[] = [
  {
    path: '',
    minimumRole: null,
    load: () => import('../features/staff/login-page.tsx').then((module) => module.LoginPage),
  },
  {
    path: 'account',
    minimumRole: 'staff',
    load: () => import('../features/staff/two-step-page.tsx').then((module) => module.TwoStepPage),
  },
  {
    path: 'invite/:token',
    minimumRole: null,
    load: () => import('../features/staff/invite-page.tsx').then((module) => module.InvitePage),
  },
  {
    path: 'forgot',
    minimumRole: null,
    load: () => import('../features/staff/forgot-page.tsx').then((module) => module.ForgotPage),
  },
  {
    path: 'reset/:token',
    minimumRole: null,
    load: () => import('../features/staff/reset-page.tsx').then((module) => module.ResetPage),
  },
  {
    path: 'staff',
    minimumRole: 'owner',
    load: () => import('../features/staff/staff-page.tsx').then((module) => module.StaffPage),
  },
  {
    path: 'events',
    minimumRole: 'manager',
    load: () => import('../features/events/admin/events-page.tsx').then((module) => module.EventsPage),
  },
  {
    path: 'events/new',
    minimumRole: 'manager',
    load: () => import('../features/events/admin/event-form-page.tsx').then((module) => module.EventFormPage),
  },
  {
    path: 'events/:id',
    minimumRole: 'manager',
    load: () => import('../features/events/admin/event-form-page.tsx').then((module) => module.EventFormPage),
  },
  {
    path: 'bookings',
    minimumRole: 'staff',
    load: () =>
      import('../features/booking/admin/bookings-day-page.tsx').then((module) => module.BookingsDayPage),
  },
  {
    path: 'bookings/new',
    minimumRole: 'staff',
    load: () =>
      import('../features/booking/admin/new-booking-page.tsx').then((module) => module.NewBookingPage),
  },
  {
    path: 'floor',
    minimumRole: 'staff',
    load: () => import('../features/tables/admin/floor-page.tsx').then((module) => module.FloorPage),
  },
  {
    path: 'walk-in',
    minimumRole: 'staff',
    load: () => import('../features/tables/admin/walk-in-page.tsx').then((module) => module.WalkInPage),
  },
  {
    path: 'queue',
    minimumRole: 'staff',
    load: () => import('../features/queue/admin/queue-page.tsx').then((module) => module.QueuePage),
  },
  {
    path: 'standby',
    minimumRole: 'staff',
    load: () => import('../features/standby/admin/standby-page.tsx').then((module) => module.StandbyPage),
  },
  {
    path: 'vouchers',
    minimumRole: 'staff',
    load: () => import('../features/vouchers/admin/vouchers-page.tsx').then((module) => module.VouchersPage),
  },
  {
    path: 'tables/why',
    minimumRole: 'staff',
    load: () => import('../features/tables/admin/why-page.tsx').then((module) => module.WhyPage),
  },
  {
    path: 'enquiries',
    minimumRole: 'manager',
    load: () =>
      import('../features/enquiries/admin/enquiries-page.tsx').then((module) => module.EnquiriesPage),
  },
  {
    path: 'christmas',
    minimumRole: 'staff',
    load: () =>
      import('../features/christmas/admin/christmas-admin-page.tsx').then(
        (module) => module.ChristmasAdminPage,
      ),
  },
  {
    path: 'occasions',
    minimumRole: 'staff',
    load: () =>
      import('../features/occasions/admin/staff-occasions-page.tsx').then(
        (module) => module.StaffOccasionsPage,
      ),
  },
  {
    path: 'content',
    minimumRole: 'manager',
    load: () => import('../features/content/admin/content-pages.tsx').then((module) => module.ContentHubPage),
  },
  {
    path: 'content/gallery',
    minimumRole: 'manager',
    load: () =>
      import('../features/content/admin/gallery-manager.tsx').then((module) => module.GalleryManagerPage),
  },
  {
    path: 'content/:key',
    minimumRole: 'manager',
    load: () =>
      import('../features/content/admin/content-pages.tsx').then((module) => module.ContentEditorPage),
  },
  {
    path: 'google',
    minimumRole: 'manager',
    load: () =>
      import('../features/booking/admin/google-booking-page.tsx').then((module) => module.GoogleBookingPage),
  },
  {
    path: 'mail',
    minimumRole: 'manager',
    load: () => import('../features/mail/admin/mail-page.tsx').then((module) => module.MailPage),
  },
  {
    path: 'reports',
    minimumRole: 'manager',
    load: () => import('../features/reports/admin/reports-page.tsx').then((module) => module.ReportsPage),
  },
  {
    path: 'activity',
    minimumRole: 'owner',
    load: () => import('../features/audit/activity-page.tsx').then((module) => module.ActivityPage),
  },
  {
    path: 'guests',
    minimumRole: 'owner',
    load: () =>
      import('../features/privacy/admin/guest-data-page.tsx').then((module) => module.GuestDataPage),
  },
];

/** The staff screen that serves `pathname`, if any (anything else under /admin is "Page not found"). */
export function staffScreenFor(pathname: string): StaffScreen | undefined {
  const [match] = matchRoutes(STAFF_SCREENS, pathname, '/admin') ?? [];
  return match?.route;
}

/** Screens whose chunk has arrived render straight away, without suspending (see `loadFor`). */
const loadedScreens = new Map<StaffScreen, ComponentType>();

async function loadScreen(screen: StaffScreen): Promise<ComponentType> {
  const Loaded = await screen.load();
  loadedScreens.set(screen, Loaded);
  return Loaded;
}

/**
 * Loads the chunk of the staff screen at `pathname` before the first render (the router's `loadPageFor`
 * calls it), so the server renders the screen whole and the browser hydrates it as it is.
 */
export async function loadFor(pathname: string): Promise<void> {
  const screen = staffScreenFor(pathname);
  if (screen) await loadScreen(screen);
}

const lazyScreens = new Map(
  STAFF_SCREENS.map((screen) => [
    screen,
    lazy(() => loadScreen(screen).then((Loaded) => ({ default: Loaded }))),
  ]),
);

function Screen({ screen }: { screen: StaffScreen }) {
  const Loaded = loadedScreens.get(screen);
  if (Loaded) return <Loaded />;
  const Lazy = lazyScreens.get(screen);
  if (!Lazy) throw new Error(`${screen.path} is not in STAFF_SCREENS`);
  return <Lazy />;
}

function AdminNotFound() {
  useAdminTitle('Page not found');
  return (
    <div className="py-10">
      <h1 className="font-serif text-3xl">Page not found</h1>
      <p className="mt-3">
        <Link to="/admin/bookings" className="link">
          Go to today’s bookings
        </Link>
      </p>
    </div>
  );
}

/** The staff admin (spec §2): its own chunk, never loaded by the public pages. */
export function Component() {
  return (
    <AdminSessionProvider>
      <AdminLayout>
        <Routes>
          {STAFF_SCREENS.map((screen) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={
                screen.minimumRole ? (
                  <RequireAdmin minimumRole={screen.minimumRole}>
                    <Screen screen={screen} />
                  </RequireAdmin>
                ) : (
                  <Screen screen={screen} />
                )
              }
            />
          ))}
          {/* The address staff type for the sign-in page; the sign-in is /admin. */}
          <Route path="login" element={<Navigate to="/admin" replace />} />
          <Route
            path="*"
            element={
              <RequireAdmin>
                <AdminNotFound />
              </RequireAdmin>
            }
          />
        </Routes>
      </AdminLayout>
    </AdminSessionProvider>
  );
}
