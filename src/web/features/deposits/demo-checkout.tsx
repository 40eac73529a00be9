import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import {
  DemoCheckoutCard,
  DemoCheckoutEnded,
  DemoPayActions,
  useDemoPayment,
} from '#web/components/demo-checkout.tsx';
import { useVenue } from '../content/site-content.tsx';
import * as api from './api.ts';
import { DEPOSIT_GUEST_WORDS } from './guest-words.ts';
import { TermsBox } from './terms-box.tsx';

const returnPath = (pid: string, left = false) =>
  `/bookings/payment?pid=${encodeURIComponent(pid)}${left ? '&left' : ''}`;

const BACK_TO_BOOKING = { to: '/bookings', label: DEPOSIT_GUEST_WORDS.bookAgain };

export function DemoUnavailable({ children }: { children: ReactNode }) {
  return (
    <DemoCheckoutEnded title={DEPOSIT_GUEST_WORDS.demoTitle} back={BACK_TO_BOOKING}>
      {children}
    </DemoCheckoutEnded>
  );
}

/**
 * The demonstration stand-in for Stripe Checkout of a deposit or card guarantee (issue 29), while the site has no
 * Stripe keys: the booking, its terms and what is taken, Pay (or Save card) and Cancel, back to the return page
 * as Stripe would.
 */
export function DemoCheckout({ pid, outcome }: { pid: string; outcome: PaymentOutcome }) {
  const venue = useVenue();
  const navigate = useNavigate();
  const payment = useDemoPayment(async () => {
    await api.payDemo(pid);
    navigate(returnPath(pid));
  }, DEPOSIT_GUEST_WORDS.demoFailed);
  const { terms } = outcome;

  if (outcome.status !== 'awaiting') {
    return (
      <DemoUnavailable>
        <p>
          {DEPOSIT_GUEST_WORDS.demoEnded}{' '}
          <Link to={returnPath(pid)} className="link">
            {DEPOSIT_GUEST_WORDS.demoSeeBooking}
          </Link>
        </p>
      </DemoUnavailable>
    );
  }
  return (
    <DemoCheckoutCard notice={DEPOSIT_MESSAGES.demoNotice}>
      <div className="space-y-6">
        <div>
          <p className="eyebrow">{venue.name}</p>
          <h1 className="mt-2 font-serif text-3xl sm:text-4xl">{DEPOSIT_GUEST_WORDS.demoTitle}</h1>
          <p className="mt-2 text-ink-soft">
            {formatLongDate(outcome.date)}, {formatTime(outcome.timeSlot)} ·{' '}
            {plural(outcome.partySize, 'guest', 'guests')}
          </p>
        </div>
        <TermsBox terms={terms} />
        <dl className="flex justify-between gap-4 border-y border-cream-200 py-4 text-lg font-semibold">
          <dt>{DEPOSIT_GUEST_WORDS.demoAmountLabel(terms.kind)}</dt>
          <dd className="tabular-nums">
            {terms.kind === 'deposit'
              ? formatMoney(outcome.amountDuePence)
              : DEPOSIT_GUEST_WORDS.demoNothingTaken}
          </dd>
        </dl>
      </div>
      <DemoPayActions
        payment={payment}
        payLabel={DEPOSIT_GUEST_WORDS.demoPay(terms.kind, outcome.amountDuePence)}
        payingLabel={DEPOSIT_GUEST_WORDS.demoPaying}
        cancel={{ to: returnPath(pid, true), label: DEPOSIT_GUEST_WORDS.cancel }}
      />
    </DemoCheckoutCard>
  );
}
