import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { partyText } from '#shared/booking/party.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { OccasionDemoCheckout } from '#shared/occasions/api.ts';
import { checkoutReturnPath } from '#shared/occasions/links.ts';
import { refundTermText } from '#shared/occasions/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import {
  DemoCheckoutCard,
  DemoCheckoutEnded,
  DemoCheckoutFrame,
  DemoPayActions,
  DemoPaymentNote,
  useDemoPayment,
} from '../components/demo-checkout.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import * as api from '../features/occasions/api.ts';
import { useAsync } from '../hooks/use-async.ts';

const DEMO_PAYMENT_FAILED = 'The test payment did not go through. Please try again.';
const BACK_TO_WHATS_ON = { to: '/events', label: 'See what’s on' };

/** The path and query of an absolute URL of this site, for the router. */
function localPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DemoCheckoutEnded title={title} back={BACK_TO_WHATS_ON}>
      {children}
    </DemoCheckoutEnded>
  );
}

function CheckoutCard({ pid, checkout }: { pid: string; checkout: OccasionDemoCheckout }) {
  const venue = useVenue();
  const payment = useDemoPayment(async () => {
    window.location.assign((await api.payOccasionDemoCheckout(pid)).url);
  }, DEMO_PAYMENT_FAILED);

  if (checkout.status === 'CONFIRMED') {
    return (
      <Unavailable title="Already paid">
        <p>
          This booking has been paid.{' '}
          <Link to={checkoutReturnPath(pid)} className="link">
            See your booking
          </Link>
          .
        </p>
      </Unavailable>
    );
  }
  if (checkout.status !== 'HELD') {
    return (
      <Unavailable title="This checkout has ended">
        <p>
          It expired or was cancelled, and the seats it held have been released. You’re welcome to start
          again.
        </p>
      </Unavailable>
    );
  }
  const guests = checkout.adults + checkout.children;
  return (
    <DemoCheckoutCard notice="Test checkout — no money is taken and no card is needed.">
      <p className="eyebrow">{venue.name}</p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">{checkout.occasionName}</h1>
      <p className="mt-2 text-ink-soft">
        {formatLongDate(checkout.date)}, {checkout.sittingLabel} ·{' '}
        {checkout.ticketed
          ? plural(guests, 'ticket', 'tickets')
          : partyText(checkout.adults, checkout.children)}
      </p>
      <dl className="mt-6 border-y border-cream-200 py-4">
        <div className="flex justify-between gap-4 text-lg font-semibold">
          <dt>Total due today</dt>
          <dd className="tabular-nums">{formatMoney(checkout.amountPence)}</dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold text-green-900">{refundTermText(checkout.refundableUntil)}</p>
      <DemoPaymentNote email={checkout.email} />
      <DemoPayActions
        payment={payment}
        payLabel={`Pay ${formatMoney(checkout.amountPence)}`}
        payingLabel="Paying…"
        cancel={{ to: localPath(checkout.cancelUrl), label: 'Cancel' }}
      />
    </DemoCheckoutCard>
  );
}

/** /occasions/demo-checkout?pid=…: the demo payment page of an occasion, only while Stripe is not set up. */
export function Component() {
  const pid = useSearchParams()[0].get('pid') ?? '';
  const checkout = useAsync(
    () => (pid ? api.occasionDemoCheckout(pid).catch(() => null) : Promise.resolve(null)),
    `occasion-demo-checkout:${pid}`,
  );
  return (
    <DemoCheckoutFrame loading={checkout.status === 'loading'}>
      {checkout.status === 'done' && checkout.value ? (
        <CheckoutCard pid={pid} checkout={checkout.value} />
      ) : (
        <Unavailable title="Checkout not found">
          <p>This test checkout doesn’t exist, or the site is taking real payments now.</p>
        </Unavailable>
      )}
    </DemoCheckoutFrame>
  );
}
