import { matchRoutes } from 'react-router';

/**
 * Each staff screen's module from the repository root, by its path in admin.tsx's STAFF_SCREENS: the server
 * preloads its chunk with the admin's. Only the server's bundle (entry-server.tsx) imports this, as
 * page-modules.ts, without admin.tsx itself (staff-screen-modules.test.ts checks the two agree).
 */
export const STAFF_SCREEN_MODULES: Record<string, string> = {
  '': 'src/web/features/staff/login-page.tsx',
  account: 'src/web/features/staff/two-step-page.tsx',
  'invite/:token': 'src/web/features/staff/invite-page.tsx',
  forgot: 'src/web/features/staff/forgot-page.tsx',
  'reset/:token': 'src/web/features/staff/reset-page.tsx',
  staff: 'src/web/features/staff/staff-page.tsx',
  events: 'src/web/features/events/admin/events-page.tsx',
  'events/new': 'src/web/features/events/admin/event-form-page.tsx',
  'events/:id': 'src/web/features/events/admin/event-form-page.tsx',
  bookings: 'src/web/features/booking/admin/bookings-day-page.tsx',
  'bookings/new': 'src/web/features/booking/admin/new-booking-page.tsx',
  floor: 'src/web/features/tables/admin/floor-page.tsx',
  'walk-in': 'src/web/features/tables/admin/walk-in-page.tsx',
  queue: 'src/web/features/queue/admin/queue-page.tsx',
  standby: 'src/web/features/standby/admin/standby-page.tsx',
  vouchers: 'src/web/features/vouchers/admin/vouchers-page.tsx',
  'tables/why': 'src/web/features/tables/admin/why-page.tsx',
  enquiries: 'src/web/features/enquiries/admin/enquiries-page.tsx',
  christmas: 'src/web/features/christmas/admin/christmas-admin-page.tsx',
  occasions: 'src/web/features/occasions/admin/staff-occasions-page.tsx',
  content: 'src/web/features/content/admin/content-pages.tsx',
  'content/gallery': 'src/web/features/content/admin/gallery-manager.tsx',
  'content/:key': 'src/web/features/content/admin/content-pages.tsx',
  google: 'src/web/features/booking/admin/google-booking-page.tsx',
  mail: 'src/web/features/mail/admin/mail-page.tsx',
  reports: 'src/web/features/reports/admin/reports-page.tsx',
  activity: 'src/web/features/audit/activity-page.tsx',
  guests: 'src/web/features/privacy/admin/guest-data-page.tsx',
};

const screenRoutes = Object.keys(STAFF_SCREEN_MODULES).map((path) => ({ path }));

/** The source module of the staff screen at `pathname` (under /admin), preloaded with the admin's chunk. */
export function staffScreenModuleFor(pathname: string): string | undefined {
  const [match] = matchRoutes(screenRoutes, pathname, '/admin') ?? [];
  return match ? STAFF_SCREEN_MODULES[match.route.path] : undefined;
}
