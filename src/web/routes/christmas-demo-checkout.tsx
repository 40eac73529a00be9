import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { partySize } from '#shared/booking/party.ts';
import type { DemoCheckoutDetails } from '#shared/christmas/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import * as api from '../features/christmas/api.ts';
import { useVenue } from '../features/content/site-content.tsx';
import { useAsync } from '../hooks/use-async.ts';
import { failureText } from '../lib/api.ts';

const DEMO_PAYMENT_FAILED = 'The test payment did not go through. Please try again.';

function guestsText(checkout: DemoCheckoutDetails): string {
  return plural(partySize(checkout.partyAdults, checkout.partyChildren), 'guest', 'guests');
}

/** The path and query of an absolute URL of this site, for the router. */
function localPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

function Unavailable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="card p-8 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <div className="mt-3 text-ink-soft">{children}</div>
      <Link to="/christmas" className="btn-dark mt-6">
        Back to Christmas booking
      </Link>
    </div>
  );
}

function CheckoutCard({ pid, checkout }: { pid: string; checkout: DemoCheckoutDetails }) {
  const venue = useVenue();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function pay() {
    setPaying(true);
    setError(null);
    try {
      const payment = await api.payDemoCheckout(pid);
      window.location.assign(payment.url);
    } catch (failure) {
      setPaying(false);
      setError(failureText(failure, DEMO_PAYMENT_FAILED));
    }
  }

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
    <div className="overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
      <p className="bg-brass-300 px-6 py-3 text-center text-sm font-semibold text-green-950">
        Test checkout — no money is taken and no card is needed.
      </p>
      <div className="px-6 py-8 sm:px-10">
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
        <p className="mt-4 text-sm text-ink-soft">
          This is the demonstration stand-in for Stripe Checkout, used while the site has no Stripe keys.
          Paying here confirms the booking exactly as a real payment would, and sends the confirmation e-mail
          to <strong className="break-all">{checkout.email}</strong>.
        </p>
        {error ? (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="mt-4 rounded-lg bg-burgundy-700 px-4 py-3 font-semibold text-cream-50"
          >
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button type="button" className="btn-dark sm:flex-1" onClick={pay} disabled={paying}>
            {paying ? 'Paying…' : `Pay ${formatMoney(checkout.depositPence)}`}
          </button>
          <Link to={localPath(checkout.cancelUrl)} className="btn-outline sm:flex-1">
            Cancel
          </Link>
        </div>
      </div>
    </div>
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
    <div className="pattern-tiles">
      <div className="bg-gradient-to-b from-green-900/90 to-green-800/95">
        <div className="container-page max-w-xl py-12 sm:py-16">
          {checkout.status === 'loading' ? (
            <p role="status" className="text-center text-cream-50">
              Loading…
            </p>
          ) : checkout.value ? (
            <CheckoutCard pid={pid} checkout={checkout.value} />
          ) : (
            <Unavailable title="Checkout not found">
              <p>This test checkout doesn’t exist, or the site is taking real payments now.</p>
            </Unavailable>
          )}
        </div>
      </div>
    </div>
  );
}
