import { Route, Routes, useLocation } from 'react-router';
import { checkoutReturnPath, OCCASION_DEMO_CHECKOUT_PATH } from '#shared/occasions/links.ts';
import { NotFound } from './not-found.tsx';
import { Component as CheckoutReturn } from './occasion-checkout.tsx';
import { Component as DemoCheckout } from './occasion-demo-checkout.tsx';
import { Component as Diner } from './occasion-diner.tsx';
import { Component as Organiser } from './occasion-organiser.tsx';

const CHECKOUT_PATH = checkoutReturnPath('').split('?')[0];

/**
 * A party's own pages, one chunk: the payment's return (which goes straight on to the organiser's page), the
 * demo payment page, the organiser's page and the diners' link. One lazy page in the router rather than four:
 * the public entry carries every lazy page's path and files.
 */
export function Component() {
  const pathname = useLocation().pathname.replace(/\/+$/, '');
  if (pathname === CHECKOUT_PATH) return <CheckoutReturn />;
  if (pathname === OCCASION_DEMO_CHECKOUT_PATH) return <DemoCheckout />;
  return (
    <Routes>
      <Route path="organiser/:token" element={<Organiser />} />
      <Route path="diners/:token" element={<Diner />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
