import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { UNSUBSCRIBE_MESSAGES } from '#shared/privacy/unsubscribe.ts';
import { OneTapButton } from '#web/components/one-tap-button.tsx';
import { PageHero } from '#web/components/page-hero.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';
import { PrivacyLink } from './privacy-fields.tsx';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Done, said quietly in green; a failure, said at once in the site's burgundy. */
const OUTCOME_LOOKS = {
  success: {
    role: 'status',
    className: 'rounded-xl border border-green-600 bg-green-600/10 p-5 font-semibold text-green-900',
  },
  error: {
    role: 'alert',
    className: 'rounded-xl border border-burgundy-700 bg-burgundy-700 p-5 font-semibold text-cream-50',
  },
} as const;

/**
 * /unsubscribe/:token, from the link in our e-mails: the guest's tap on the button withdraws the consent.
 * Opening the page changes nothing, so a mail scanner following the link unsubscribes no one.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  async function unsubscribe() {
    setSending(true);
    try {
      await api.unsubscribe(token);
      setOutcome({ tone: 'success', text: UNSUBSCRIBE_MESSAGES.done });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, UNSUBSCRIBE_MESSAGES.failed) });
    }
    setSending(false);
    requestAnimationFrame(() => outcomeRef.current?.focus());
  }

  return (
    <>
      <PageHero eyebrow="News of events and offers" title={UNSUBSCRIBE_MESSAGES.title} />
      <div className="container-page max-w-2xl space-y-6 py-16">
        <div ref={outcomeRef} tabIndex={-1} className="empty:hidden focus:outline-none">
          {outcome ? (
            <p role={OUTCOME_LOOKS[outcome.tone].role} className={OUTCOME_LOOKS[outcome.tone].className}>
              {outcome.text}
            </p>
          ) : null}
        </div>
        {outcome?.tone === 'success' ? null : (
          <ReadyFieldset className="space-y-5">
            <p className="text-lg">{UNSUBSCRIBE_MESSAGES.lead}</p>
            <OneTapButton busy={sending} onClick={unsubscribe}>
              {UNSUBSCRIBE_MESSAGES.button}
            </OneTapButton>
          </ReadyFieldset>
        )}
        <PrivacyLink />
      </div>
    </>
  );
}
