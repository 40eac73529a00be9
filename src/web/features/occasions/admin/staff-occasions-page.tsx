import { lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { setMenuOccasions } from '#shared/christmas/occasion.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import { TILL_SETTLEMENT_MESSAGES, type TillOutcome } from '#shared/money/till-settlement.ts';
import type { StaffOccasionBooking } from '#shared/occasions/admin-api.ts';
import type { Diner } from '#shared/occasions/api.ts';
import { partySizeWords } from '#shared/occasions/party-change.ts';
import { deadlineText } from '#shared/occasions/pre-order-messages.ts';
import { isTicketed, occasionDates, preOrderDeadline } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionSitting } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, londonToday } from '#shared/time/london-time.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import * as contentApi from '#web/features/content/api.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { StickyNotice } from '#web/features/staff/sticky-notice.tsx';
import { useAsync } from '#web/hooks/use-async.ts';
import { failureText } from '#web/lib/api.ts';
import * as api from './staff-occasions-api.ts';
import type { BookingActions } from './staff-occasions-booking.tsx';
import { useOccasionDay } from './staff-occasions-data.ts';
import {
  CancelOccasionBookingQuestion,
  ChangePartyQuestion,
  DinerDishesQuestion,
  type DinerSubject,
  RemoveDinerQuestion,
} from './staff-occasions-dialogs.tsx';
import { coversBooked, OccasionSittingSection } from './staff-occasions-sitting.tsx';
import { STAFF_OCCASIONS_WORDS as WORDS } from './staff-occasions-words.ts';

// Its own chunk: taking a phone booking is its own task (?task=book), and its form, the payment field and the
// request's schema would otherwise put this screen over its budget of JavaScript.
const PhoneBookingForm = lazy(() =>
  import('./staff-occasions-phone-booking.tsx').then((module) => ({ default: module.PhoneBookingForm })),
);
// Its own chunk too: closing a sitting is occasional, and its form is the screen's one use of the staff API's
// request schemas, which it takes along.
const CloseOccasionSittingDialog = lazy(() =>
  import('./close-occasion-sitting-dialog.tsx').then((module) => ({
    default: module.CloseOccasionSittingDialog,
  })),
);

const bigSelect =
  'h-12 w-full min-w-0 rounded-lg border border-cream-300 bg-white px-3 text-base font-semibold text-green-900 focus:border-brass-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-brass-500';
const smallLabel = 'mb-1 block text-xs font-semibold tracking-wide text-ink-soft uppercase';
const toolLink =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-cream-300 bg-white px-4 font-semibold text-green-900 no-underline transition-colors hover:border-green-700 hover:bg-cream-100';

/** A question with more to show than a line: it scrolls within a phone's height. */
const tallDialog = 'card max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto p-5 sm:p-6';

/** The next of the dates still to come, else the last one. */
function nextDate(dates: readonly string[], today: string): string {
  return dates.find((date) => date >= today) ?? dates[dates.length - 1] ?? '';
}

/** Occasions with a date to come first, soonest first; the past after. */
function inOrder(occasions: readonly Occasion[], today: string): Occasion[] {
  const next = (occasion: Occasion) => occasionDates(occasion).find((date) => date >= today) ?? '9999';
  return [...occasions].sort((a, b) => next(a).localeCompare(next(b)));
}

/**
 * The staff's occasions screen (issue 30), made for a phone behind the bar: choose the occasion and the date
 * (the next to come unless chosen), then each sitting's covers, prep counts, allergies and bookings, with
 * printing, the CSV, phone bookings, changes by phone, cancelling and closing. The choice lives in the address
 * (?occasion=…&date=…), and `task=book` is the phone booking on a screen of its own.
 */
