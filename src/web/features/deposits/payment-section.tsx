import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { GuestPayment } from '#shared/deposits/payment-schemas.ts';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';
import { DEPOSIT_GUEST_WORDS } from './guest-words.ts';
import { goToCheckout } from './return-link.ts';
import { TermsSentences } from './terms-box.tsx';

/** What has happened to the money so far, in a line. */
function standing(payment: GuestPayment): string {
  if (payment.refund?.state === 'refunded') return DEPOSIT_GUEST_WORDS.refunded(payment.refund.pence);
  if (payment.refund?.state === 'owed') return DEPOSIT_GUEST_WORDS.refundPending(payment.refund.pence);
  if (payment.kept) return DEPOSIT_GUEST_WORDS.kept(payment.paidPence);
  switch (payment.state) {
    case 'awaiting':
      return DEPOSIT_GUEST_WORDS.awaiting(payment.kind);
    case 'paid':
      return DEPOSIT_GUEST_WORDS.paid(payment.paidPence);
    case 'card-held':
      return DEPOSIT_GUEST_WORDS.cardHeld;
    case 'lapsed':
      return DEPOSIT_MESSAGES.holdLapsed;
    case 'waived':
      return DEPOSIT_GUEST_WORDS.waived;
  }
}

/** "Pay now" for a booking that waits for its payment (staff sent a link): on to a checkout, back to this page. */
function PayNow({ token, payment }: { token: string; payment: GuestPayment }) {
  const { pathname } = useLocation();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pay() {
    setOpening(true);
    setError(null);
    try {
      const checkout = await api.payManagedBooking(token);
      goToCheckout(checkout, pathname);
    } catch (failure) {
      setOpening(false);
      setError(failureText(failure, DEPOSIT_GUEST_WORDS.payFailed));
    }
  }
  return (
    <div className="space-y-3">
      {error ? (
        <p role="alert" className="rounded-lg bg-burgundy-700 px-4 py-3 font-semibold text-cream-50">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-dark" onClick={pay} disabled={opening}>
        {opening ? DEPOSIT_GUEST_WORDS.leavingForPayment : DEPOSIT_GUEST_WORDS.payNow(payment.kind)}
      </button>
    </div>
  );
}

/**
 * A booking's deposit or card guarantee on the guest's own page (issue 29): its terms word for word as the
 * confirmation e-mail has them, and where the money stands.
 */
export function PaymentSection({
  token,
  payment,
  cancelled,
}: {
  token: string;
  payment: GuestPayment;
  cancelled: boolean;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-cream-300 bg-cream-100 p-5"
    >
      <h2 id={titleId} className="font-serif text-2xl text-green-900">
        {DEPOSIT_GUEST_WORDS.sectionTitle(payment.kind)}
      </h2>
      <TermsSentences terms={payment.terms} />
      <p className="font-semibold text-green-900">{standing(payment)}</p>
      {payment.state === 'awaiting' && !cancelled ? <PayNow token={token} payment={payment} /> : null}
    </section>
  );
}
