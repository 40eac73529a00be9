import { useState } from 'react';
import { GUEST_DATA_MESSAGES, guestRecordCount, parseGuestQuery } from '#shared/privacy/guest-query.ts';
import type { GuestData, GuestEraseAnswer, GuestErasure } from '#shared/privacy/guests.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { type Loaded, LoadGate, OutcomeNotice, useOutcome } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
import * as api from './api.ts';
import { type EraseChoice, EraseDialog, eraseButton } from './erase-dialog.tsx';
import { GuestRecords } from './guest-records.tsx';

type Search = { status: 'idle' } | Loaded<{ q: string; data: GuestData }>;

/** The search's one rule, the server's: an e-mail address or a phone number. */
const GUEST_QUERY = ruleResolver<{ q: string }>(({ q }) =>
  parseGuestQuery(q) ? null : { field: 'q', message: GUEST_DATA_MESSAGES.wrongQuery },
);

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
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const { outcome, setOutcome, attempt } = useOutcome();
  const searchForm = useSiteForm({
    defaultValues: { q: '' },
    validate: GUEST_QUERY,
    send: ({ q }) => {
      setOutcome(null);
      return find(q.trim());
    },
    failure: GUEST_DATA_MESSAGES.loadFailed,
  });

  async function find(q: string) {
    setSearch({ status: 'loading' });
    try {
      setSearch({ status: 'ready', q, data: await api.findGuest(q) });
    } catch (error) {
      setSearch({ status: 'failed', error: failureText(error, GUEST_DATA_MESSAGES.loadFailed) });
    }
  }

  async function erase(q: string, choice: EraseChoice) {
    const erased = await attempt(
      async () => outcomeText(await api.eraseGuest({ q, ...choice })),
      GUEST_DATA_MESSAGES.eraseFailed,
    );
    setConfirming(false);
    if (erased) await find(q);
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

      <SiteForm form={searchForm} className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
        <FormTextField
          name="q"
          label={GUEST_DATA_MESSAGES.searchLabel}
          type="search"
          inputMode="email"
          autoComplete="off"
          className="min-w-0 flex-1 basis-64"
        />
        <SubmitButton className="btn-dark min-h-11 px-6 py-2.5" busyLabel="Search">
          Search
        </SubmitButton>
      </SiteForm>

      <OutcomeNotice outcome={outcome} />

      {search.status === 'idle' ? null : (
        <LoadGate load={search} loadingText="Searching…">
          {({ q, data }) =>
            guestRecordCount(data) === 0 ? (
              <p role="status" className="card p-5">
                {GUEST_DATA_MESSAGES.nothingHeld}
              </p>
            ) : (
              <>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p role="status" className="font-semibold">
                    {plural(guestRecordCount(data), 'record', 'records')} held about {q}
                  </p>
                  <div className="flex flex-wrap gap-3">
                    <a href={api.exportHref(q)} download className={toolButton}>
                      Download as JSON
                    </a>
                    <button type="button" className={eraseButton} onClick={() => setConfirming(true)}>
                      Erase this person’s data
                    </button>
                  </div>
                </div>
                <GuestRecords data={data} />
                <EraseDialog
                  data={confirming ? data : null}
                  onCancel={() => setConfirming(false)}
                  onConfirm={(choice) => erase(q, choice)}
                />
              </>
            )
          }
        </LoadGate>
      )}
    </div>
  );
}
