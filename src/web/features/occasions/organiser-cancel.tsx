import { useState } from 'react';
import { formatMoney } from '#shared/money/money.ts';
import type { OccasionCancelled, OrganiserPage } from '#shared/occasions/api.ts';
import { OCCASION_ORGANISER_MESSAGES } from '#shared/occasions/messages.ts';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import { plural } from '#shared/text/plural.ts';
import { ConfirmDialog, ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import * as api from './api.ts';
import { ORGANISER_MESSAGES, whenText } from './diner-words.ts';

/**
 * The refund terms in words: refunded in full until the cut-off, kept after (said as it now stands once the
 * cut-off has passed, never quoting it); money paid to staff is settled with us, not online; nothing to say of
 * money when nothing was paid.
 */
function refundTerms(page: OrganiserPage): string {
  if (page.paidPence <= 0) return ORGANISER_MESSAGES.nothingPaid;
  const paid = formatMoney(page.paidPence);
  if (page.paidToStaff) return OCCASION_ORGANISER_MESSAGES.paidToStaffTerms(paid);
  return beforeCutoff(page)
    ? ORGANISER_MESSAGES.refundTerms(paid, deadlineText(page.refundCutoff))
    : ORGANISER_MESSAGES.keptNow(paid);
}

function beforeCutoff(page: OrganiserPage): boolean {
  return Date.now() <= new Date(page.refundCutoff).getTime();
}

/** What a cancellation now does with the money, as the terms say. */
function refundNow(page: OrganiserPage): string {
  const paid = formatMoney(page.paidPence);
  if (page.paidPence <= 0) return ORGANISER_MESSAGES.nothingPaid;
  if (page.paidToStaff) return OCCASION_ORGANISER_MESSAGES.paidToStaffTerms(paid);
  return beforeCutoff(page) ? ORGANISER_MESSAGES.refundNow(paid) : ORGANISER_MESSAGES.keptNow(paid);
}

function CancelQuestion({
  token,
  page,
  onCancelled,
}: {
  token: string;
  page: OrganiserPage;
  onCancelled: (answer: Partial<OccasionCancelled>) => void;
}) {
  const question = useSiteForm<Record<string, never>>({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => onCancelled(await api.cancelOrganiserBooking(token)),
    failure: ORGANISER_MESSAGES.failure,
  });
  return (
    <ConfirmForm
      form={question}
      title={ORGANISER_MESSAGES.cancelQuestion}
      confirmLabel="Yes, cancel"
      busyLabel="Cancelling…"
      keepLabel="Keep my booking"
      tone="danger"
    >
      <p className="mt-3">
        Your table for {plural(page.partySize, 'guest', 'guests')} at {page.occasion.name} on{' '}
        {whenText(page.occasion, page.date, page.sittingId)} (reference {page.reference}).
      </p>
      <p className="mt-3 rounded-lg border-l-4 border-brass-500 bg-brass-300/25 px-4 py-3 font-semibold text-green-900">
        {refundNow(page)}
      </p>
    </ConfirmForm>
  );
}

/** Cancel booking, with the refund terms in words, behind a question that says what it will do. */
export function OrganiserCancel({
  token,
  page,
  onCancelled,
}: {
  token: string;
  page: OrganiserPage;
  onCancelled: (answer: Partial<OccasionCancelled>) => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="organiser-cancel-title" className="space-y-3">
      <h2 id="organiser-cancel-title" className="font-serif text-2xl text-green-900">
        If you need to cancel
      </h2>
      <p>{refundTerms(page)}</p>
      <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
        Cancel booking
      </button>
      <ConfirmDialog subject={asking ? page : null} onKeep={() => setAsking(false)}>
        {(asked) => (
          <CancelQuestion
            token={token}
            page={asked}
            onCancelled={(answer) => {
              setAsking(false);
              onCancelled(answer);
            }}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}
