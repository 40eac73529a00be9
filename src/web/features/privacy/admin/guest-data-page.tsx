import { type FormEvent, useId, useState } from 'react';
import { GUEST_DATA_MESSAGES, guestRecordCount, parseGuestQuery } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestEraseAnswer, GuestErasure } from '#shared/privacy/guests.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';
import { type EraseChoice, EraseDialog, eraseButton } from './erase-dialog.tsx';
import { GuestRecords } from './guest-records.tsx';

type Search =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; q: string; data: GuestData };

type Outcome = { tone: 'success' | 'error'; text: string } | null;

const toolButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-5 py-2.5 font-semibold text-green-900 no-underline transition-colors hover:border-green-700 hover:bg-cream-100';

function erasedTotal(erasure: GuestErasure): number {
  return Object.values(erasure).reduce((total, n) => total + n, 0);
}

/** What the owner reads once the erase API has answered. */
function outcomeText(answer: GuestEraseAnswer): string {
  if (answer.outcome === 'scheduled')
    return GUEST_DATA_MESSAGES.erasureScheduled(formatLongDate(answer.dueOn));
  const total = erasedTotal(answer.erasure);
  return answer.bookingsCancelled > 0
    ? GUEST_DATA_MESSAGES.cancelledAndErased(answer.bookingsCancelled, total)
    : GUEST_DATA_MESSAGES.erased(total);
}

/**
 * A guest's request (issue 19, owner only): find everything held about an e-mail address or a phone number,
 * download it as one file, or erase it.
 */
export function GuestDataPage() {
  useAdminTitle('Guests’ data');
  const inputId = useId();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function find(q: string) {
    setSearch({ status: 'loading' });
    try {
      setSearch({ status: 'ready', q, data: await api.findGuest(q) });
    } catch (error) {
      setSearch({ status: 'failed', error: failureText(error, GUEST_DATA_MESSAGES.loadFailed) });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    if (!parseGuestQuery(text)) {
      setInputError(GUEST_DATA_MESSAGES.wrongQuery);
      return;
    }
    setInputError(null);
    void find(text.trim());
  }

  async function erase(q: string, choice: EraseChoice) {
    setErasing(true);
    try {
      const answer = await api.eraseGuest({ q, ...choice });
      setConfirming(false);
      setOutcome({ tone: 'success', text: outcomeText(answer) });
      await find(q);
    } catch (error) {
      setConfirming(false);
      setOutcome({ tone: 'error', text: failureText(error, GUEST_DATA_MESSAGES.eraseFailed) });
    }
    setErasing(false);
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Guests’ data</h1>
        <p className="mt-1 max-w-2xl text-ink-soft">
          When a guest asks what the pub holds about them, or asks for it to be erased: find it by the e-mail
          address or phone number they gave.
        </p>
      </div>

      <form onSubmit={submit} noValidate className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={inputId} className="field-label">
            {GUEST_DATA_MESSAGES.searchLabel}
          </label>
          <input
            id={inputId}
            type="search"
            inputMode="email"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${inputId}-error` : undefined}
            className="field-input"
          />
          {inputError ? (
            <p id={`${inputId}-error`} className="mt-1 text-sm font-semibold text-burgundy-800">
              {inputError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn-dark min-h-11 px-6 py-2.5"
          disabled={search.status === 'loading'}
        >
          Search
        </button>
      </form>

      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}

      {search.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Searching…
        </p>
      ) : search.status === 'failed' ? (
        <Notice tone="error">{search.error}</Notice>
      ) : search.status === 'ready' ? (
        guestRecordCount(search.data) === 0 ? (
          <p role="status" className="card p-5">
            {GUEST_DATA_MESSAGES.nothingHeld}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="font-semibold">
                {plural(guestRecordCount(search.data), 'record', 'records')} held about {search.q}
              </p>
              <div className="flex flex-wrap gap-3">
                <a href={api.exportHref(search.q)} download className={toolButton}>
                  Download as JSON
                </a>
                <button type="button" className={eraseButton} onClick={() => setConfirming(true)}>
                  Erase this person’s data
                </button>
              </div>
            </div>
            <GuestRecords data={search.data} />
            <EraseDialog
              open={confirming}
              data={search.data}
              erasing={erasing}
              onCancel={() => setConfirming(false)}
              onConfirm={(choice) => void erase(search.q, choice)}
            />
          </>
        )
      ) : null}
    </div>
  );
}
