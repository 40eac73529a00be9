import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { londonToday } from '#shared/time/london-time.ts';
import type { VoucherCheckoutStatus } from '#shared/vouchers/api.ts';
import { VOUCHERS_PATH } from '#shared/vouchers/links.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { PageHero } from '#web/components/page-hero.tsx';
import { PaymentOutcome } from '#web/components/payment-outcome.tsx';
import { ApiError } from '#web/lib/api.ts';
import { wait } from '#web/lib/wait.ts';
import { useVenue } from '../content/site-content.tsx';
import { forgetReturnPage } from '../deposits/return-link.ts';
import * as api from './api.ts';
import { VOUCHER_WORDS } from './voucher-words.ts';

/** One look a second while the payment settles, for up to half a minute; a lost connection is tried 3 times. */
const CHECKOUT_POLL_MS = 1000;
const MAX_POLLS = 30;
const MAX_NETWORK_FAILURES = 3;

type Phase =
  | { kind: 'checking' }
  | { kind: 'issued'; status: VoucherCheckoutStatus }
  | { kind: 'cancelled' }
  | { kind: 'waiting' }
  | { kind: 'not-found' }
  | { kind: 'network' };

/**
 * Follows the purchase until its voucher is issued or its payment cancelled; `attempt` starts again. Back by the
 * cancel link, the first look closes the payment page, so the answer is final at once.
 */
function useCheckoutPhase(pid: string, cancelled: boolean, attempt: number): Phase {
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
          const status = await api.voucherCheckout(pid, { signal, cancelled });
          polls++;
          if (status.state === 'issued') return { kind: 'issued', status };
          if (status.state === 'cancelled') return { kind: 'cancelled' };
        } catch (error) {
          if (signal.aborted) break;
          if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
          failures++;
          if (failures >= MAX_NETWORK_FAILURES) return { kind: 'network' };
        }
        await wait(CHECKOUT_POLL_MS, signal);
        if (signal.aborted) break;
      }
      return { kind: 'waiting' };
    })().then((result) => {
      if (!signal.aborted) setPhase(result);
    });
    return () => controller.abort();
  }, [pid, cancelled, attempt]);
  return phase;
}

function CallUs() {
  const venue = useVenue();
  return (
    <p>
      <a href={telephoneHref(venue.phone)} className="link">
        Call us on {venue.phone}
      </a>
    </p>
  );
}

const BUY_AGAIN = (
  <p>
    <Link to={VOUCHERS_PATH} className="btn-dark">
      {VOUCHER_WORDS.buyAgain}
    </Link>
  </p>
);

function Cancelled() {
  return (
    <PaymentOutcome tone="info" title={VOUCHER_WORDS.cancelledTitle}>
      <p>{VOUCHER_WORDS.cancelled}</p>
      {BUY_AGAIN}
    </PaymentOutcome>
  );
}

/** The path of the voucher's own page, from the absolute address the server answers. */
function localPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

function Following({ pid, cancelled }: { pid: string; cancelled: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const phase = useCheckoutPhase(pid, cancelled, attempt);
  const retry = (
    <button type="button" className="btn-outline" onClick={() => setAttempt((count) => count + 1)}>
      {VOUCHER_WORDS.checkAgain}
    </button>
  );
  useEffect(() => {
    if (phase.kind === 'issued' || phase.kind === 'cancelled') forgetReturnPage(pid);
  }, [phase.kind, pid]);
  switch (phase.kind) {
    case 'checking':
      return (
        <PaymentOutcome tone="info" title={VOUCHER_WORDS.checkingTitle}>
          <p>{VOUCHER_WORDS.checking}</p>
        </PaymentOutcome>
      );
    case 'issued': {
      const { status } = phase;
      return (
        <PaymentOutcome tone="info" title={VOUCHER_WORDS.paidTitle}>
          <p>{VOUCHER_WORDS.paid(status, londonToday())}</p>
          {status.voucherUrl ? (
            <p>
              <Link to={localPath(status.voucherUrl)} className="btn-dark">
                {VOUCHER_WORDS.seeVoucher}
              </Link>
            </p>
          ) : null}
        </PaymentOutcome>
      );
    }
    case 'cancelled':
      return <Cancelled />;
    case 'waiting':
      return (
        <PaymentOutcome tone="warning" title={VOUCHER_WORDS.waitingTitle}>
          <p>{VOUCHER_WORDS.waiting}</p>
          {retry}
        </PaymentOutcome>
      );
    case 'network':
      return (
        <PaymentOutcome tone="error" title={VOUCHER_WORDS.unreachableTitle}>
          <p>{VOUCHER_WORDS.unreachable}</p>
          <CallUs />
          {retry}
        </PaymentOutcome>
      );
    case 'not-found':
      return <NotFound />;
  }
}

function NotFound() {
  return (
    <PaymentOutcome tone="error" title={VOUCHER_WORDS.notFoundTitle}>
      <p>{VOUCHER_MESSAGES.unknownCheckout}</p>
      <CallUs />
    </PaymentOutcome>
  );
}

/** /vouchers/bought?pid=…: where the payment page sends the buyer back, paid (or by its cancel link, `&cancelled=1`). */
export function VoucherReturn() {
  const [params] = useSearchParams();
  const pid = params.get('pid') ?? '';
  const cancelled = params.get('cancelled') === '1';
  return (
    <>
      {/* Back by the cancel link, the payment may still have gone through: the page's title says neither. */}
      <PageHero eyebrow={VOUCHER_WORDS.returnEyebrow} title={VOUCHER_WORDS.voucherTitle} />
      <div className="container-page max-w-3xl py-12">
        {pid ? <Following pid={pid} cancelled={cancelled} /> : <NotFound />}
      </div>
    </>
  );
}
