import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PROMO_DISMISSED_KEY, type PromotedOffer, promoOpensOn, promotedOffer } from '#shared/promo/promo.ts';
import { useChristmasDay } from '../content/site-content.tsx';
import * as occasionsApi from '../occasions/api.ts';

const loadPromo = () => import('./promo-dialog.tsx');
const PromoDialog = lazy(() => loadPromo().then((module) => ({ default: module.PromoDialog })));
const PromoCard = lazy(() => loadPromo().then((module) => ({ default: module.PromoCard })));

/** A phone: the promo is a card there, not a dialog over the page (Tailwind's `sm` breakpoint). */
function onPhone(): boolean {
  return window.matchMedia?.('(max-width: 639px)').matches ?? false;
}

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(PROMO_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(PROMO_DISMISSED_KEY, '1');
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
 * The promo (spec §4): the featured occasion, Christmas Day among them (`promotedOffer`), as a dialog, or on
 * a phone a card at the foot of the screen. It opens on each route change to a page where promos belong, never
 * on the Christmas or occasion pages, the booking form or the admin; once the guest has answered it, it stays
 * shut for the rest of the visit rather than interrupting every page. What's On's list says which occasion is
 * featured: it is asked for once the page has settled, and while it cannot be had the promo offers nothing.
 */
export function PromoModal() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const christmasDay = useChristmasDay();
  const [promoted, setPromoted] = useState<PromotedOffer>(null);

  useEffect(() => {
    if (!promoOpensOn(pathname) || wasDismissed()) {
      setPromoted(null);
      return;
    }
    let current = true;
    pageSettled()
      .then(() => occasionsApi.occasions().catch(() => []))
      .then((occasions) => {
        if (current && !wasDismissed()) setPromoted(promotedOffer(occasions, christmasDay, new Date()));
      });
    return () => {
      current = false;
    };
  }, [pathname, christmasDay]);

  function close(then?: string) {
    rememberDismissed();
    setPromoted(null);
    if (then) navigate(then);
  }

  if (!promoted) return null;
  return (
    <Suspense fallback={null}>
      {onPhone() ? (
        <PromoCard promoted={promoted} close={close} />
      ) : (
        <PromoDialog promoted={promoted} close={close} />
      )}
    </Suspense>
  );
}
