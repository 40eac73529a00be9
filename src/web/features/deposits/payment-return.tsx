import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import { JUST_BOOKED_PARAMETER } from '#shared/manage/messages.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { wait } from '#web/lib/wait.ts';
import * as api from './api.ts';
import { DEPOSIT_GUEST_WORDS } from './guest-words.ts';
import { forgetReturnPage, returnPagePath } from './return-link.ts';

/** How often, and how many times, the page asks again while the provider has not answered. */
export const POLL_INTERVAL_MS = 2_000;
export const POLLS = 5;

type Phase =
  | { kind: 'checking' }
  | { kind: 'waiting'; polling: boolean }
  /** `ownPage`: the guest's own page kept in this tab for this checkout, opened at once. */
  | { kind: 'confirmed'; outcome: PaymentOutcome; ownPage: string | null }
  | { kind: 'lapsed' }
  | { kind: 'failed'; message: string };

/**
 * Back from the checkout: tells the server (finalize, or the guest `left` it), then asks again every two seconds
 * a few times while the payment is still awaited. `attempt` asks afresh when the guest says "Check again".
 */
function useReturnPhase(pid: string, left: boolean, attempt: number): Phase {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setPhase({ kind: 'checking' });
    if (!pid) {
      setPhase({ kind: 'failed', message: DEPOSIT_GUEST_WORDS.notFound });
      return;
    }
    (async () => {
      let outcome = await (left && attempt === 0
        ? api.leavePayment(pid, signal)
        : api.finalizePayment(pid, signal));
      for (let poll = 0; outcome.status === 'awaiting' && poll < POLLS; poll += 1) {
        setPhase({ kind: 'waiting', polling: true });
        await wait(POLL_INTERVAL_MS, signal);
        if (signal.aborted) return;
        outcome = await api.paymentOutcome(pid, signal);
      }
      if (signal.aborted) return;
      if (outcome.status === 'confirmed') {
        setPhase({ kind: 'confirmed', outcome, ownPage: returnPagePath(pid) });
      } else {
        setPhase(outcome.status === 'lapsed' ? { kind: 'lapsed' } : { kind: 'waiting', polling: false });
      }
    })().catch((failure: unknown) => {
      if (signal.aborted) return;
      // Not reached, or not answering: the payment may well have gone through, so the guest may ask again.
      const passing = failure instanceof ApiError && (failure.status === 0 || failure.status >= 500);
      setPhase(
        passing
          ? { kind: 'waiting', polling: false }
          : { kind: 'failed', message: failureText(failure, DEPOSIT_GUEST_WORDS.notFound) },
      );
    });
    return () => controller.abort();
  }, [pid, left, attempt]);
  return phase;
}

const BOX = 'rounded-2xl border-l-4 p-6 sm:p-8';

function BookAgain() {
  return (
    <Link to="/bookings" className="btn-dark mt-5">
      {DEPOSIT_GUEST_WORDS.bookAgain}
    </Link>
  );
}

function PhaseView({ phase, left, onRetry }: { phase: Phase; left: boolean; onRetry: () => void }) {
  switch (phase.kind) {
    case 'checking':
      return (
        <p role="status" className={`${BOX} border-cream-300 bg-cream-50 text-lg`}>
          {DEPOSIT_GUEST_WORDS.checking}
        </p>
      );
    case 'waiting':
      return (
        <div role="status" className={`${BOX} border-brass-500 bg-brass-300/20 text-lg`}>
          <p>{phase.polling ? DEPOSIT_MESSAGES.awaiting : DEPOSIT_GUEST_WORDS.stillWaiting}</p>
          {phase.polling ? null : (
            <button type="button" className="btn-outline mt-5" onClick={onRetry}>
              {DEPOSIT_GUEST_WORDS.checkAgain}
            </button>
          )}
        </div>
      );
    case 'confirmed':
      return (
        <div role="status" className={`${BOX} border-green-600 bg-green-600/10 text-lg text-green-900`}>
          <h2 className="font-serif text-3xl">{DEPOSIT_GUEST_WORDS.confirmedTitle}</h2>
          <p className="mt-3">{DEPOSIT_GUEST_WORDS.confirmedReference(phase.outcome.reference)}</p>
          <p className="mt-2 break-words">{DEPOSIT_GUEST_WORDS.confirmedLink(phase.outcome.email)}</p>
        </div>
      );
    case 'lapsed':
      return (
        <div role="alert" className={`${BOX} border-burgundy-700 bg-burgundy-700/10 text-lg`}>
          <p>{left ? DEPOSIT_MESSAGES.cancelledAtCheckout : DEPOSIT_MESSAGES.holdLapsed}</p>
          <BookAgain />
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className={`${BOX} border-burgundy-700 bg-burgundy-700/10 text-lg`}>
          <p>{phase.message}</p>
          <BookAgain />
        </div>
      );
  }
}

/**
 * The checkout's return page (/bookings/payment?pid=…, and `&left` when the guest left it, issue 29): a
 * confirmed booking opens the guest's own page kept in this tab, or says where its link was e-mailed.
 */
export function PaymentReturn({ pid, left }: { pid: string; left: boolean }) {
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const phase = useReturnPhase(pid, left, attempt);
  const resultRef = useRef<HTMLDivElement>(null);
  const ownPage = phase.kind === 'confirmed' ? phase.ownPage : null;

  useEffect(() => {
    if (!ownPage) return;
    forgetReturnPage(pid);
    // A new booking's page says it is booked; a change's page (its path kept with `?changed`) shows it changed.
    navigate(ownPage.includes('?') ? ownPage : `${ownPage}?${JUST_BOOKED_PARAMETER}`, { replace: true });
  }, [ownPage, pid, navigate]);
  useEffect(() => {
    if (phase.kind !== 'checking') resultRef.current?.focus({ preventScroll: true });
  }, [phase.kind]);

  return (
    <div ref={resultRef} tabIndex={-1} className="focus:outline-none">
      {ownPage ? null : (
        <PhaseView phase={phase} left={left} onRetry={() => setAttempt((count) => count + 1)} />
      )}
    </div>
  );
}
