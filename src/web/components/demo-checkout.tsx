import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../lib/api.ts';

/**
 * The demonstration stand-in for Stripe Checkout, used while the site has no Stripe keys: the Christmas deposit's
 * and a table booking's deposit or card (issue 29) share its frame, its card and its Pay and Cancel.
 */
export function DemoCheckoutFrame({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <div className="pattern-tiles">
      <div className="bg-gradient-to-b from-green-900/90 to-green-800/95">
        <div className="container-page max-w-xl py-12 sm:py-16">
          {loading ? (
            <p role="status" className="text-center text-cream-50">
              Loading…
            </p>
          ) : (
            children
          )}
        </div>
      </div>
    </div>
  );
}

/** A checkout that cannot be paid (gone, paid already, ended), with the way back to booking. */
export function DemoCheckoutEnded({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div role="status" className="card p-8 text-center">
      <h1 className="font-serif text-3xl">{title}</h1>
      <div className="mt-3 text-ink-soft">{children}</div>
      <Link to={back.to} className="btn-dark mt-6">
        {back.label}
      </Link>
    </div>
  );
}

/** The checkout's card: the notice that no money is taken, then what is paid for. */
export function DemoCheckoutCard({ notice, children }: { notice: string; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
      <p className="bg-brass-300 px-6 py-3 text-center text-sm font-semibold text-green-950">{notice}</p>
      <div className="px-6 py-8 sm:px-10">{children}</div>
    </div>
  );
}

/** Pay once at a time; a failure is shown and focused, and Pay offered again. */
export function useDemoPayment(payAndGo: () => Promise<void>, failedText: string) {
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
      await payAndGo();
    } catch (failure) {
      setPaying(false);
      setError(failureText(failure, failedText));
    }
  }
  return { paying, error, errorRef, pay };
}

/** What paying on the demo page does, in the guest's words: a booking confirmed as by a real payment. */
export function DemoPaymentNote({ email }: { email: string }) {
  return (
    <p className="mt-4 text-sm text-ink-soft">
      This is the demonstration stand-in for Stripe Checkout, used while the site has no Stripe keys. Paying
      here confirms the booking exactly as a real payment would, and sends the confirmation e-mail to{' '}
      <strong className="break-all">{email}</strong>.
    </p>
  );
}

/** The failure, if any, then Pay and Cancel: Pay first on a phone, side by side on a wider screen. */
export function DemoPayActions({
  payment,
  payLabel,
  payingLabel,
  cancel,
}: {
  payment: {
    paying: boolean;
    error: string | null;
    errorRef: RefObject<HTMLParagraphElement | null>;
    pay: () => void;
  };
  payLabel: string;
  payingLabel: string;
  cancel: { to: string; label: string };
}) {
  return (
    <>
      {payment.error ? (
        <p
          ref={payment.errorRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-lg bg-burgundy-700 px-4 py-3 font-semibold text-cream-50"
        >
          {payment.error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="button" className="btn-dark sm:flex-1" onClick={payment.pay} disabled={payment.paying}>
          {payment.paying ? payingLabel : payLabel}
        </button>
        <Link to={cancel.to} className="btn-outline sm:flex-1">
          {cancel.label}
        </Link>
      </div>
    </>
  );
}
