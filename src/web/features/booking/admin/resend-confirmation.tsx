import { useState } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { CONFIRMATION_RESEND_MESSAGES as TEXTS } from '#shared/mail/outbox.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** "Resend confirmation" in a booking's panel (issue 27), for the guest who rings to say it never came. */
export function ResendConfirmation({ booking }: { booking: StoredBooking }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function resend() {
    setSending(true);
    setOutcome(null);
    try {
      await api.resendConfirmation(booking._id);
      setOutcome({ tone: 'success', text: TEXTS.onItsWay(booking.email) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, TEXTS.failed) });
    }
    setSending(false);
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={sending}
        onClick={() => void resend()}
        className="btn-outline min-h-11 px-4 py-2 text-sm"
      >
        {sending ? TEXTS.busy : TEXTS.button}
      </button>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </div>
  );
}
