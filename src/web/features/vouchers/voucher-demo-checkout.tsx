import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '#shared/money/money.ts';
import { londonToday } from '#shared/time/london-time.ts';
import type { VoucherCheckoutStatus } from '#shared/vouchers/api.ts';
import { VOUCHERS_PATH, voucherCancelPath, voucherReturnPath } from '#shared/vouchers/links.ts';
import {
  DemoCheckoutCard,
  DemoCheckoutEnded,
  DemoCheckoutFrame,
  DemoPayActions,
  useDemoPayment,
} from '#web/components/demo-checkout.tsx';
import { useAsync } from '#web/hooks/use-async.ts';
import { useVenue } from '../content/site-content.tsx';
import * as api from './api.ts';
import { VOUCHER_WORDS } from './voucher-words.ts';

const BACK_TO_VOUCHERS = { to: VOUCHERS_PATH, label: VOUCHER_WORDS.buyAgain };

/** The path and query of an absolute URL of this site, for the router. */
function localPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DemoCheckoutEnded title={title} back={BACK_TO_VOUCHERS}>
      {children}
    </DemoCheckoutEnded>
  );
}

function CheckoutCard({ pid, checkout }: { pid: string; checkout: VoucherCheckoutStatus }) {
  const venue = useVenue();
  const payment = useDemoPayment(async () => {
    window.location.assign(localPath((await api.payVoucherDemo(pid)).url));
  }, VOUCHER_WORDS.demoFailed);

  if (checkout.state === 'issued') {
    return (
      <Unavailable title={VOUCHER_WORDS.demoPaidTitle}>
        <p>
          {VOUCHER_WORDS.demoPaid}{' '}
          <Link to={voucherReturnPath(pid)} className="link">
            {VOUCHER_WORDS.seeVoucher}
          </Link>
          .
        </p>
      </Unavailable>
    );
  }
  if (checkout.state === 'cancelled') {
    return (
      <Unavailable title={VOUCHER_WORDS.demoEndedTitle}>
        <p>{VOUCHER_WORDS.demoEnded}</p>
      </Unavailable>
    );
  }
  return (
    <DemoCheckoutCard notice={VOUCHER_WORDS.demoNotice}>
      <p className="eyebrow">{venue.name}</p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">{VOUCHER_WORDS.demoTitle}</h1>
      <p className="mt-2 text-ink-soft">{VOUCHER_WORDS.summary(checkout, londonToday())}</p>
      <dl className="mt-6 border-y border-cream-200 py-4">
        <div className="flex justify-between gap-4 text-lg font-semibold">
          <dt>Total due today</dt>
          <dd className="tabular-nums">{formatMoney(checkout.amountPence)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-ink-soft">{VOUCHER_WORDS.demoNote}</p>
      <DemoPayActions
        payment={payment}
        payLabel={VOUCHER_WORDS.pay(checkout.amountPence)}
        payingLabel="Paying…"
        cancel={{ to: voucherCancelPath(pid), label: 'Cancel' }}
      />
    </DemoCheckoutCard>
  );
}

/** /vouchers/demo-checkout?pid=…: the demo payment page of a voucher, only while Stripe is not set up. */
export function VoucherDemoCheckout() {
  const pid = useSearchParams()[0].get('pid') ?? '';
  const checkout = useAsync(
    () => (pid ? api.voucherCheckout(pid).catch(() => null) : Promise.resolve(null)),
    `voucher-demo-checkout:${pid}`,
  );
  return (
    <DemoCheckoutFrame loading={checkout.status === 'loading'}>
      {checkout.status === 'done' && checkout.value ? (
        <CheckoutCard pid={pid} checkout={checkout.value} />
      ) : (
        <Unavailable title={VOUCHER_WORDS.demoMissingTitle}>
          <p>{VOUCHER_WORDS.demoMissing}</p>
        </Unavailable>
      )}
    </DemoCheckoutFrame>
  );
}
