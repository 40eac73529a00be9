import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { QueueDay, QueueParty } from '#shared/queue/api.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime, londonTimeOfDay } from '#shared/time/london-time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { LoadGate, OutcomeNotice, useLoaded, useOutcome, whenReady } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { toolButton } from '#web/features/staff/day-controls.tsx';
import { QueueAddForm } from './queue-add-form.tsx';
import * as queueApi from './queue-api.ts';
import { DonePartyRow, QueuePartyCard } from './queue-party-card.tsx';
import { RemoveQuestion, SeatQuestion } from './queue-questions.tsx';
import { QUEUE_WORDS } from './queue-words.ts';

/** How often the screen asks again, so the estimates follow the floor. */
export const QUEUE_REFRESH_MS = 30_000;

type Asked = { step: 'seat' | 'remove'; party: QueueParty } | null;

/** The day with `party` as the server now has it: still waiting in its place, or moved to tonight's done. */
function withParty(day: QueueDay, party: QueueParty): QueueDay {
  const waiting = party.status === 'WAITING' || party.status === 'NOTIFIED';
  return {
    ...day,
    waiting: waiting
      ? day.waiting.map((queued) => (queued.id === party.id ? party : queued))
      : day.waiting.filter((queued) => queued.id !== party.id),
    done: waiting ? day.done : [party, ...day.done.filter((closed) => closed.id !== party.id)],
  };
}

/**
 * Tonight's walk-in queue (issue 31), behind the bar on a phone: the parties waiting in order with the wait the
 * floor gives them, "Table ready" to tell them, Seat and Remove (each asked first), and "Add to queue". It asks
 * the server again every 30 seconds, keeping what it shows when a refresh fails.
 */
export function QueuePage() {
  useAdminTitle(QUEUE_WORDS.title);
  const fetchDay = useCallback(async () => ({ day: await queueApi.queueDay(), at: new Date() }), []);
  const { load, setLoad } = useLoaded(fetchDay, QUEUE_WORDS.loadFailure);
  const [refreshing, setRefreshing] = useState(false);
  const [staleSince, setStaleSince] = useState<Date | null>(null);
  const [adding, setAdding] = useState(false);
  const [asked, setAsked] = useState<Asked>(null);
  const { outcome, setOutcome, attempt, working } = useOutcome();
  const heading = useRef<HTMLHeadingElement>(null);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const day = await queueApi.queueDay();
      setLoad({ status: 'ready', day, at: new Date() });
      setStaleSince(null);
    } catch {
      setStaleSince((since) => since ?? new Date());
    } finally {
      setRefreshing(false);
    }
  }, [setLoad]);

  useEffect(() => {
    const timer = window.setInterval(() => void refresh(), QUEUE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  const showParty = (party: QueueParty) =>
    setLoad(whenReady((ready) => ({ ...ready, day: withParty(ready.day, party) })));

  /** A step done: the party as the server has it, what was done in words, and the estimates afresh. */
  function finished(party: QueueParty, text: string) {
    setAsked(null);
    showParty(party);
    setOutcome({ tone: 'success', text });
    void refresh();
  }

  const notify = (party: QueueParty) =>
    void attempt(
      async () => {
        const told = await queueApi.notifyParty(party.id);
        showParty(told);
        return QUEUE_WORDS.notified(told);
      },
      QUEUE_WORDS.notifyFailure,
      party.id,
    );

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl sm:text-4xl">
          {QUEUE_WORDS.title}
        </h1>
        {load.status === 'ready' && load.day.mode === 'tables' ? (
          <Link to="/admin/walk-in" className="link min-h-11 py-2">
            Walk-in
          </Link>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {adding ? null : (
          <button
            type="button"
            className="btn-dark min-h-14 flex-1 px-5 text-lg"
            onClick={() => {
              setOutcome(null);
              setAdding(true);
            }}
          >
            Add to queue
          </button>
        )}
        <button
          type="button"
          className={`${toolButton} min-h-14 px-5`}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>

      {adding ? (
        <QueueAddForm
          onAdded={(party) => {
            setAdding(false);
            setLoad(
              whenReady((ready) => ({
                ...ready,
                day: { ...ready.day, waiting: [...ready.day.waiting, party] },
              })),
            );
            setOutcome({ tone: 'success', text: QUEUE_WORDS.added(party) });
            heading.current?.focus();
            void refresh();
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}

      <div aria-live="polite" className="empty:hidden">
        <OutcomeNotice outcome={outcome} />
      </div>

      <LoadGate load={load} loadingText={QUEUE_WORDS.loading}>
        {({ day, at }) => (
          <>
            <p className="text-ink-soft">
              {plural(day.waiting.length, 'party', 'parties')} waiting ·{' '}
              {staleSince
                ? `Could not refresh: as of ${formatTime(londonTimeOfDay(at))}`
                : `Updated ${formatTime(londonTimeOfDay(at))}`}
            </p>
            {day.waiting.length === 0 ? (
              <p className="card p-5 text-lg">{QUEUE_WORDS.empty}</p>
            ) : (
              <ol aria-label="Waiting" className="space-y-3">
                {day.waiting.map((party, index) => (
                  <QueuePartyCard
                    key={party.id}
                    party={party}
                    place={index + 1}
                    now={at}
                    busy={working === party.id}
                    actions={{
                      onNotify: notify,
                      onSeat: (chosen) => setAsked({ step: 'seat', party: chosen }),
                      onRemove: (chosen) => setAsked({ step: 'remove', party: chosen }),
                    }}
                  />
                ))}
              </ol>
            )}
            {day.done.length > 0 ? (
              <details className="card p-4">
                <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-green-900">
                  Seated / removed tonight ({day.done.length})
                </summary>
                <ul className="mt-2">
                  {day.done.map((party) => (
                    <DonePartyRow key={party.id} party={party} />
                  ))}
                </ul>
              </details>
            ) : null}
            <ConfirmDialog
              subject={asked?.step === 'seat' ? asked.party : null}
              onKeep={() => setAsked(null)}
            >
              {(party) => (
                <SeatQuestion
                  party={party}
                  mode={day.mode}
                  onSeated={(seated) => finished(seated, QUEUE_WORDS.seated(seated))}
                />
              )}
            </ConfirmDialog>
            <ConfirmDialog
              subject={asked?.step === 'remove' ? asked.party : null}
              onKeep={() => setAsked(null)}
            >
              {(party) => (
                <RemoveQuestion
                  party={party}
                  onRemoved={(removed) => finished(removed, QUEUE_WORDS.removed(removed))}
                />
              )}
            </ConfirmDialog>
          </>
        )}
      </LoadGate>
    </div>
  );
}
