import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { promoOpensOn } from '#shared/christmas/promo.ts';

const loadPromo = () => import('./promo-dialog.tsx');
const ChristmasPromoDialog = lazy(() =>
  loadPromo().then((module) => ({ default: module.ChristmasPromoDialog })),
);
const ChristmasPromoCard = lazy(() => loadPromo().then((module) => ({ default: module.ChristmasPromoCard })));

/** A phone: the promo is a card there, not a dialog over the page (Tailwind's `sm` breakpoint). */
function onPhone(): boolean {
  return window.matchMedia?.('(max-width: 639px)').matches ?? false;
}

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
 * The Christmas Day promo (spec §4): a dialog, or on a phone a card at the foot of the screen. It opens on
 * each route change to a page where promos belong,
 * never on the Christmas checkout pages or the admin; once the guest has answered it, it stays shut
 * for the rest of the visit rather than interrupting every page.
 */
export function PromoModal() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

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

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {onPhone() ? <ChristmasPromoCard close={close} /> : <ChristmasPromoDialog close={close} />}
    </Suspense>
  );
}
