import { Link, NavLink } from 'react-router';
import { useVenue } from '#web/features/content/site-content.tsx';
import { Emblem } from './emblem.tsx';

export const PRIMARY_NAV = [
  { to: '/events', label: 'Events' },
  { to: '/menu', label: 'Menu' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteHeader({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const venue = useVenue();
  return (
    <header className="sticky top-0 z-40 border-b border-brass-600/40 bg-green-900/95 text-cream-50 backdrop-blur supports-[backdrop-filter]:bg-green-900/85">
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex items-center gap-3 text-cream-50 no-underline">
          <Emblem className="h-9 w-9 shrink-0 sm:h-10 sm:w-10 lg:h-12 lg:w-12" />
          <span className="font-serif text-lg font-semibold tracking-tight whitespace-nowrap sm:text-xl lg:text-2xl">
            {venue.name}
          </span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-full px-4 py-2 text-[0.95rem] font-medium no-underline transition-colors hover:text-brass-300 ${
                      isActive ? 'text-brass-300' : 'text-cream-100'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="ml-3">
              <Link to="/bookings" className="btn-primary px-5 py-2.5">
                Book
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-2 lg:hidden">
          <Link to="/bookings" className="btn-primary px-4 py-2 text-sm">
            Book
          </Link>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-cream-50 hover:bg-green-800"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-drawer"
            onClick={onOpenMenu}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