export function StaffOccasionsPage() {
  useAdminTitle(WORDS.title);
  const loaded = useAsync(() => contentApi.content('occasions'), pageDataKey.content('occasions'));
  const today = londonToday();
  const [params, setParams] = useSearchParams();
  const ids = useId();

  if (loaded.status !== 'done') {
    return loaded.status === 'loading' ? (
      <p role="status" className="py-10 text-ink-soft">
        Loading occasions…
      </p>
    ) : (
      <div className="py-10">
        <Notice tone="error">{failureText(loaded.error, WORDS.occasionsFailed)}</Notice>
      </div>
    );
  }
  // Christmas Day is booked and managed on its own screen (/admin/christmas).
  const occasions = inOrder(setMenuOccasions(loaded.value.occasions), today);
  const occasion = occasions.find((candidate) => candidate.slug === params.get('occasion')) ?? occasions[0];
  if (!occasion) {
    return (
      <div className="space-y-4">
        <h1 className="font-serif text-3xl sm:text-4xl">{WORDS.title}</h1>
        <p className="text-ink-soft">{WORDS.noOccasions}</p>
      </div>
    );
  }
  const dates = occasionDates(occasion);
  const requested = params.get('date') ?? '';
  const date = dates.includes(requested) ? requested : nextDate(dates, today);

  function choose(slug: string, day: string) {
    setParams({ occasion: slug, date: day }, { replace: true });
  }

  return (
    <div className="space-y-5">
      <h1 className="font-serif text-3xl sm:text-4xl">{WORDS.title}</h1>
      {params.get('task') === 'book' ? (
        <p className="text-lg text-green-800">{occasion.name}</p>
      ) : (
        <div className="card grid gap-4 p-4 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={`${ids}-occasion`} className={smallLabel}>
              Occasion
            </label>
            <select
              id={`${ids}-occasion`}
              className={bigSelect}
              value={occasion.slug}
              onChange={(event) => {
                const chosen = occasions.find((candidate) => candidate.slug === event.target.value);
                if (chosen) choose(chosen.slug, nextDate(occasionDates(chosen), today));
              }}
            >
              {occasions.map((candidate) => (
                <option key={candidate.slug} value={candidate.slug}>
                  {candidate.name}
                  {candidate.published ? '' : ' (draft)'}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${ids}-date`} className={smallLabel}>
              Date
            </label>
            <select
              id={`${ids}-date`}
              className={bigSelect}
              value={date}
              onChange={(event) => choose(occasion.slug, event.target.value)}
            >
              {dates.map((day) => (
                <option key={day} value={day}>
                  {formatLongDate(day)}
                  {day === today ? ' (today)' : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <OccasionDate key={`${occasion.slug}/${date}`} occasion={occasion} dates={dates} date={date} />
    </div>
  );
}

type Asked =
  | { kind: 'cancel'; booking: StaffOccasionBooking }
  | { kind: 'diner'; subject: DinerSubject }
  | { kind: 'remove-diner'; subject: { booking: StaffOccasionBooking; diner: Diner } }
  | { kind: 'party'; booking: StaffOccasionBooking }
  | { kind: 'close'; sitting: OccasionSitting };

/** One date of the chosen occasion: its sittings, or the phone booking form when that is the task. */
function OccasionDate({
  occasion,
  dates,
  date,
}: {
  occasion: Occasion;
  dates: readonly string[];
  date: string;
}) {
  const ticketed = isTicketed(occasion);
  const can = useCanUse();
  const [params] = useSearchParams();
  const { state, reload } = useOccasionDay(occasion.slug, date, ticketed);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [done, setDone] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const here = `?occasion=${encodeURIComponent(occasion.slug)}&date=${date}`;
  const bookings = state.status === 'ready' ? state.day.bookings : [];

  function finished(text: string) {
    setAsked(null);
    setDone({ tone: 'success', text });
    void reload();
  }

  async function reopen(sitting: OccasionSitting, closure: api.OccasionClosure) {
    setDone(null);
    try {
      await api.reopenSitting(occasion.slug, closure.id);
      setDone({ tone: 'success', text: WORDS.reopened(sitting.label) });
    } catch (error) {
      setDone({ tone: 'error', text: failureText(error, WORDS.reopenFailed) });
    }
    void reload();
  }

  async function settleAtTill(booking: StaffOccasionBooking, outcome: TillOutcome) {
    setDone(null);
    try {
      await api.settleAtTill(booking.id, { outcome });
      setDone({ tone: 'success', text: TILL_SETTLEMENT_MESSAGES.settled(booking.reference) });
    } catch (error) {
      setDone({ tone: 'error', text: failureText(error, WORDS.tillFailed) });
    }
    await reload();
  }

  const actions: BookingActions = {
    onCancel: can('POST /api/admin/occasions/bookings/:id/cancel')
      ? (booking) => setAsked({ kind: 'cancel', booking })
      : undefined,
    onDiner: (booking, diner) => setAsked({ kind: 'diner', subject: { booking, diner } }),
    onRemoveDiner: (booking, diner) => setAsked({ kind: 'remove-diner', subject: { booking, diner } }),
    onParty: (booking) => setAsked({ kind: 'party', booking }),
    onSettleAtTill: can('POST /api/admin/occasions/bookings/:id/till-settlement') ? settleAtTill : undefined,
  };

  if (params.get('task') === 'book') {
    const sittingHint = (day: string, sittingId: string) => {
      const sitting = occasion.sittings.find((candidate) => candidate.id === sittingId);
      if (day !== date || state.status !== 'ready' || !sitting) return undefined;
      return WORDS.sittingHint(
        sitting.seats - coversBooked(bookings, sittingId),
        state.day.closures.some((closure) => closure.sittingId === sittingId),
      );
    };
    const bookable = dates.filter((day) => day >= londonToday());
    return (
      <div className="space-y-4">
        <Link to={here} className="link inline-flex min-h-11 items-center font-semibold">
          ← Back to {formatLongDate(date)}
        </Link>
        {bookable.length === 0 ? (
          <p className="text-ink-soft">{WORDS.noDatesToCome}</p>
        ) : (
          <Suspense fallback={<p className="text-ink-soft">Loading the form…</p>}>
            <PhoneBookingForm
              occasion={occasion}
              dates={bookable}
              date={bookable.includes(date) ? date : (bookable[0] ?? '')}
              sittingId={params.get('sitting') ?? ''}
              sittingHint={sittingHint}
              onBooked={() => void reload()}
            />
          </Suspense>
        )}
      </div>
    );
  }

  const confirmed = bookings.filter((booking) => booking.status === 'CONFIRMED');
  const guests = confirmed.reduce((sum, booking) => sum + booking.partySize, 0);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-lg text-green-800">
            {state.status === 'ready'
              ? `${plural(confirmed.length, 'booking', 'bookings')} · ${partySizeWords(occasion, guests)}`
              : formatLongDate(date)}
          </p>
          {ticketed ? null : (
            <p className="text-ink-soft">
              {WORDS.deadline(
                deadlineText(preOrderDeadline(occasion, date)),
                state.status === 'ready' && state.day.prep?.locked === true,
              )}
            </p>
          )}
        </div>
        <nav aria-label="Downloads" className="grid w-full gap-2 sm:flex sm:w-auto">
          <a href={api.sheetsUrl(occasion.slug, date)} target="_blank" rel="noopener" className={toolLink}>
            Print all sheets<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {can('GET /api/admin/occasions/:slug/bookings.csv') ? (
            <a href={api.bookingsCsvUrl(occasion.slug, date)} download className={toolLink}>
              Download CSV
            </a>
          ) : null}
        </nav>
      </div>
      {done ? <StickyNotice tone={done.tone}>{done.text}</StickyNotice> : null}
      {state.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading {formatLongDate(date)}…
        </p>
      ) : state.status === 'failed' ? (
        <div className="space-y-3">
          <Notice tone="error">{state.message}</Notice>
          <button type="button" className={toolLink} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : (
        occasion.sittings.map((sitting) => (
          <OccasionSittingSection
            key={sitting.id}
            occasion={occasion}
            ticketed={ticketed}
            date={date}
            sitting={sitting}
            bookings={state.day.bookings}
            prep={state.day.prep?.sittings.find((prep) => prep.sittingId === sitting.id)}
            closure={state.day.closures.find((closure) => closure.sittingId === sitting.id)}
            bookHref={`${here}&task=book&sitting=${encodeURIComponent(sitting.id)}`}
            sheetsHref={api.sheetsUrl(occasion.slug, date, sitting.id)}
            actions={actions}
            closures={
              can('POST /api/admin/occasions/:slug/closures')
                ? { onClose: (chosen) => setAsked({ kind: 'close', sitting: chosen }), onReopen: reopen }
                : undefined
            }
          />
        ))
      )}

      <ConfirmDialog
        subject={asked?.kind === 'cancel' ? asked.booking : null}
        onKeep={() => setAsked(null)}
        className={tallDialog}
      >
        {(booking) => (
          <CancelOccasionBookingQuestion occasion={occasion} booking={booking} onCancelled={finished} />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        subject={asked?.kind === 'diner' ? asked.subject : null}
        onKeep={() => setAsked(null)}
        className={tallDialog}
      >
        {(subject) => (
          <DinerDishesQuestion
            occasion={occasion}
            subject={subject}
            onSaved={(name) => finished(WORDS.dinerSaved(name))}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        subject={asked?.kind === 'party' ? asked.booking : null}
        onKeep={() => setAsked(null)}
        className={tallDialog}
      >
        {(booking) => <ChangePartyQuestion occasion={occasion} booking={booking} onChanged={finished} />}
      </ConfirmDialog>
      <ConfirmDialog
        subject={asked?.kind === 'remove-diner' ? asked.subject : null}
        onKeep={() => setAsked(null)}
      >
        {(subject) => <RemoveDinerQuestion occasion={occasion} subject={subject} onRemoved={finished} />}
      </ConfirmDialog>
      {asked?.kind === 'close' ? (
        <Suspense fallback={null}>
          <CloseOccasionSittingDialog
            slug={occasion.slug}
            date={date}
            sitting={asked.sitting}
            onKeep={() => setAsked(null)}
            onClosed={() => finished(WORDS.closed(asked.sitting.label))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
