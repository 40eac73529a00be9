import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { CapacityMode } from '#shared/tables/layout.ts';
import type { TablesSwitchAnswer, UnplacedBooking } from '#shared/tables/setup-schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ConfirmDialog, ConfirmForm, nothingToCheck } from '#web/components/confirm-dialog.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError, failureText } from '#web/lib/api.ts';
import * as setupApi from './setup-api.ts';

export const SWITCH_PANEL_MESSAGES = {
  allFit: (count: number) =>
    count === 0
      ? 'There are no future bookings to place.'
      : count === 1
        ? 'The one future booking has a table.'
        : `All ${count} future bookings have a table.`,
  someDoNotFit: (unplaced: number, count: number) =>
    `${unplaced} of ${plural(count, 'future booking', 'future bookings')} would have no table. Place or change ${unplaced === 1 ? 'it' : 'them'} on its day, then check again.`,
  toTables: 'Capacity is now counted by these tables. Every future booking has its table.',
  toCovers: 'Capacity is counted by covers again. The bookings keep their tables, unused.',
  checkFailure: 'Could not check the future bookings. Please try again.',
  switchFailure: 'Could not switch. Please try again.',
} as const;

type Asked = { to: 'tables'; bookings: number } | { to: 'covers' };

function UnplacedList({ unplaced }: { unplaced: readonly UnplacedBooking[] }) {
  return (
    <ul aria-label="Bookings without a table" className="mt-3 space-y-2">
      {unplaced.map((booking) => (
        <li key={booking.reference}>
          <Link
            to={`/admin/bookings?date=${booking.date}`}
            className="inline-flex min-h-11 items-center font-semibold text-green-800 underline"
          >
            {booking.name}, {plural(booking.guests, 'guest', 'guests')}, {formatTime(booking.timeSlot)}{' '}
            {formatLongDate(booking.date)} ({booking.reference})
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SwitchQuestion({
  asked,
  onSwitched,
  onRefused,
}: {
  asked: Asked;
  onSwitched: (answer: TablesSwitchAnswer) => void;
  onRefused: (error: unknown) => void;
}) {
  const question = useSiteForm({
    defaultValues: {},
    validate: nothingToCheck(),
    send: async () => {
      try {
        onSwitched(await setupApi.switchCapacity({ to: asked.to, dryRun: false }));
      } catch (error) {
        onRefused(error);
        throw error;
      }
    },
    failure: SWITCH_PANEL_MESSAGES.switchFailure,
  });
  return asked.to === 'tables' ? (
    <ConfirmForm
      form={question}
      title="Switch to tables mode?"
      confirmLabel="Switch to tables mode"
      busyLabel="Switching…"
      keepLabel="Keep covers"
    >
      <p className="mt-2 text-lg text-green-900">
        {SWITCH_PANEL_MESSAGES.allFit(asked.bookings)} From now on a booking is taken only when a table or
        join is free for it.
      </p>
    </ConfirmForm>
  ) : (
    <ConfirmForm
      form={question}
      title="Go back to covers?"
      confirmLabel="Go back to covers"
      busyLabel="Switching…"
      keepLabel="Keep tables"
    >
      <p className="mt-2 text-lg text-green-900">
        Capacity will be counted by covers (the booking settings). The bookings keep their tables, unused.
      </p>
    </ConfirmForm>
  );
}

/**
 * The switch between covers and tables mode (issue 28), for managers: to tables, a dry run first shows the
 * future bookings that would have no table (each a link to its day), and only when all fit is the switch asked
 * for; back to covers after a question.
 */
export function SwitchPanel({ mode: savedMode }: { mode: CapacityMode }) {
  const canUse = useCanUse();
  const [mode, setMode] = useState(savedMode);
  const [checking, setChecking] = useState(false);
  const [unplaced, setUnplaced] = useState<{ list: UnplacedBooking[]; bookings: number } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  if (!canUse('POST /api/admin/tables/switch')) return null;

  async function check() {
    setChecking(true);
    setOutcome(null);
    setUnplaced(null);
    try {
      const dry = await setupApi.switchCapacity({ to: 'tables', dryRun: true });
      if (dry.unplaced.length > 0) setUnplaced({ list: dry.unplaced, bookings: dry.bookings });
      else setAsked({ to: 'tables', bookings: dry.bookings });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, SWITCH_PANEL_MESSAGES.checkFailure) });
    } finally {
      setChecking(false);
    }
  }

  function switched(answer: TablesSwitchAnswer) {
    setAsked(null);
    setMode(answer.mode);
    setUnplaced(null);
    setOutcome({
      tone: 'success',
      text: answer.mode === 'tables' ? SWITCH_PANEL_MESSAGES.toTables : SWITCH_PANEL_MESSAGES.toCovers,
    });
  }

  function refused(error: unknown) {
    // A booking made since the check that does not fit: the switch answers the list.
    const answer = error instanceof ApiError ? (error.answer as { unplaced?: UnplacedBooking[] }) : undefined;
    if (answer?.unplaced) setUnplaced({ list: answer.unplaced, bookings: answer.unplaced.length });
  }

  return (
    <section aria-labelledby="switch-title" className="card space-y-4 p-5">
      <h2 id="switch-title" className="font-serif text-2xl">
        {mode === 'tables' ? 'Tables mode' : 'Switch to tables mode'}
      </h2>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {mode === 'covers' ? (
        <>
          <p className="text-ink-soft">
            Every future booking is given a table first. If any would have none, they are listed here and
            nothing changes.
          </p>
          <button
            type="button"
            className="btn-dark min-h-12"
            disabled={checking}
            onClick={() => void check()}
          >
            {checking ? 'Checking the bookings…' : 'Switch to tables mode'}
          </button>
        </>
      ) : (
        <button type="button" className="btn-outline min-h-12" onClick={() => setAsked({ to: 'covers' })}>
          Go back to covers
        </button>
      )}
      {unplaced ? (
        <div role="alert" className="rounded-lg border-l-4 border-burgundy-700 bg-cream-100 px-4 py-3">
          <p className="text-lg text-green-900">
            {SWITCH_PANEL_MESSAGES.someDoNotFit(unplaced.list.length, unplaced.bookings)}
          </p>
          <UnplacedList unplaced={unplaced.list} />
        </div>
      ) : null}
      {/* The panel stands inside the settings editor's form: its question, a form of its own, goes outside it in
          the page, and its submit stops here rather than also saving the editor's draft. */}
      {asked
        ? createPortal(
            <div onSubmit={(event) => event.stopPropagation()}>
              <ConfirmDialog subject={asked} onKeep={() => setAsked(null)}>
                {(subject) => (
                  <SwitchQuestion
                    key={subject.to}
                    asked={subject}
                    onSwitched={switched}
                    onRefused={refused}
                  />
                )}
              </ConfirmDialog>
            </div>,
            document.body,
          )
        : null}
    </section>
  );
}
