import { Link } from 'react-router';
import { formatAddressLines, telephoneHref } from '#shared/content/venue.ts';
import { PRIVACY_PATH } from '#shared/privacy/privacy-path.ts';
import { VOUCHERS_PATH } from '#shared/vouchers/links.ts';
import { OpeningHours } from '#web/features/content/opening-hours.tsx';
import { useVenue } from '#web/features/content/site-content.tsx';
import { Emblem } from './emblem.tsx';

const QUICK_LINKS = [
  { to: '/events', label: 'What’s On' },
  { to: '/menu', label: 'Food Menu' },
  { to: '/bookings', label: 'Book a Table' },
  { to: '/christmas', label: 'Christmas Day' },
  { to: VOUCHERS_PATH, label: 'Gift Vouchers' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/about', label: 'Our Story' },
  { to: '/contact', label: 'Contact Us' },
  { to: PRIVACY_PATH, label: 'Privacy' },
];

/**
 * What the footer holds. A page from the server keeps the footer it was sent (`SiteFooter`), so this code is
 * fetched only when the browser renders the footer itself.
 */
export function FooterContents() {
  const venue = useVenue();
  return (
    <>
      <div className="container-page grid gap-12 py-16 md:grid-cols-2 lg:grid-cols-[1.2fr_0.9fr_1fr_1.5fr]">
        <div>
          <div className="flex items-center gap-3">
            <Emblem className="h-12 w-12" />
            <p className="font-serif text-2xl text-cream-50">{venue.name}</p>
          </div>
          <p className="mt-4 text-cream-200">{venue.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="font-serif text-lg text-brass-300">Quick links</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-[0.95rem] md:grid-cols-1">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-cream-100 no-underline hover:text-brass-300 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-serif text-lg text-brass-300">Find us</h2>
          <address className="mt-3 not-italic text-[0.95rem] leading-7">
            {formatAddressLines(venue.address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <a
              href={telephoneHref(venue.phone)}
              className="mt-3 block text-cream-50 underline decoration-brass-500"
            >
              {venue.phone}
            </a>
            <a href={`mailto:${venue.email}`} className="block text-cream-50 underline decoration-brass-500">
              {venue.email}
            </a>
          </address>
        </div>
        <OpeningHours tone="dark" />
      </div>
      <div className="border-t border-brass-600/30">
        <p className="container-page py-6 text-sm text-cream-200">
          © {new Date().getFullYear()} {venue.name} · A Grade II-listed Victorian pub · Please drink
          responsibly
        </p>
      </div>
    </>
  );
}
