import { useCallback, useEffect, useState } from 'react';
import {
  MAIL_KIND_LABELS,
  OUTBOX_MESSAGES,
  OUTBOX_STATUSES,
  type OutboxStatus,
} from '../../../../shared/mail/outbox.ts';
import type { OutboxEntry } from '../../../../shared/mail/schemas.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { formatLondonMoment } from '../../../../shared/time/staff-dates.ts';
import { failureText } from '../../../lib/api.ts';
import { useAdminTitle } from '../../staff/admin-layout.tsx';
import { Notice } from '../../staff/notice.tsx';
import * as api from './api.ts';

type Lists = Record<OutboxStatus, OutboxEntry[]>;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; lists: Lists };

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Failed first, for staff to act on; then what is waiting, then what went. */
const SECTIONS: { status: OutboxStatus; title: string; empty: string }[] = [
  { status: 'FAILED', title: 'Failed', empty: OUTBOX_MESSAGES.noFailed },
  { status: 'PENDING', title: 'Waiting to send', empty: OUTBOX_MESSAGES.noPending },
  { status: 'SENT', title: 'Recently sent', empty: OUTBOX_MESSAGES.noSent },
];

const toolButton =
  'inline-flex h-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-4 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100';

async function loadLists(): Promise<Lists> {
  const lists = await Promise.all(OUTBOX_STATUSES.map((status) => api.listMail(status)));
  return Object.fromEntries(OUTBOX_STATUSES.map((status, index) => [status, lists[index] ?? []])) as Lists;
}

function MailCard({
  entry,
  resending,
  onResend,
}: {
  entry: OutboxEntry;
  resending: boolean;
  onResend: (entry: OutboxEntry) => void;
}) {
  const meta = [
    MAIL_KIND_LABELS[entry.kind],
    entry.reference,
    `queued ${formatLondonMoment(entry.createdAt)}`,
  ];
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-4 py-4 sm:px-5">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-green-900">{entry.subject}</p>
        <p className="text-sm break-all">To {entry.to}</p>
        <p className="text-sm text-ink-soft">{meta.filter(Boolean).join(' · ')}</p>
        {entry.sentAt ? (
          <p className="text-sm text-green-800">Sent {formatLondonMoment(entry.sentAt)}</p>
        ) : null}
        {entry.status !== 'SENT' && entry.lastError ? (
          <p className="mt-1 rounded bg-burgundy-700/10 px-2 py-1 text-sm break-words text-burgundy-800">
            {plural(entry.attempts, 'attempt', 'attempts')} · {entry.lastError}
          </p>
        ) : null}
      </div>
      {entry.status === 'FAILED' ? (
        <button
          type="button"
          disabled={resending}
          onClick={() => onResend(entry)}
          aria-label={`Resend the e-mail to ${entry.to}: ${entry.subject}`}
          className="btn-dark min-h-11 px-5 py-2 text-sm"
        >
          {resending ? 'Resending…' : 'Resend'}
        </button>
      ) : null}
    </li>
  );
}

/** The e-mail outbox for staff: failed messages with a Resend button, then those waiting, then those sent. */
export function MailPage() {
  useAdminTitle('E-mails');
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const reload = useCallback(async () => {
    try {
      setLoad({ status: 'ready', lists: await loadLists() });
    } catch (error) {
      setLoad({ status: 'failed', error: failureText(error, OUTBOX_MESSAGES.loadFailed) });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function resend(entry: OutboxEntry) {
    setResendingId(entry.id);
    setOutcome(null);
    try {
      await api.resendMail(entry.id);
      setOutcome({ tone: 'success', text: OUTBOX_MESSAGES.resent(entry.to) });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, OUTBOX_MESSAGES.resendFailed) });
    }
    setResendingId(null);
    await reload();
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h1 className="font-serif text-3xl sm:text-4xl">E-mails</h1>
          <p className="mt-1 text-ink-soft">
            Confirmations and notices the website sends. A failed one can be sent again.
          </p>
        </div>
        <button type="button" className={toolButton} onClick={() => void reload()}>
          Refresh
        </button>
      </div>

      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}

      {load.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : load.status === 'failed' ? (
        <Notice tone="error">{load.error}</Notice>
      ) : (
        SECTIONS.map(({ status, title, empty }) => {
          const entries = load.lists[status];
          const headingId = `mail-${status.toLowerCase()}-heading`;
          return (
            <section key={status} aria-labelledby={headingId} className="card overflow-hidden">
              <h2 id={headingId} className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-5">
                {title}
                {entries.length > 0 ? (
                  <span className="align-middle font-sans text-base text-ink-soft"> ({entries.length})</span>
                ) : null}
              </h2>
              {entries.length === 0 ? (
                <p className="px-4 py-5 text-ink-soft sm:px-5">{empty}</p>
              ) : (
                <ul className="divide-y divide-cream-200">
                  {entries.map((entry) => (
                    <MailCard
                      key={entry.id}
                      entry={entry}
                      resending={resendingId === entry.id}
                      onResend={resend}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </div>
  );
}
