import { useEffect, useId, useRef, useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { roleAllows, type StaffRole } from '#shared/staff/roles.ts';
import { ACCOUNT_PATH } from './admin-session.tsx';

/** The staff navigation; each item shows only to the roles that may use its screen (issue 19). */
export const ADMIN_NAV: readonly { to: string; label: string; role: StaffRole }[] = [
  { to: '/admin/bookings', label: 'Bookings', role: 'staff' },
  { to: '/admin/floor', label: 'Floor', role: 'staff' },
  { to: '/admin/queue', label: 'Queue', role: 'staff' },
  { to: '/admin/standby', label: 'Standby', role: 'staff' },
  { to: '/admin/vouchers', label: 'Vouchers', role: 'staff' },
  { to: '/admin/christmas', label: 'Christmas', role: 'staff' },
  { to: '/admin/occasions', label: 'Occasions', role: 'staff' },
  { to: '/admin/events', label: 'Events', role: 'manager' },
  { to: '/admin/enquiries', label: 'Enquiries', role: 'manager' },
  { to: '/admin/content', label: 'Site content', role: 'manager' },
  { to: '/admin/mail', label: 'E-mails', role: 'manager' },
  { to: '/admin/reports', label: 'Reports', role: 'manager' },
  { to: '/admin/staff', label: 'Staff', role: 'owner' },
  { to: '/admin/guests', label: 'Guest data', role: 'owner' },
  { to: '/admin/activity', label: 'Activity', role: 'owner' },
];

function pillColours(isActive: boolean): string {
  return `font-semibold no-underline transition-colors ${
    isActive ? 'bg-cream-50 text-green-900' : 'text-cream-100 hover:bg-green-800 hover:text-cream-50'
  }`;
}

/**
 * The wide row's pill: small text and snug padding, so the owner's fifteen screens fit one line at 1280 px, with
 * room to spare for a desktop's scrollbar (the row is 1232 px there, less a 17 px scrollbar; the pills take
 * about 1185). Still 32 px tall, with the site's focus ring around it.
 */
const widePill = 'lg:inline-flex lg:min-h-0 lg:rounded-full lg:px-2.5 lg:py-1.5 lg:text-sm';

/** A link of the header: a pill in the wide row and on the phone's closed header, a full-width row in the phone's menu. */
function linkClass(isActive: boolean, menuOpen: boolean): string {
  const shape = menuOpen
    ? `flex min-h-12 items-center rounded-lg px-4 text-lg ${widePill}`
    : `inline-flex min-h-11 items-center rounded-full px-3 text-[0.95rem] sm:px-4 ${widePill}`;
  return `${shape} ${pillColours(isActive)}`;
}

/** Account sits beside Logout on a wide screen, in the menu on a phone. */
const accountPill = 'items-center rounded-full px-4 py-1.5 text-sm';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The signed-in part of the staff header. A wide screen shows the name, Account and Logout beside the emblem and
 * the row of screens beneath, whatever the role. A phone shows a Menu button, the current screen and Logout; the menu opens the screens, Account and
 * Logout as a list under the header, and closes on a move to another screen and on Escape. One list serves
 * both, so a screen reader meets each link once.
 */
export function AdminNav({ role, name, onLogout }: { role: StaffRole; name: string; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const { pathname, key } = useLocation();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every move, to any screen, closes the menu
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (!open) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      const focusWasInMenu =
        panel.current?.contains(document.activeElement) || document.activeElement === menuButton.current;
      setOpen(false);
      if (focusWasInMenu) menuButton.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const items = ADMIN_NAV.filter((item) => roleAllows(role, item.role));
  const isCurrent = (to: string) => matchPath({ path: to, end: false }, pathname) !== null;

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 items-center gap-1.5 rounded-full border border-cream-200/60 px-3 text-sm font-semibold text-cream-50 transition-colors hover:bg-green-800 lg:hidden"
      >
        <MenuIcon open={open} />
        Menu
      </button>
      <div
        ref={panel}
        id={menuId}
        className={
          open ? 'flex w-full flex-col gap-1 border-t border-green-800 pt-2 lg:contents' : 'contents'
        }
      >
        <nav aria-label="Admin" className="lg:order-last lg:w-full">
          <ul
            className={
              open
                ? 'flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:gap-x-0.5'
                : 'flex flex-wrap gap-1 lg:gap-x-0.5'
            }
          >
            {items.map((item) => (
              <li key={item.to} className={open || isCurrent(item.to) ? '' : 'hidden lg:block'}>
                <NavLink to={item.to} className={({ isActive }) => linkClass(isActive, open)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span
          className={`${open ? 'mt-2 border-t border-green-800 px-4 pt-3' : 'hidden'} text-sm text-cream-200 lg:ml-auto lg:inline lg:border-0 lg:p-0`}
        >
          {name}
        </span>
        <NavLink
          to={ACCOUNT_PATH}
          className={({ isActive }) =>
            open ? linkClass(isActive, true) : `hidden lg:inline-flex ${pillColours(isActive)} ${accountPill}`
          }
        >
          Account
        </NavLink>
        <button
          type="button"
          onClick={onLogout}
          className={`${open ? 'mt-1 h-12 justify-center text-base lg:mt-0' : 'ml-auto h-11 px-3 sm:px-4'} inline-flex items-center rounded-full border border-cream-200/60 text-sm font-semibold text-cream-50 transition-colors hover:bg-cream-50 hover:text-green-900 lg:ml-0 lg:h-auto lg:px-4 lg:py-1.5 lg:text-sm`}
        >
          Logout
        </button>
      </div>
    </>
  );
}
