import { type ReactNode, useCallback, useId } from 'react';
import { MAIL_KIND_LABELS, OUTBOX_MESSAGES, OUTBOX_STATUS_LABELS } from '#shared/mail/outbox.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { CloseButton, Dialog } from '#web/components/dialog.tsx';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import * as api from './api.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Whether staff may send the message again: anything not already waiting to go. */
export function mayResend(entry: OutboxEntry): boolean {
  return entry.status !== 'PENDING';
}

/**
 * One message opened from the outbox (issue 27): who it went to, when and how, and its plain text as the guest
 * received it. The HTML part is never put in the page.
 */
export function MailDialog({
  entry,
  onClose,
  onResend,
}: {
  entry: OutboxEntry | null;
  onClose: () => void;
  onResend: (entry: OutboxEntry) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="flex max-h-[calc(100dvh-2rem)] w-full max-w-2xl flex-col overflow-hidden rounded-xl bg-cream-50 shadow-2xl"
    >
      {entry ? <OpenedMail entry={entry} titleId={titleId} onClose={onClose} onResend={onResend} /> : null}
    </Dialog>
  );
}

/** The opened message: what the list knew of it at once, then all of it as the server has it. */
function OpenedMail({
  entry,
  titleId,
  onClose,
  onResend,
}: {
  entry: OutboxEntry;
  titleId: string;
  onClose: () => void;
  onResend: (entry: OutboxEntry) => void;
}) {
  const open = useCallback(async () => ({ message: await api.openMail(entry.id) }), [entry.id]);
  const { load: opened } = useLoaded(open, OUTBOX_MESSAGES.openFailed);
  const shown: OutboxEntry = opened.status === 'ready' ? opened.message : entry;
  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-cream-200 bg-white px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <p className="eyebrow text-xs">
            {[MAIL_KIND_LABELS[shown.kind], shown.reference].filter(Boolean).join(' · ')}
          </p>
          <h2 id={titleId} className="mt-1 font-serif text-xl break-words sm:text-2xl">
            {shown.subject}
          </h2>
        </div>
        <CloseButton onClose={onClose} />
      </div>
      <div className="space-y-4 overflow-y-auto px-4 py-4 sm:px-5">
        <dl className="divide-y divide-cream-200 border-y border-cream-200">
          <Row term="To">
            <span className="break-all">{shown.to}</span>
          </Row>
          <Row term="Status">{OUTBOX_STATUS_LABELS[shown.status]}</Row>
          <Row term="Queued">{formatLondonMoment(shown.createdAt)}</Row>
          {shown.sentAt ? <Row term="Sent">{formatLondonMoment(shown.sentAt)}</Row> : null}
          <Row term="Attempts">{shown.attempts}</Row>
          {shown.lastError ? <Row term="Last error">{shown.lastError}</Row> : null}
        </dl>
        <LoadGate load={opened}>
          {({ message }) =>
            message.text === null ? (
              <p className="text-ink-soft">{OUTBOX_MESSAGES.noText}</p>
            ) : (
              <section aria-label="The e-mail as the guest received it">
                <pre className="rounded-lg border border-cream-200 bg-white p-3 font-sans text-sm break-words whitespace-pre-wrap sm:p-4">
                  {message.text}
                </pre>
              </section>
            )
          }
        </LoadGate>
      </div>
      {mayResend(shown) ? (
        <div className="flex justify-end border-t border-cream-200 bg-white px-4 py-3 sm:px-5">
          <button
            type="button"
            onClick={() => onResend(shown)}
            className="btn-dark min-h-11 w-full px-5 py-2 text-sm sm:w-auto"
          >
            Resend
          </button>
        </div>
      ) : null}
    </>
  );
}
