import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMING_MESSAGES, COMING_QUERY } from '#shared/manage/coming.ts';
import { OneTapButton } from '#web/components/one-tap-button.tsx';
import { failureText } from '#web/lib/api.ts';
import type { Announcement } from './announcement.tsx';
import { MANAGE_FAILURE } from './guest-change-form.tsx';

/** Whether the guest arrived from the reminder's "Yes, we're coming" link (`?coming=yes`). */
export function useAskComing(): boolean {
  const [searchParams] = useSearchParams();
  return searchParams.get(COMING_QUERY.name) === COMING_QUERY.value;
}

/**
 * Sends "Yes, we're coming", keeps the booking as the server answers it and announces the outcome. Resolves true
 * when the pub has it, for `ComingPanel`'s `onConfirm`.
 */
export async function sendComing<Answer>(
  confirm: () => Promise<Answer>,
  { saved, announce }: { saved: (answer: Answer) => void; announce: (notice: Announcement) => void },
): Promise<boolean> {
  try {
    saved(await confirm());
    announce({ tone: 'success', text: COMING_MESSAGES.thanks });
    return true;
  } catch (failure) {
    announce({ tone: 'error', text: failureText(failure, MANAGE_FAILURE) });
    return false;
  }
}

/**
 * The reminder's "Yes, we're coming", on the guest's own booking page (issue 18): one tap tells the pub to
 * expect them; once told, the page says so (unless it has just announced the thanks itself).
 */
export function ComingPanel({
  confirmed,
  onConfirm,
}: {
  confirmed: boolean;
  /** Sends the confirmation; resolves true when the pub has it (the page announces the outcome). */
  onConfirm: () => Promise<boolean>;
}) {
  const [sending, setSending] = useState(false);
  const [justConfirmed, setJustConfirmed] = useState(false);
  if (confirmed) {
    return justConfirmed ? null : (
      <p className="rounded-xl border border-green-600 bg-green-600/10 p-4 font-semibold text-green-900">
        {COMING_MESSAGES.alreadyConfirmed}
      </p>
    );
  }
  async function confirm() {
    setSending(true);
    setJustConfirmed(await onConfirm());
    setSending(false);
  }
  return (
    <div className="space-y-4 rounded-xl border-2 border-brass-500 bg-brass-300/20 p-5 sm:p-6">
      <p className="font-serif text-2xl text-green-900">{COMING_MESSAGES.question}</p>
      <OneTapButton busy={sending} onClick={confirm}>
        {sending ? COMING_MESSAGES.sending : COMING_MESSAGES.action}
      </OneTapButton>
    </div>
  );
}
