import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { partyText } from '#shared/booking/party.ts';
import type { ChristmasConfirmation, PendingStatus } from '#shared/christmas/checkout-schemas.ts';
import { preOrderLines } from '#shared/christmas/courses.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { PageHero } from '../components/page-hero.tsx';
import { PaymentOutcome } from '../components/payment-outcome.tsx';
import * as api from '../features/christmas/api.ts';
import { runPendingMachine, type SuccessPhase } from '../features/christmas/pending-machine.ts';
import { useChristmasSeason } from '../features/christmas/use-season.ts';
import { useChristmasDay, useVenue } from '../features/content/site-content.tsx';
import { ApiError } from '../lib/api.ts';
import { wait } from '../lib/wait.ts';

/**
 * Our API answering 4xx refuses the link itself (no such reservation, a malformed pid): asking again
 * would get the same answer. A lost connection, a server error, a timeout or "slow down" may pass.
 */
function refusesTheLink(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Polls the reservation (spec §4); `attempt` restarts it when the guest asks to check again. */
function usePendingPhase(pid: string | null, attempt: number): SuccessPhase {
  const [phase, setPhase] = useState<SuccessPhase>({ kind: 'checking' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what restarts the checks
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setPhase({ kind: 'checking' });
    runPendingMachine(pid, {
      fetchStatus: (id) => api.pendingReservation(id, signal),
      // Spec §7: success is an OK status; anything else is a failure to finalize.
      finalize: (id) => api.finalizeReservation(id, signal).catch(() => null),
      wait: (ms) => wait(ms, signal),
      isUnknownReservation: (error) => error instanceof ApiError && refusesTheLink(error.status),
      signal,
    }).then((result) => {
      if (!signal.aborted) setPhase(result);
    });
    return () => controller.abort();
  }, [pid, attempt]);
  return phase;
}

/** About 140 pieces for 3.5 seconds, loaded only for guests who have not asked for reduced motion. */
function useConfetti(active: boolean): void {
  useEffect(() => {
    if (!active || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('../features/christmas/confetti.ts').then((confetti) => {
      if (!left) stop = confetti.launchConfetti();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [active]);
}

function CallUs() {
  const venue = useVenue();
  return (
    <a href={telephoneHref(venue.phone)} className="link">
      {venue.phone}
    </a>
  );
}

/** An e-mail address that a narrow phone wraps before its "@" and dots, not in the middle of a word. */
function WrappingAddress({ address }: { address: string }) {
  let offset = 0;
  return address.split(/(?=[@.])/).map((part) => {
    const at = offset;
    offset += part.length;
    return (
      <Fragment key={at}>
        {at > 0 ? <wbr /> : null}
        {part}
      </Fragment>
    );
  });
}

function Confirmed({ status }: { status: PendingStatus }) {
  const season = useChristmasSeason();
  const confirmation = status.confirmation as ChristmasConfirmation | undefined;
  const reference = status.reference ?? confirmation?.reference ?? '';
  const party = confirmation ? partyText(confirmation.partyAdults, confirmation.partyChildren) : '';
  return (
    <div
      role="status"
      className="overflow-hidden rounded-2xl border border-brass-500/50 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]"
    >
      <div className="pattern-tiles">
        <div className="bg-gradient-to-br from-burgundy-800/95 to-green-900/90 px-6 py-8 text-center text-cream-50 sm:px-10">
          <p className="eyebrow text-brass-300">Booking confirmed</p>
          <h2 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl">See you on Christmas Day!</h2>
          <p className="mt-5 text-cream-100">Your reference</p>
          <p className="mt-1 font-mono text-3xl font-semibold tracking-[0.2em] text-brass-300 sm:text-4xl">
            {reference}
          </p>
        </div>
      </div>
      <div className="px-6 py-8 sm:px-10">
        <p className="text-lg">
          Thank you — your deposit is paid and your table is booked.
          {confirmation ? (
            <>
              {' '}
              We’ve e-mailed your confirmation to{' '}
              <strong className="break-words">
                <WrappingAddress address={confirmation.email} />
              </strong>
              .
            </>
          ) : null}
        </p>
        {confirmation ? (
          <dl className="mt-6 grid gap-x-8 gap-y-4 sm:grid-cols-2">
            <div>
              <dt className="eyebrow">When</dt>
              <dd className="mt-1">
                {season && formatLongDate(season.date)}, {confirmation.sittingLabel}
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Party</dt>
              <dd className="mt-1">{party}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="eyebrow">Your pre-order</dt>
              <dd className="mt-1">
                <ul className="space-y-1">
                  {(season ? preOrderLines(confirmation.selections, season) : []).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Deposit paid</dt>
              <dd className="mt-1 font-semibold tabular-nums">
                {formatMoney(confirmation.depositPaidPence)}
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Balance due on the day</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatMoney(confirmation.balanceDuePence)}</dd>
            </div>
          </dl>
        ) : null}
        <p className="mt-6 text-ink-soft">
          The deposit is non-refundable if your party does not attend. To change your dishes or cancel, use
          the link in your confirmation e-mail; to change numbers, call us on <CallUs /> quoting your
          reference.
        </p>
      </div>
    </div>
  );
}

function PhaseView({ phase, onRetry }: { phase: SuccessPhase; onRetry: () => void }) {
  const retry = (
    <button type="button" className="btn-outline" onClick={onRetry}>
      Check again
    </button>
  );
  switch (phase.kind) {
    case 'checking':
      return (
        <PaymentOutcome tone="info" title="Confirming your booking…">
          <p>We’re checking your payment with our payment provider. This usually takes a few seconds.</p>
        </PaymentOutcome>
      );
    case 'confirmed':
      return <Confirmed status={phase.status} />;
    case 'warning':
      if (phase.reason === 'still-processing') {
        return (
          <PaymentOutcome tone="warning" title="Your payment is still being processed">
            <p>
              Your bank hasn’t finished confirming the payment yet. There’s no need to pay again: your seats
              are held, and we’ll e-mail your confirmation as soon as the payment clears.
            </p>
            <p>
              Questions? Call us on <CallUs />.
            </p>
            {retry}
          </PaymentOutcome>
        );
      }
      if (phase.reason === 'still-pending') {
        return (
          <PaymentOutcome tone="warning" title="We haven’t received your payment yet">
            <p>
              If you completed the payment, it can take a minute or two to reach us. You’ll get a confirmation
              e-mail as soon as it does — please don’t book again.
            </p>
            <p>If you didn’t finish paying, no money has been taken and you’re welcome to try again.</p>
            {retry}
          </PaymentOutcome>
        );
      }
      return (
        <PaymentOutcome tone="warning" title="We couldn’t confirm your booking just now">
          <p>
            Please give us a call on <CallUs /> and we’ll check it for you. If your payment went through, your
            booking is safe.
          </p>
          {retry}
        </PaymentOutcome>
      );
    case 'error':
      if (phase.reason === 'cancelled') {
        return (
          <PaymentOutcome tone="error" title="This booking wasn’t completed">
            <p>
              Your reservation was cancelled, so no booking has been made. If any money was taken, it will be
              refunded to your card in full.
            </p>
            <p>
              You’re welcome to{' '}
              <Link to="/christmas" className="link">
                try again
              </Link>{' '}
              or call us on <CallUs />.
            </p>
          </PaymentOutcome>
        );
      }
      if (phase.reason === 'network') {
        return (
          <PaymentOutcome tone="error" title="We couldn’t reach our booking system">
            <p>
              Please check your connection and try again. If you completed the payment, your booking is safe
              and your confirmation will arrive by e-mail.
            </p>
            {retry}
          </PaymentOutcome>
        );
      }
      return (
        <PaymentOutcome tone="error" title="We couldn’t find your booking">
          <p>
            This page needs the link you were sent back with after paying. If you’ve just paid, your
            confirmation will arrive by e-mail; if it doesn’t, call us on <CallUs />.
          </p>
        </PaymentOutcome>
      );
  }
}

export function Component() {
  const christmasDay = useChristmasDay();
  const pid = useSearchParams()[0].get('pid');
  const [attempt, setAttempt] = useState(0);
  const phase = usePendingPhase(pid, attempt);
  const resultRef = useRef<HTMLDivElement>(null);
  useConfetti(phase.kind === 'confirmed');
  useEffect(() => {
    if (phase.kind === 'confirmed') api.forgetCheckoutDraft();
  }, [phase.kind]);
  useEffect(() => {
    if (phase.kind !== 'checking') resultRef.current?.focus({ preventScroll: true });
  }, [phase.kind]);

  return (
    <>
      <PageHero eyebrow={`Christmas Day ${christmasDay.year}`} title="Christmas Booking" />
      <div className="container-page max-w-3xl py-12">
        <div ref={resultRef} tabIndex={-1} className="focus:outline-none">
          <PhaseView phase={phase} onRetry={() => setAttempt((count) => count + 1)} />
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/" className="btn-dark">
            Home
          </Link>
          <Link to="/contact" className="btn-outline">
            Contact
          </Link>
        </div>
      </div>
    </>
  );
}
