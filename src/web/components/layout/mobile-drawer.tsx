import { useId, useState } from 'react';
import { Link } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { useVenue } from '#web/features/content/site-content.tsx';
import { CloseButton, Dialog } from '../dialog.tsx';

const drawerLink =
  'block rounded-lg px-3 py-3 font-serif text-xl text-cream-50 no-underline hover:bg-green-800 hover:text-brass-300';

export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const venue = useVenue();
  const [foodOpen, setFoodOpen] = useState(true);
  const titleId = useId();
  const foodId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      overlayClassName="justify-end"
      className="flex h-full w-[min(22rem,88vw)] flex-col overflow-y-auto bg-green-900 px-5 pt-4 pb-8 text-cream-50 shadow-2xl"
    >
      <div id="mobile-drawer" className="flex items-center justify-between">
        <h2 id={titleId} className="font-serif text-lg text-brass-300">
          {venue.name}
        </h2>
        <CloseButton onClose={onClose} label="Close menu" className="text-cream-50 hover:bg-green-800" />
      </div>
      <nav aria-label="Mobile" className="mt-6">
        <ul className="space-y-1">
          <li>
            <Link to="/events" className={drawerLink}>
              Events
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={`${drawerLink} flex w-full items-center justify-between text-left`}
              aria-expanded={foodOpen}
              aria-controls={foodId}
              onClick={() => setFoodOpen((value) => !value)}
            >
              Food
              <svg
                viewBox="0 0 24 24"
                className={`h-5 w-5 transition-transform ${foodOpen ? 'rotate-180' : ''}`}
                aria-hidden="true"
              >
                <path d="m6 9 6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            </button>
            <ul id={foodId} hidden={!foodOpen} className="mb-2 ml-4 border-l border-brass-600/50 pl-2">
              <li>
                <Link to="/menu" className={`${drawerLink} text-lg`}>
                  Menu
                </Link>
              </li>
              <li>
                <Link to="/menu#sunday" className={`${drawerLink} text-lg`}>
                  Sunday Roasts
                </Link>
              </li>
              <li>
                <Link to="/menu#lunch" className={`${drawerLink} text-lg`}>
                  £12 Lunch
                </Link>
              </li>
            </ul>
          </li>
          <li>
            <Link to="/gallery" className={drawerLink}>
              Gallery
            </Link>
          </li>
          <li>
            <Link to="/about" className={drawerLink}>
              About
            </Link>
          </li>
          <li>
            <Link to="/bookings" className={drawerLink}>
              Book a Table
            </Link>
          </li>
          <li>
            <Link to="/christmas" className={drawerLink}>
              Christmas Day
            </Link>
          </li>
          <li>
            <Link to="/contact" className={drawerLink}>
              Contact Us
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-auto pt-8 text-sm text-cream-200">
        <a href={telephoneHref(venue.phone)} className="block text-cream-50 underline">
          {venue.phone}
        </a>
      </div>
    </Dialog>
  );
}
