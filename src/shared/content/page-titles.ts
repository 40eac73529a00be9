/**
 * Each public page's title, on its own module: the browser sets the document title from these as the guest
 * moves between pages, without carrying the descriptions and share tags the server writes (page-meta.ts).
 */

export const HOME_TITLE_SUFFIX = ' — Village pub near Wokingham';

export const PAGE_TITLES: Record<string, string> = {
  '/': HOME_TITLE_SUFFIX,
  '/events': 'What’s On',
  '/menu': 'Food Menu',
  '/menu/showtimeMenu': 'Quiz Night & Comedy Night Menu',
  '/gallery': 'Gallery',
  '/about': 'Our Story',
  '/contact': 'Contact & Opening Hours',
  '/privacy': 'Privacy Notice',
  '/bookings': 'Book a Table',
  '/christmas': 'Christmas Day',
  '/christmas/success': 'Christmas Booking',
  '/christmas/cancel': 'Payment Cancelled',
  '/christmas/demo-checkout': 'Test Checkout',
  '/bookings/payment': 'Your Payment',
  '/bookings/demo-checkout': 'Test Checkout',
  '/occasions/checkout': 'Your Booking',
  '/occasions/demo-checkout': 'Test Checkout',
  '/vouchers': 'Gift Vouchers',
  '/vouchers/bought': 'Your Gift Voucher',
  '/vouchers/demo-checkout': 'Test Checkout',
};

/** Full document title: the home page's leads with the pub's name, the others end with it. */
export function documentTitle(title: string, venueName: string): string {
  return title === HOME_TITLE_SUFFIX ? `${venueName}${title}` : `${title} · ${venueName}`;
}

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The document title of a known page, for the browser to set as the guest moves between pages. */
export function pageTitleFor(pathname: string, venueName: string): string | null {
  const title = PAGE_TITLES[normalisePath(pathname)];
  return title ? documentTitle(title, venueName) : null;
}
