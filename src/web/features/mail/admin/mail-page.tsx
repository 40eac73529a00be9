import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  MAIL_KIND_LABELS,
  OUTBOX_MESSAGES,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxStatus,
} from '#shared/mail/outbox.ts';
import type { OutboxEntry } from '#shared/mail/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { type Loaded, LoadGate, OutcomeNotice, useOutcome } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';
import { MailDialog, mayResend } from './mail-dialog.tsx';
import { MailSearchForm } from './mail-search-form.tsx';

type Lists = Record<OutboxStatus, OutboxEntry[]>;

/** The lists by status, or what a search found across every status. */
type Shown = { search: null; lists: Lists } | { search: string; found: OutboxEntry[] };

type LoadState = Loaded<{ shown: Shown }>;

/** Failed first, for staff to act on; then what is waiting, then what went. */
const SECTIONS: { status: OutboxStatus; title: string; empty: string }[] = [
  { status: 'FAILED', title: 'Failed', empty: OUTBOX_MESSAGES.noFailed },
  { status: 'PENDING', title: 'Waiting to send', empty: OUTBOX_MESSAGES.noPending },
  { status: 'SENT', title: 'Recently sent', empty: OUTBOX_MESSAGES.noSent },
];

const toolButton =
  'inline-flex h-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-4 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100';

async function loadShown(search: string | null): Promise<Shown> {
  if (search !== null) return { search, found: await api.searchMail(search) };
  const lists = await Promise.all(OUTBOX_STATUSES.map((status) => api.listMail(status)));
  return {
    search: null,
    lists: Object.fromEntries(OUTBOX_STATUSES.map((status, index) => [status, lists[index] ?? []])) as Lists,
  };
}

function MailCard({
  entry,
  showStatus,
  resending,
  onOpen,
  onResend,
}: {
  entry: OutboxEntry;
  /** In a search's results, where the messages of every status are mixed. */
  showStatus: boolean;
  resending: boolean;
  onOpen: (entry: OutboxEntry) => void;
  onResend: (entry: OutboxEntry) => void;
}) {
  const meta = [
    showStatus ? OUTBOX_STATUS_LABELS[entry.status] : null,
    MAIL_KIND_LABELS[entry.kind],
    entry.reference,
    `queued ${formatLondonMoment(entry.createdAt)}`,
  ];
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-4 py-4 sm:px-5">
      <div className="min-w-0 flex-1 basis-64">
        <button
          type="button"
          onClick={() => onOpen(entry)}
          className="min-h-11 w-full text-left font-semibold break-words text-green-900 underline decoration-cream-300 underline-offset-4 hover:decoration-green-700"
        >
          {entry.subject}
        </button>
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
      {mayResend(entry) ? (
        <button
          type="button"
          disabled={resending}
          onClick={() => onResend(entry)}
          aria-label={`Resend the e-mail to ${entry.to}: ${entry.subject}`}
          className={`${entry.status === 'FAILED' ? 'btn-dark' : 'btn-outline'} min-h-11 w-full px-5 py-2 text-sm sm:w-auto`}
        >
          {resending ? 'Resending…' : 'Resend'}
        </button>
      ) : null}
    </li>
  );
}

function MailSection({
  id,
  title,
  empty,
  entries,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  entries: OutboxEntry[];
  children: (entry: OutboxEntry) => ReactNode;
}) {
  const headingId = `mail-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <h2
        id={headingId}
        className="border-b border-cream-200 px-4 py-3 font-serif text-2xl break-words sm:px-5"
      >
        {title}
        {entries.length > 0 ? (
          <span className="align-middle font-sans text-base text-ink-soft"> ({entries.length})</span>
        ) : null}
      </h2>
      {entries.length === 0 ? (
        <p className="px-4 py-5 text-ink-soft sm:px-5">{empty}</p>
      ) : (
        <ul className="divide-y divide-cream-200">{entries.map(children)}</ul>
      )}
    </section>
  );
}

/**
 * The e-mail outbox for staff: failed messages, then those waiting, then those sent, or what a search finds
 * (issue 27); each opens to be read, and any not already waiting can be sent again.
 */
export function MailPage() {
  useAdminTitle('E-mails');
  const [search, setSearch] = useState<string | null>(null);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [opened, setOpened] = useState<OutboxEntry | null>(null);
  const { outcome, setOutcome, attempt, working } = useOutcome();

  /** The last thing asked for: an answer to an earlier one that comes after it is dropped. */
  const asked = useRef(0);

  const show = useCallback(async (wanted: string | null) => {
    const ask = ++asked.current;
    let next: LoadState;
    try {
      next = { status: 'ready', shown: await loadShown(wanted) };
    } catch (error) {
      next = { status: 'failed', error: failureText(error, OUTBOX_MESSAGES.loadFailed) };
    }
    if (ask === asked.current) setLoad(next);
  }, []);

  useEffect(() => {
    void show(null);
  }, [show]);

  async function find(wanted: string) {
    setOutcome(null);
    setSearch(wanted);
    await show(wanted);
  }

  function clear() {
    setOutcome(null);
    setSearch(null);
    void show(null);
  }

  async function resend(entry: OutboxEntry) {
    setOpened(null);
    await attempt(
      async () => {
        await api.resendMail(entry.id);
        return OUTBOX_MESSAGES.resent(entry.to);
      },
      OUTBOX_MESSAGES.resendFailed,
      entry.id,
    );
    await show(search);
  }

  const card = (showStatus: boolean) => (entry: OutboxEntry) => (
    <MailCard
      key={entry.id}
      entry={entry}
      showStatus={showStatus}
      resending={working === entry.id}
      onOpen={setOpened}
      onResend={resend}
    />
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h1 className="font-serif text-3xl sm:text-4xl">E-mails</h1>
          <p className="mt-1 text-ink-soft">
            Confirmations and notices the website sends. Open one to read it; one sent or failed can be sent
            again.
          </p>
        </div>
        <button type="button" className={toolButton} onClick={() => void show(search)}>
          Refresh
        </button>
      </div>

      <MailSearchForm searching={search !== null} onSearch={find} onClear={clear} />

      <OutcomeNotice outcome={outcome} />

      <LoadGate load={load}>
        {({ shown }) =>
          shown.search !== null ? (
            <MailSection
              id="found"
              title={OUTBOX_MESSAGES.matching(shown.search)}
              empty={OUTBOX_MESSAGES.noMatches(shown.search)}
              entries={shown.found}
            >
              {card(true)}
            </MailSection>
          ) : (
            SECTIONS.map(({ status, title, empty }) => (
              <MailSection
                key={status}
                id={status.toLowerCase()}
                title={title}
                empty={empty}
                entries={shown.lists[status]}
              >
                {card(false)}
              </MailSection>
            ))
          )
        }
      </LoadGate>

      <MailDialog key={opened?.id} entry={opened} onClose={() => setOpened(null)} onResend={resend} />
    </div>
  );
}
