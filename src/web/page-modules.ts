import { ADMIN_PATH, NOT_FOUND_PATH } from './router.tsx';

/**
 * Each lazy page's module from the repository root, by its path in the router's LAZY_PAGES: the server looks
 * its chunk up in Vite's manifest to preload it. Only the server's bundle (entry-server.tsx) imports this, so
 * the browser's entry does not carry the file names (router.test.tsx checks the two lists agree).
 */
export const PAGE_MODULES: Record<string, string> = {
  '/events': 'src/web/routes/events.tsx',
  '/events/:slug': 'src/web/routes/event-detail.tsx',
  '/menu': 'src/web/routes/menu.tsx',
  '/menu/showtimeMenu': 'src/web/routes/showtime-menu.tsx',
  '/gallery': 'src/web/routes/gallery.tsx',
  '/about': 'src/web/routes/about.tsx',
  '/contact': 'src/web/routes/contact.tsx',
  '/bookings': 'src/web/routes/bookings.tsx',
  '/bookings/manage/:token': 'src/web/routes/manage-booking.tsx',
  '/bookings/payment': 'src/web/routes/bookings-payment.tsx',
  '/bookings/demo-checkout': 'src/web/routes/bookings-demo-checkout.tsx',
  '/christmas': 'src/web/routes/christmas.tsx',
  '/christmas/success': 'src/web/routes/christmas-success.tsx',
  '/christmas/cancel': 'src/web/routes/christmas-cancel.tsx',
  '/christmas/manage/:token': 'src/web/routes/christmas-manage.tsx',
  '/christmas/demo-checkout': 'src/web/routes/christmas-demo-checkout.tsx',
  '/occasions/checkout': 'src/web/routes/occasion-party.tsx',
  '/occasions/demo-checkout': 'src/web/routes/occasion-party.tsx',
  '/occasions/:slug': 'src/web/routes/occasion.tsx',
  '/occasions/*': 'src/web/routes/occasion-party.tsx',
  '/standby/*': 'src/web/routes/standby.tsx',
  '/vouchers': 'src/web/routes/vouchers.tsx',
  '/vouchers/*': 'src/web/routes/vouchers-pages.tsx',
  [ADMIN_PATH]: 'src/web/routes/admin.tsx',
  [NOT_FOUND_PATH]: 'src/web/routes/not-found.tsx',
};
