import { useCallback, useEffect, useState } from 'react';
import {
  ARRIVAL_MESSAGES,
  ARRIVAL_STEP_FIELDS,
  ARRIVAL_STEP_LABELS,
  type ArrivalStep,
  type ArrivalSubject,
  currentStep,
  offeredSteps,
  stepTime,
} from '#shared/tables/arrivals.ts';
import type { TablesDayBooking } from '#shared/tables/day.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { failureText } from '#web/lib/api.ts';
import * as nightApi from './night-api.ts';

/** How often the buttons look at the clock again: a no-show becomes due while the drawer is open. */
const CLOCK_TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function subjectOf(booking: TablesDayBooking, date: string): ArrivalSubject {
  return {
    date,
    timeSlot: booking.timeSlot,
    status: booking.status,
    times: {
      arrivedAt: booking.arrivedAt,
      seatedAt: booking.seatedAt,
      leftAt: booking.leftAt,
      noShowAt: booking.noShowAt,
    },
  };
}

/**
 * The night's steps for one booking of today or before (issue 28), in the booking drawer: where the party is
 * (with its time and tables), a button for each step that makes sense now (no-show only once it is due), and
 * "Undo" for the last step set by mistake.
 */
export function ArrivalButtons({
  bookingId,
  date,
  onMarked,
}: {
  bookingId: string;
  date: string;
  /** A step marked or undone: what hangs on it (a no-show's fee) may have changed. */
  onMarked?: () => void;
}) {
  const now = useNow();
  const fetchBooking = useCallback(async () => {
    const day = await nightApi.tablesDay(date);
    return { booking: day.bookings.find((each) => each.id === bookingId) ?? null, day };
  }, [bookingId, date]);
  const { load, setLoad } = useLoaded(fetchBooking, ARRIVAL_MESSAGES.failure);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  if (date > londonToday(now)) return null;

  async function mark(step: ArrivalStep, undo = false) {
    setWorking(true);
    setError('');
    try {
      const booking = await nightApi.markArrival(bookingId, undo ? { step, undo } : { step });
      setLoad((current) => (current.status === 'ready' ? { ...current, booking } : current));
      onMarked?.();
    } catch (failure) {
      setError(failureText(failure, ARRIVAL_MESSAGES.failure));
    } finally {
      setWorking(false);
    }
  }

  return (
    <section aria-labelledby="arrival-title" className="space-y-3">
      <h3 id="arrival-title" className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
        Tonight
      </h3>
      <LoadGate load={load} loadingText="Loading arrival…">
        {({ booking, day }) => {
          if (!booking) return null;
          const subject = subjectOf(booking, day.date);
          const tableNames = booking.tables.map(
            (id) => day.layout.tables.find((table) => table.id === id)?.name ?? id,
          );
          const step = currentStep(subject.times);
          const moment = step ? booking[ARRIVAL_STEP_FIELDS[step]] : null;
          const steps = offeredSteps(subject, now, day.layout.noShowAfterMinutes);
          return (
            <>
              <p className="text-lg" aria-live="polite">
                {step && moment ? (
                  <>
                    <strong>{ARRIVAL_STEP_LABELS[step]}</strong> {stepTime(moment)}
                  </>
                ) : (
                  'Not arrived yet'
                )}
                {tableNames.length > 0 && step !== 'no-show' ? (
                  <span className="text-ink-soft"> · {tableNames.join(' + ')}</span>
                ) : null}
              </p>
              {error ? <Notice tone="error">{error}</Notice> : null}
              <div className="flex flex-wrap gap-2">
                {steps.map((offered) => (
                  <button
                    key={offered}
                    type="button"
                    disabled={working}
                    onClick={() => void mark(offered)}
                    className={`${offered === 'no-show' ? 'btn-outline' : 'btn-dark'} min-h-11 px-5 py-2`}
                  >
                    {ARRIVAL_STEP_LABELS[offered]}
                  </button>
                ))}
                {step ? (
                  <button
                    type="button"
                    disabled={working}
                    onClick={() => void mark(step, true)}
                    className="btn-outline min-h-11 px-4 py-2 text-sm"
                  >
                    Undo {ARRIVAL_STEP_LABELS[step].toLowerCase()}
                  </button>
                ) : null}
              </div>
            </>
          );
        }}
      </LoadGate>
    </section>
  );
}
