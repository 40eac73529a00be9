import { useState } from 'react';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney } from '#shared/money/money.ts';
import { tillSettledGuestText } from '#shared/money/taken-by-staff.ts';
import type { OccasionCancelled, OrganiserPage } from '#shared/occasions/api.ts';
import { OCCASION_CANCEL_MESSAGES, OCCASION_ORGANISER_MESSAGES } from '#shared/occasions/messages.ts';
import { partySizeWords } from '#shared/occasions/party-change.ts';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import { isTicketed, leftToPayPence, supplementsPence } from '#shared/occasions/rules.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { Countdown } from '#web/components/countdown.tsx';
import { useVenue } from '../content/site-content.tsx';
import { useAnnouncement } from '../manage/announcement.tsx';
import { ComingPanel, sendComing, useAskComing } from '../manage/coming-panel.tsx';
import { DetailList, noteRows } from '../manage/detail-list.tsx';
import { confirmOrganiserComing, type OrganiserChoiceAnswer, organiserPage } from './api.ts';
import { ORGANISER_MESSAGES, sittingText } from './diner-words.ts';
import { OrganiserCancel } from './organiser-cancel.tsx';
import { OrganiserDiners } from './organiser-diners.tsx';
import { OrganiserShare } from './organiser-share.tsx';

/** What a cancellation answered, in words: the server's own sentence, else what its refund says. */
function cancelledText(answer: Partial<OccasionCancelled>): string {
  if (typeof answer.message === 'string' && answer.message) return answer.message;
  return typeof answer.refundPence === 'number' && answer.refundPence > 0
    ? OCCASION_CANCEL_MESSAGES.refunded(answer.refundPence)
    : OCCASION_CANCEL_MESSAGES.nothingPaid;
}

/**
 * What became of a cancelled booking's money, as the server has it: refunded (made or owed), kept, none, or paid
 * to staff: to settle with us until staff record it settled at the till.
 */
function refundValue(page: OrganiserPage): string {
  const words = OCCASION_ORGANISER_MESSAGES;
  if (page.refundPence !== null) {
    return page.refundMade ? words.refundMade(page.refundPence) : words.refundPending(page.refundPence);
  }
  if (page.paidPence <= 0) return words.nothingPaid;
  if (!page.paidToStaff) return words.kept(page.paidPence);
  return page.tillRefundPence === null
    ? words.settledWithUs(page.paidPence)
    : tillSettledGuestText(page.paidPence, page.tillRefundPence);
}

/** The page after a choice for someone: as the server answered it whole, or with the one diner it saved. */
function afterChoice(page: OrganiserPage, answer: OrganiserChoiceAnswer): OrganiserPage {
  if ('diners' in answer) return answer;
  const diners = page.diners.some((known) => known.id === answer.id)
    ? page.diners.map((known) => (known.id === answer.id ? answer : known))
    : [...page.diners, answer];
  return { ...page, diners };
}

/**
 * The organiser's own page (issue 30): "Yes, we're coming" when they came from the visit's reminder, the
 * booking, the time left to choose, the diners' link to share, who has chosen (and choosing for the rest), the
 * order locked after the deadline, and cancelling with the refund terms.
 */
export function OrganiserBooking({
  token,
  initial,
  onCancelled,
}: {
  token: string;
  initial: OrganiserPage;
  /** Told when the organiser has just cancelled here (the page's lead changes with it). */
  onCancelled?: () => void;
}) {
  const venue = useVenue();
  const [page, setPage] = useState(initial);
  const { announce, view } = useAnnouncement();
  const askComing = useAskComing();
  const confirmed = page.status === 'CONFIRMED';
  const cancelled = page.status === 'CANCELLED';
  const deadline = new Date(page.preOrderDeadline);
  // A ticketed event has no dishes to choose: the page is its booking and its cancellation.
  const preOrder = !isTicketed(page.occasion);
  const choosing = preOrder && confirmed && !page.locked;
  const supplements = supplementsPence(page.occasion, page.diners);

  return (
    <div className="space-y-10">
      {view}
      {cancelled ? (
        <p className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
          {ORGANISER_MESSAGES.cancelled}
        </p>
      ) : null}
      {askComing && confirmed ? (
        <ComingPanel
          confirmed={page.comingConfirmedAt !== null}
          onConfirm={() => sendComing(() => confirmOrganiserComing(token), { saved: setPage, announce })}
        />
      ) : null}
      <DetailList
        stacked
        rows={[
          ['Reference', page.reference],
          ['Date', formatLongDate(page.date)],
          ['Sitting', sittingText(page.occasion, page.sittingId)],
          ['Party', partySizeWords(page.occasion, page.partySize)],
          ...noteRows(page),
          ['Paid so far', formatMoney(page.paidPence)],
          ['Total for your party', formatMoney(page.totalPence)],
          // Cancelled: nothing is due and no choices are; what became of the money is said instead.
          ...(cancelled
            ? ([[OCCASION_ORGANISER_MESSAGES.refundRow, refundValue(page)]] as const)
            : ([
                ...(supplements > 0 ? ([['Supplements chosen', formatMoney(supplements)]] as const) : []),
                ['Balance due on the day', formatMoney(leftToPayPence(page, supplements))],
                ...(preOrder ? ([['Choices due by', deadlineText(page.preOrderDeadline)]] as const) : []),
              ] as const)),
        ]}
      />
      {choosing && deadline.getTime() > Date.now() ? (
        <Countdown target={deadline} label={ORGANISER_MESSAGES.countdown} />
      ) : null}
      {preOrder && confirmed && page.locked ? (
        <p
          role="status"
          className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900"
        >
          {ORGANISER_MESSAGES.locked(deadlineText(page.preOrderDeadline))}{' '}
          <a href={telephoneHref(venue.phone)} className="link whitespace-nowrap">
            {venue.phone}
          </a>
          .
        </p>
      ) : null}
      {choosing ? <OrganiserShare page={page} /> : null}
      {preOrder && !cancelled ? (
        <OrganiserDiners
          token={token}
          page={page}
          onSaved={(answer, name) => {
            setPage((current) => afterChoice(current, answer));
            announce({ tone: 'success', text: ORGANISER_MESSAGES.saved(name) });
          }}
        />
      ) : null}
      {confirmed ? (
        <OrganiserCancel
          token={token}
          page={page}
          onCancelled={(answer) => {
            setPage((current) => ({
              ...current,
              status: 'CANCELLED',
              locked: true,
              refundPence: answer.refundPence ?? null,
            }));
            announce({ tone: 'success', text: cancelledText(answer) });
            onCancelled?.();
            // The booking as the server now has it: whether its refund is made or still owed.
            organiserPage(token).then(
              (fresh) => {
                if (fresh) setPage(fresh);
              },
              () => {},
            );
          }}
        />
      ) : null}
    </div>
  );
}
