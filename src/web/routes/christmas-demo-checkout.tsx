import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { partySize } from '#shared/booking/party.ts';
import type { DemoCheckoutDetails } from '#shared/christmas/checkout-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
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
import * as api from '../features/christmas/api.ts';
import { useVenue } from '../features/content/site-content.tsx';
import { useAsync } from '../hooks/use-async.ts';

const DEMO_PAYMENT_FAILED = 'The test payment did not go through. Please try again.';

function guestsText(checkout: DemoCheckoutDetails): string {
  return plural(partySize(checkout.partyAdults, checkout.partyChildren), 'guest', 'guests');
}

/** The path and query of an absolute URL of this site, for the router. */
function localPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

const BACK_TO_CHRISTMAS = { to: '/christmas', label: 'Back to Christmas booking' };

function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DemoCheckoutEnded title={title} back={BACK_TO_CHRISTMAS}>
      {children}
    </DemoCheckoutEnded>
  );
}

function CheckoutCard({ pid, checkout }: { pid: string; checkout: DemoCheckoutDetails }) {
  const venue = useVenue();
  const payment = useDemoPayment(async () => {
    window.location.assign((await api.payDemoCheckout(pid)).url);
  }, DEMO_PAYMENT_FAILED);

  if (checkout.state === 'PAID_CONFIRMED') {
    return (
      <Unavailable title="Already paid">
        <p>
          This deposit has been paid.{' '}
          <Link to={`/christmas/success?pid=${encodeURIComponent(pid)}`} className="link">
            See your booking
          </Link>
          .
        </p>
      </Unavailable>
    );
  }
  if (checkout.state !== 'PENDING') {
    return (
      <Unavailable title="This checkout has ended">
        <p>
          It expired or was cancelled, and the seats it held have been released. You’re welcome to start
          again.
        </p>
      </Unavailable>
    );
  }
  const guests = checkout.partyAdults + checkout.partyChildren;
  return (
    <DemoCheckoutCard notice="Test checkout — no money is taken and no card is needed.">
      <p className="eyebrow">{venue.name}</p>
      <h1 className="mt-2 font-serif text-3xl sm:text-4xl">Christmas Day deposit</h1>
      <p className="mt-2 text-ink-soft">
        {formatLongDate(checkout.date)}, {checkout.sittingLabel} · {guestsText(checkout)}
      </p>
      <dl className="mt-6 space-y-2 border-y border-cream-200 py-4">
        <div className="flex justify-between gap-4">
          <dt>
            Deposit, {guests} × {formatMoney(checkout.depositPerGuestPence)}
          </dt>
          <dd className="tabular-nums">{formatMoney(checkout.depositPence)}</dd>
        </div>
        <div className="flex justify-between gap-4 text-lg font-semibold">
          <dt>Total due today</dt>
          <dd className="tabular-nums">{formatMoney(checkout.depositPence)}</dd>
        </div>
      </dl>
      <DemoPaymentNote email={checkout.email} />
      <DemoPayActions
        payment={payment}
        payLabel={`Pay ${formatMoney(checkout.depositPence)}`}
        payingLabel="Paying…"
        cancel={{ to: localPath(checkout.cancelUrl), label: 'Cancel' }}
      />
    </DemoCheckoutCard>
  );
}

/** /christmas/demo-checkout?pid=…: the demo payment page (product.md §2), only while Stripe is not set up. */
export function Component() {
  const pid = useSearchParams()[0].get('pid') ?? '';
  const checkout = useAsync(
    () => (pid ? api.demoCheckout(pid).catch(() => null) : Promise.resolve(null)),
    pid,
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
