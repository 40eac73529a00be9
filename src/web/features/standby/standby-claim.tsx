import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { partyText } from '#shared/booking/party.ts';
import { BOOKED_MESSAGES } from '#shared/manage/messages.ts';
import type { StandbyClaimed, StandbyOfferView } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import { DEPOSIT_GUEST_WORDS } from '../deposits/guest-words.ts';
import { goToCheckout } from '../deposits/return-link.ts';
import { TermsBox } from '../deposits/terms-box.tsx';
import { useDepositTerms } from '../deposits/use-deposit-terms.ts';
import { DetailList } from '../manage/detail-list.tsx';
import * as api from './api.ts';
import { StandbyNote } from './standby-page.tsx';
import { londonMomentText, STANDBY_WORDS } from './standby-words.ts';

const REFUSED = 'rounded-xl bg-burgundy-700 p-4 font-semibold text-cream-50';

/** Why an offer can no longer be claimed, from its state (one OPEN past its time has run out too); null while it can. */
function closedReason(offer: StandbyOfferView, now: number): string | null {
  if (offer.state === 'CLAIMED') return STANDBY_WORDS.offerClaimed;
  if (offer.state === 'GONE') return STANDBY_MESSAGES.alreadyTaken;
  if (offer.state === 'UNPAID') return STANDBY_MESSAGES.claimUnpaid;
  if (offer.state === 'EXPIRED' || Date.parse(offer.expiresAt) <= now) {
    return STANDBY_MESSAGES.expired(londonMomentText(offer.expiresAt));
  }
  return null;
}

/** The booking the claim made, in place of the offer; it takes the focus. */
function Claimed({ booking }: { booking: StandbyClaimed }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="scroll-mt-28 rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900 focus:outline-none"
    >
      <p className="font-semibold">{STANDBY_MESSAGES.claimed}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Reference</dt>
        <dd>
          <strong className="font-mono tracking-wider">{booking.reference}</strong>
        </dd>
        <dt className="font-semibold">Date</dt>
        <dd>{formatLongDate(booking.date)}</dd>
        <dt className="font-semibold">Time</dt>
        <dd>{formatTime(booking.timeSlot)}</dd>
        <dt className="font-semibold">Party</dt>
        <dd>{partyText(booking.partyAdults, booking.partyChildren)}</dd>
      </dl>
      {booking.email ? <p className="mt-3">{BOOKED_MESSAGES.emailedTo(booking.email)}</p> : null}
      {booking.manageUrl ? (
        <Link to={new URL(booking.manageUrl, window.location.origin).pathname} className="btn-dark mt-4">
          {STANDBY_WORDS.seeBooking}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * An offer of a freed table (/standby/claim/:token): the date, time and party, until when it is held, and the
 * claim, which books it for the first guest to press, or goes on to the payment a deposit rule asks. An offer
 * claimed, taken by another guest or run out says so, with no button.
 */
export function StandbyClaim({ token, initial: offer }: { token: string; initial: StandbyOfferView }) {
  const termsId = useId();
  const [claimed, setClaimed] = useState<StandbyClaimed | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const terms = useDepositTerms({
    date: offer.date,
    timeSlot: offer.timeSlot,
    guests: offer.partySize,
    eventSlug: null,
  });
  const closed = closedReason(offer, Date.now());

  async function claim() {
    setSending(true);
    setFailed(null);
    try {
      const made = await api.claimOffer(token);
      if (made.payment) {
        // The booking waits while the guest pays: the return page opens their own page when it is paid.
        setLeaving(true);
        goToCheckout(made.payment, made.manageUrl ?? '');
        return;
      }
      setClaimed(made);
    } catch (failure) {
      const message = failureText(failure, STANDBY_WORDS.failure);
      // A refusal (taken, run out, no longer waiting) is final; a lost connection may be tried again.
      if (failure instanceof ApiError && failure.status === 409) setRefused(message);
      else setFailed(message);
    } finally {
      setSending(false);
    }
  }

  if (claimed) return <Claimed booking={claimed} />;
  return (
    <div className="space-y-6">
      <DetailList
        stacked={false}
        rows={[
          ['Date', formatLongDate(offer.date)],
          ['Time', formatTime(offer.timeSlot)],
          ['Party', plural(offer.partySize, 'guest', 'guests')],
          ['Name', offer.name],
        ]}
      />
      <div aria-live="polite" className="empty:hidden">
        {refused ? (
          <p role="alert" className={REFUSED}>
            {refused}
          </p>
        ) : null}
      </div>
      {refused ? null : closed ? (
        <StandbyNote>{closed}</StandbyNote>
      ) : (
        <>
          <StandbyNote>{STANDBY_WORDS.holdsUntil(londonMomentText(offer.expiresAt))}</StandbyNote>
          {terms ? <TermsBox terms={terms} id={termsId} /> : null}
          {failed ? (
            <p role="alert" className={REFUSED}>
              {failed}
            </p>
          ) : null}
          <button
            type="button"
            className="btn-dark w-full sm:w-auto"
            onClick={claim}
            disabled={sending || leaving}
            aria-describedby={terms ? termsId : undefined}
          >
            {leaving
              ? DEPOSIT_GUEST_WORDS.leavingForPayment
              : sending
                ? STANDBY_WORDS.claiming
                : STANDBY_WORDS.claim}
          </button>
        </>
      )}
    </div>
  );
}
