import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { StaffStandbyDay, StaffStandbyEntry } from '#shared/standby/api.ts';
import { isRealIsoDate, londonToday } from '#shared/time/london-time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { LoadGate, OutcomeNotice, useLoaded, useOutcome, whenReady } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { DayHeading, DayPicker, toolButton } from '#web/features/staff/day-controls.tsx';
import * as standbyApi from './standby-api.ts';
import { type EntryActions, StandbyEntryCard } from './standby-entry-card.tsx';
import { BookQuestion, OfferQuestion, RemoveQuestion } from './standby-questions.tsx';
import { STANDBY_SCREEN_WORDS } from './standby-words.ts';

/** A question with a time to choose: it scrolls within a phone's height. */
const tallDialog = 'card max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto p-5 sm:p-6';

type Asked = { step: 'offer' | 'book' | 'remove'; entry: StaffStandbyEntry } | null;

/** The day with `entry` as the server now has it. */
function withEntry(day: StaffStandbyDay, entry: StaffStandbyEntry): StaffStandbyDay {
  return {
    ...day,
    services: day.services.map((list) => ({
      ...list,
      entries: list.entries.map((listed) => (listed.id === entry.id ? entry : listed)),
    })),
  };
}

function ServiceList({
  list,
  date,
  actions,
}: {
  list: StaffStandbyDay['services'][number];
  date: string;
  actions: EntryActions;
}) {
  const label = serviceLabel(list.service, date);
  const headingId = `standby-${list.service}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="font-serif text-2xl">
          {label}
        </h2>
        <p className="font-semibold text-green-900">
          {list.capGuests === 0
            ? STANDBY_SCREEN_WORDS.listOff
            : STANDBY_SCREEN_WORDS.cap(list.waitingGuests, list.capGuests)}
        </p>
      </div>
      {list.entries.length === 0 ? (
        <p className="card p-4 text-ink-soft">{STANDBY_SCREEN_WORDS.empty}</p>
      ) : (
        <ol aria-label={`${label} standby list`} className="space-y-3">
          {list.entries.map((entry, index) => (
            <StandbyEntryCard key={entry.id} entry={entry} place={index + 1} actions={actions} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The standby list of a day (issue 31), per service in the order guests joined, with each service's cap: offer
 * a guest a time (they claim it from an e-mailed link), book them at once, or take them off the list. The day
 * lives in the address (?date=…), so the day view links straight to it.
 */
export function StandbyPage() {
  useAdminTitle(STANDBY_SCREEN_WORDS.title);
  const today = londonToday();
  const [params, setParams] = useSearchParams();
  const requested = params.get('date') ?? '';
  const date = isRealIsoDate(requested) ? requested : today;
  const fetchDay = useCallback(async () => ({ day: await standbyApi.standbyDay(date) }), [date]);
  const { load, setLoad, reload } = useLoaded(fetchDay, STANDBY_SCREEN_WORDS.loadFailure);
  const [asked, setAsked] = useState<Asked>(null);
  const { outcome, setOutcome } = useOutcome();

  function done(entry: StaffStandbyEntry, text: string) {
    setAsked(null);
    setLoad(whenReady((ready) => ({ day: withEntry(ready.day, entry) })));
    setOutcome({ tone: 'success', text });
    void reload();
  }

  const actions: EntryActions = {
    onOffer: (entry) => setAsked({ step: 'offer', entry }),
    onBook: (entry) => setAsked({ step: 'book', entry }),
    onRemove: (entry) => setAsked({ step: 'remove', entry }),
  };

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <DayHeading title={STANDBY_SCREEN_WORDS.title} date={date} today={today} />
        <Link to={`/admin/bookings?date=${date}`} className="link min-h-11 py-2">
          Bookings of the day
        </Link>
      </div>
      <div className="card flex flex-wrap items-end gap-3 p-4">
        <DayPicker
          id="standby-date"
          date={date}
          today={today}
          onDate={(next) => {
            setOutcome(null);
            setParams(next === today ? {} : { date: next });
          }}
        />
        <button type="button" className={toolButton} onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        <OutcomeNotice outcome={outcome} />
      </div>
      <LoadGate load={load} loadingText={STANDBY_SCREEN_WORDS.loading}>
        {({ day }) =>
          day.services.length === 0 ? (
            <p className="card p-6 text-lg">{STANDBY_SCREEN_WORDS.noServices}</p>
          ) : (
            day.services.map((list) => (
              <ServiceList key={list.service} list={list} date={day.date} actions={actions} />
            ))
          )
        }
      </LoadGate>
      <ConfirmDialog
        subject={asked?.step === 'offer' ? asked.entry : null}
        onKeep={() => setAsked(null)}
        className={tallDialog}
      >
        {(entry) => <OfferQuestion entry={entry} onDone={done} />}
      </ConfirmDialog>
      <ConfirmDialog
        subject={asked?.step === 'book' ? asked.entry : null}
        onKeep={() => setAsked(null)}
        className={tallDialog}
      >
        {(entry) => <BookQuestion entry={entry} onDone={done} />}
      </ConfirmDialog>
      <ConfirmDialog subject={asked?.step === 'remove' ? asked.entry : null} onKeep={() => setAsked(null)}>
        {(entry) => <RemoveQuestion entry={entry} onDone={done} />}
      </ConfirmDialog>
    </div>
  );
}
