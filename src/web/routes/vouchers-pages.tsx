import { Route, Routes } from 'react-router';
import { VoucherDemoCheckout } from '../features/vouchers/voucher-demo-checkout.tsx';
import { VoucherPage } from '../features/vouchers/voucher-page.tsx';
import { VoucherReturn } from '../features/vouchers/voucher-return.tsx';
import { NotFound } from './not-found.tsx';

/**
 * The gift vouchers' own pages (issue 33), one chunk behind one lazy page: the payment's return, the demo payment
 * page and the voucher itself. The public entry carries every lazy page's path and files.
 */
export function Component() {
  return (
    <Routes>
      <Route path="bought" element={<VoucherReturn />} />
      <Route path="demo-checkout" element={<VoucherDemoCheckout />} />
      <Route path="v/:code" element={<VoucherPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
