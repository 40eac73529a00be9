import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { PageHero } from '../components/page-hero.tsx';
import { PaymentOutcome } from '../components/payment-outcome.tsx';
import { useVenue } from '../features/content/site-content.tsx';
import * as api from '../features/occasions/api.ts';
import { ApiError } from '../lib/api.ts';
import { wait } from '../lib/wait.ts';

/** One look a second while the payment settles, for up to half a minute; a lost connection is tried 3 times. */
const CHECKOUT_POLL_MS = 1000;
const MAX_POLLS = 30;
const MAX_NETWORK_FAILURES = 3;

type Phase =
  | { kind: 'checking' }
  | { kind: 'confirmed'; organiserUrl: string | null }
  | { kind: 'ended'; status: 'EXPIRED' | 'CANCELLED' }
  | { kind: 'still-held' }
  | { kind: 'not-found' }
  | { kind: 'network' };

/** Follows the checkout until it is settled one way or the other; `attempt` starts again ("Check again"). */
function useCheckoutPhase(pid: string, attempt: number): Phase {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what restarts the checks
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setPhase({ kind: 'checking' });
    (async (): Promise<Phase> => {
      let failures = 0;
      for (let polls = 0; polls < MAX_POLLS; ) {
        try {
          const state = await api.occasionCheckout(pid, signal);
          polls++;
          if (state.status === 'CONFIRMED') return { kind: 'confirmed', organiserUrl: state.organiserUrl };
          if (state.status !== 'HELD') return { kind: 'ended', status: state.status };
        } catch (error) {
          if (signal.aborted) break;
          if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
          failures++;
          if (failures >= MAX_NETWORK_FAILURES) return { kind: 'network' };
        }
        await wait(CHECKOUT_POLL_MS, signal);
        if (signal.aborted) break;
      }
      return { kind: 'still-held' };
    })().then((result) => {
      if (!signal.aborted) setPhase(result);
    });
    return () => controller.abort();
  }, [pid, attempt]);
  return phase;
}

function CallUs() {
  const venue = useVenue();
  return (
    <a href={telephoneHref(venue.phone)} className="link">
      {venue.phone}
    </a>
  );
}

const WHATS_ON = (
  <Link to="/events" className="btn-dark">
    See what’s on
  </Link>
);

/** Paid: the organiser's own page is where the booking lives, so the guest goes there at once. */
function Confirmed({ organiserUrl }: { organiserUrl: string | null }) {
  useEffect(() => {
    if (organiserUrl) window.location.replace(organiserUrl);
  }, [organiserUrl]);
  return (
    <PaymentOutcome tone="info" title="Payment received, your table is booked">
      {organiserUrl ? (
        <p>
          Taking you to your booking’s own page…{' '}
          <a href={organiserUrl} className="link">
            Open it now
          </a>
          .
        </p>
      ) : (
        <p>Your confirmation is on its way to your e-mail, with the link to your booking’s own page.</p>
      )}
    </PaymentOutcome>
  );
}

function Following({ pid }: { pid: string }) {
  const [attempt, setAttempt] = useState(0);
  const phase = useCheckoutPhase(pid, attempt);
  const retry = (
    <button type="button" className="btn-outline" onClick={() => setAttempt((count) => count + 1)}>
      Check again
    </button>
  );
  switch (phase.kind) {
    case 'checking':
      return (
        <PaymentOutcome tone="info" title="Confirming your booking…">
          <p>
            Thank you: we’re checking your payment with our payment provider. This usually takes a few
            seconds.
          </p>
        </PaymentOutcome>
      );
    case 'confirmed':
      return <Confirmed organiserUrl={phase.organiserUrl} />;
    case 'ended':
      return (
        <PaymentOutcome
          tone="error"
          title={phase.status === 'EXPIRED' ? 'This checkout expired' : 'This booking was cancelled'}
        >
          <p>
            No booking was made and the seats we held have been released. If any money was taken, it will be
            refunded to your card in full.
          </p>
          <p>
            You’re welcome to book again, or call us on <CallUs />.
          </p>
          <p>{WHATS_ON}</p>
        </PaymentOutcome>
      );
    case 'still-held':
      return (
        <PaymentOutcome tone="warning" title="We haven’t received your payment yet">
          <p>
            If you completed the payment, it can take a minute or two to reach us, and your confirmation will
            follow by e-mail: please don’t book again.
          </p>
          {retry}
        </PaymentOutcome>
      );
    case 'network':
      return (
        <PaymentOutcome tone="error" title="We couldn’t reach our booking system">
          <p>
            Please check your connection and try again. If your payment went through, your booking is safe;
            call us on <CallUs /> to be sure.
          </p>
          {retry}
        </PaymentOutcome>
      );
    case 'not-found':
      return <NotFound />;
  }
}

function NotFound() {
  return (
    <PaymentOutcome tone="error" title="We couldn’t find your booking">
      <p>
        This link doesn’t name a booking. If you have paid, your confirmation is in your e-mail; or call us on{' '}
        <CallUs />.
      </p>
      <p>{WHATS_ON}</p>
    </PaymentOutcome>
  );
}

/** Back from the payment page without paying: the held seats are given back at once. */
function Released({ pid }: { pid: string }) {
  useEffect(() => {
    api.releaseOccasionCheckout(pid).catch(() => undefined);
  }, [pid]);
  return (
    <PaymentOutcome tone="info" title="Your seats have been released">
      <p>
        Your payment was cancelled or not completed, and the seats we were holding for you have been released:
        nothing is booked. You’re welcome to try again, or call us on <CallUs />.
      </p>
      <p>{WHATS_ON}</p>
    </PaymentOutcome>
  );
}

/** /occasions/checkout?pid=…: where the payment page sends the organiser back, paid (or `&cancelled=1`, not). */
export function Component() {
  const [params] = useSearchParams();
  const pid = params.get('pid') ?? '';
  const cancelled = params.get('cancelled') === '1';
  return (
    <>
      <PageHero eyebrow="Your booking" title={cancelled ? 'Payment cancelled' : 'Your booking'} />
      <div className="container-page max-w-3xl py-12">
        {!pid ? <NotFound /> : cancelled ? <Released pid={pid} /> : <Following pid={pid} />}
      </div>
    </>
  );
}
