import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { christmasSeason, formatPounds } from '../../shared/christmas-season.ts';
import { promoOpensOn } from '../../shared/promo.ts';
import { Dialog } from './dialog.tsx';

const DISMISSED_KEY = 'christmas-promo-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private browsing without storage: the promo simply shows again on the next page.
  }
}

/**
 * Resolves once the page has loaded and its fonts are in, so the promo never moves as the page settles
 * (it must not cost a page its layout-shift score) and never competes with the page's first paint.
 */
function pageSettled(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  const fonts = document.fonts ? document.fonts.ready.then(() => undefined) : Promise.resolve();
  return Promise.all([loaded, fonts]).then(
    () => new Promise((resolve) => requestAnimationFrame(() => resolve())),
  );
}

/**
 * The Christmas Day promo (spec §4). It opens on each route change to a page where promos belong,
 * never on the Christmas checkout pages or the admin; once the guest has answered it, it stays shut
 * for the rest of the visit rather than interrupting every page.
 */
export function PromoModal() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { prices, sittings } = christmasSeason;

  useEffect(() => {
    if (!promoOpensOn(pathname) || wasDismissed()) {
      setOpen(false);
      return;
    }
    let current = true;
    pageSettled().then(() => {
      if (current) setOpen(!wasDismissed());
    });
    return () => {
      current = false;
    };
  }, [pathname]);

  function close(then?: string) {
    rememberDismissed();
    setOpen(false);
    if (then) navigate(then);
  }

  return (
    <Dialog
      open={open}
      onClose={() => close()}
      labelledBy={titleId}
      className="w-full max-w-lg overflow-hidden rounded-2xl bg-cream-50 shadow-2xl"
    >
      <div className="pattern-tiles px-6 pt-6 pb-5 text-cream-50 sm:px-8">
        <p className="eyebrow text-brass-300">Christmas Day {christmasSeason.year}</p>
        <h2 id={titleId} className="mt-1 font-serif text-3xl text-cream-50 sm:text-4xl">
          Christmas Day at the pub
        </h2>
      </div>
      <div className="px-6 py-6 sm:px-8">
        <ul className="space-y-2 text-[0.98rem]">
          <li>
            <strong>Two sittings:</strong> {sittings.map((sitting) => sitting.promoLabel).join(' and ')}
          </li>
          <li>
            <strong>{formatPounds(prices.adult)} adults</strong>,{' '}
            <strong>{formatPounds(prices.child)} children</strong> — three courses with a glass of prosecco or
            a soft drink
          </li>
          <li>
            <strong>Pre-order required</strong>, with a {formatPounds(prices.depositPerGuest)} deposit per
            guest
          </li>
          <li>Regular online table bookings are closed for Christmas Day.</li>
        </ul>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button type="button" className="btn-dark" onClick={() => close('/christmas?utm_source=modal')}>
            Book Christmas Day
          </button>
          <button type="button" className="btn-outline" onClick={() => close('/bookings')}>
            Regular Booking Info
          </button>
          <button type="button" className="btn text-ink-soft underline sm:ml-auto" onClick={() => close()}>
            Not now
          </button>
        </div>
      </div>
    </Dialog>
  );
}
