import { type FormEvent, useId, useRef, useState } from 'react';
import { partyText } from '#shared/booking/party.ts';
import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';
import {
  countOf,
  countsFromSelections,
  type DishCounts,
  preOrderLines,
  selectionsFromCounts,
} from '#shared/christmas/courses.ts';
import { CHEESE_BOARD_ID, COURSES, type Course } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MANAGE_MESSAGES, refundDeadlineText } from '#shared/christmas/manage.ts';
import type { ManagedChristmasBooking } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { type ChristmasField, checkChristmasCourses } from '#shared/christmas/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';
import { failureText } from '#web/lib/api.ts';
import { useVenue } from '../content/site-content.tsx';
import { useAnnouncement } from '../manage/announcement.tsx';
import { ComingPanel, useAskComing } from '../manage/coming-panel.tsx';
import { latestAfterStaleChange } from '../manage/stale-change.ts';
import * as api from './api.ts';
import { CoursePicker } from './course-picker.tsx';

const FAILURE = 'Sorry, that did not go through. Please try again, or call us.';

type Booking = ManagedChristmasBooking['booking'];

/** The booking as its confirmation e-mail showed it. */
function Details({ booking, season }: { booking: Booking; season: ChristmasSeason }) {
  const rows: [string, string][] = [
    ['Reference', booking.reference],
    ['Date', formatLongDate(season.date)],
    ['Sitting', booking.sittingLabel],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Pre-order', preOrderLines(booking.selections, season).join('\n')],
  ];
  if (booking.source === 'online' || booking.depositPaidPence > 0) {
    rows.push(['Deposit paid', formatMoney(booking.depositPaidPence)]);
  }
  rows.push(
    ['Total for your party', formatMoney(booking.totalPence)],
    ['Balance due on the day', formatMoney(booking.balanceDuePence)],
  );
  if (booking.allergies) rows.push(['Allergies', booking.allergies]);
  if (booking.occasionNotes) rows.push(['Occasion', booking.occasionNotes]);
  if (booking.specialNotes) rows.push(['Your notes', booking.specialNotes]);
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="sm:contents">
          <dt className="font-semibold text-green-900">{term}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface NoteValues {
  allergies: string;
  occasionNotes: string;
  specialNotes: string;
}

function ChangeForm({
  token,
  booking,
  season,
  onSaved,
  onStale,
  onKeep,
}: {
  token: string;
  booking: Booking;
  season: ChristmasSeason;
  onSaved: (managed: ManagedChristmasBooking) => void;
  /** Another tab changed the order first: the order as it stands, and the server's message. */
  onStale: (latest: ManagedChristmasBooking, message: string) => void;
  onKeep: () => void;
}) {
  const id = useId();
  const [counts, setCounts] = useState<DishCounts>(() => countsFromSelections(booking.selections));
  const [notes, setNotes] = useState<NoteValues>({
    allergies: booking.allergies,
    occasionNotes: booking.occasionNotes,
    specialNotes: booking.specialNotes,
  });
  const [problem, setProblem] = useState<{ message: string; field: ChristmasField | null } | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const selections = selectionsFromCounts(counts);
  const supplement = poundsToPence(season.prices.cheeseBoardSupplement);
  const boards = (chosen: typeof selections) => countOf(chosen, 'desserts', CHEESE_BOARD_ID);
  const balance = booking.balanceDuePence + (boards(selections) - boards(booking.selections)) * supplement;
  const errorId = `${id}-error`;
  const courseId = (course: Course) => `${id}-${course}`;

  function setCount(course: Course, item: string, count: number) {
    setCounts((current) => ({ ...current, [course]: { ...current[course], [item]: Math.max(0, count) } }));
    setProblem(null);
  }

  function updateNote(name: keyof NoteValues, value: string) {
    setNotes((current) => ({ ...current, [name]: value }));
    setProblem(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkChristmasCourses(selections, booking.partySize, season);
    if (found) {
      setProblem({ message: found.message, field: found.field });
      formRef.current
        ?.querySelector<HTMLElement>(`#${CSS.escape(courseId(found.field as Course))} button:not(:disabled)`)
        ?.focus();
      return;
    }
    setSending(true);
    try {
      onSaved(
        await api.changeManagedChristmasBooking(token, {
          selections,
          allergies: notes.allergies.trim(),
          occasionNotes: notes.occasionNotes.trim(),
          specialNotes: notes.specialNotes.trim(),
          version: booking.updatedAt,
        }),
      );
    } catch (failure) {
      const latest = latestAfterStaleChange<ManagedChristmasBooking>(failure);
      if (latest) {
        onStale(latest, failureText(failure, FAILURE));
        return;
      }
      setProblem({ message: failureText(failure, FAILURE), field: null });
      setSending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Change your order" className="space-y-6">
      <p className="text-ink-soft">
        {partyText(booking.partyAdults, booking.partyChildren)}: one main for every guest; starters and
        desserts are up to one each.
      </p>
      {COURSES.map((course) => (
        <div key={course} id={courseId(course)}>
          <CoursePicker
            course={course}
            dishes={season.menu[course]}
            counts={counts[course]}
            guests={booking.partySize}
            supplement={season.prices.cheeseBoardSupplement}
            invalid={problem?.field === course}
            describedBy={problem?.field === course ? errorId : undefined}
            onChange={(item, count) => setCount(course, item, count)}
          />
        </div>
      ))}
      <TextAreaField
        id={`${id}-allergies`}
        label="Allergies"
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.allergies}
        value={notes.allergies}
        hint="Please tell us about any allergies or intolerances, and who they are for."
        onValue={(value) => updateNote('allergies', value)}
      />
      <TextField
        id={`${id}-occasion`}
        label="Occasion Notes"
        maxLength={BOOKING_FIELD_LIMITS.occasionNotes}
        value={notes.occasionNotes}
        onValue={(value) => updateNote('occasionNotes', value)}
      />
      <TextAreaField
        id={`${id}-notes`}
        label="Special Notes"
        rows={3}
        maxLength={BOOKING_FIELD_LIMITS.specialNotes}
        value={notes.specialNotes}
        onValue={(value) => updateNote('specialNotes', value)}
      />
      <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-green-800 px-4 py-3 text-cream-50">
        <span>Balance due on the day</span>
        <strong className="font-serif text-2xl tabular-nums text-brass-300">{formatMoney(balance)}</strong>
      </p>
      {problem ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
        >
          {problem.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-dark" disabled={sending}>
          {sending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn-outline" onClick={onKeep}>
          Keep as it was
        </button>
      </div>
    </form>
  );
}

/** What a cancellation does, or did, with the deposit, in the guest's words. */
function depositText(managed: ManagedChristmasBooking, season: ChristmasSeason): string | null {
  const { booking, depositOnCancel } = managed;
  if (depositOnCancel === 'refund') {
    return CHRISTMAS_MANAGE_MESSAGES.depositRefunded(booking.depositPaidPence, refundDeadlineText(season));
  }
  if (depositOnCancel === 'keep') {
    return CHRISTMAS_MANAGE_MESSAGES.depositKept(booking.depositPaidPence, refundDeadlineText(season));
  }
  return null;
}

/** Just cancelled: what became of the deposit, and the e-mail on its way. */
function cancelledText(booking: Booking): string {
  if (booking.refundPence !== null) return CHRISTMAS_MANAGE_MESSAGES.cancelledRefund(booking.refundPence);
  if (booking.depositPaidPence > 0) return CHRISTMAS_MANAGE_MESSAGES.cancelledKept(booking.depositPaidPence);
  return MANAGE_MESSAGES.cancelled;
}

/** Cancelled before: said again whenever the page is opened. */
function wasCancelledText(booking: Booking): string {
  const deposit =
    booking.refundPence !== null
      ? CHRISTMAS_MANAGE_MESSAGES.refundLine(booking.refundPence)
      : booking.depositPaidPence > 0
        ? CHRISTMAS_MANAGE_MESSAGES.keptLine(booking.depositPaidPence)
        : '';
  return [MANAGE_MESSAGES.alreadyCancelled, deposit].filter(Boolean).join(' ');
}

/**
 * A guest's own Christmas Day booking (/christmas/manage/:token, issue 18): see it as the confirmation showed
 * it, change the dishes, allergies and notes until online orders close, cancel until the sitting starts,
 * told before confirming whether the deposit is refunded or kept.
 */
export function ManageChristmasBooking({
  token,
  initial,
  season,
}: {
  token: string;
  initial: ManagedChristmasBooking;
  season: ChristmasSeason;
}) {
  const venue = useVenue();
  const askComing = useAskComing();
  const titleId = useId();
  const [managed, setManaged] = useState(initial);
  const [mode, setMode] = useState<'view' | 'change'>('view');
  const [asking, setAsking] = useState(false);
  const announcement = useAnnouncement();
  const { notice, announce } = announcement;
  const [sending, setSending] = useState(false);
  const { booking, changeable, cancellable } = managed;
  const cancelled = booking.status === 'CANCELLED';
  const deposit = depositText(managed, season);
  const phone = (
    <a href={telephoneHref(venue.phone)} className="link whitespace-nowrap">
      {venue.phone}
    </a>
  );

  async function confirmComing(): Promise<boolean> {
    try {
      setManaged(await api.confirmChristmasComing(token));
      announce({ tone: 'success', text: COMING_MESSAGES.thanks });
      return true;
    } catch (failure) {
      announce({ tone: 'error', text: failureText(failure, FAILURE) });
      return false;
    }
  }

  async function cancel() {
    setSending(true);
    try {
      const answer = await api.cancelManagedChristmasBooking(token);
      setManaged(answer);
      setAsking(false);
      announce({ tone: 'success', text: cancelledText(answer.booking) });
    } catch (failure) {
      setAsking(false);
      announce({ tone: 'error', text: failureText(failure, FAILURE) });
    }
    setSending(false);
  }

  return (
    <div className="space-y-6">
      {announcement.view}
      {cancelled && !notice ? (
        <p className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
          {wasCancelledText(booking)}
        </p>
      ) : null}
      {mode === 'change' ? (
        <ChangeForm
          // A new version of the order starts the form afresh from it.
          key={booking.updatedAt}
          token={token}
          booking={booking}
          season={season}
          onSaved={(saved) => {
            setManaged(saved);
            setMode('view');
            announce({ tone: 'success', text: CHRISTMAS_MANAGE_MESSAGES.changed });
          }}
          onStale={(latest, message) => {
            setManaged(latest);
            announce({ tone: 'error', text: message });
          }}
          onKeep={() => setMode('view')}
        />
      ) : (
        <>
          {askComing && !cancelled && cancellable ? (
            <ComingPanel confirmed={booking.comingConfirmedAt !== null} onConfirm={confirmComing} />
          ) : null}
          <Details booking={booking} season={season} />
          {!cancelled && !cancellable ? (
            <p className="text-ink-soft">{CHRISTMAS_MANAGE_MESSAGES.sittingStarted}</p>
          ) : null}
          {!cancelled && cancellable && !changeable ? (
            <p className="text-ink-soft">{CHRISTMAS_MANAGE_MESSAGES.changesClosed(venue.phone)}</p>
          ) : null}
          {!cancelled && (changeable || cancellable) ? (
            <div className="flex flex-wrap gap-3">
              {changeable ? (
                <button type="button" className="btn-dark" onClick={() => setMode('change')}>
                  Change dishes &amp; notes
                </button>
              ) : null}
              {cancellable ? (
                <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
                  Cancel booking
                </button>
              ) : null}
              <a href={api.managedChristmasCalendarPath(token)} download className="btn-outline">
                {MANAGE_MESSAGES.addToCalendar}
              </a>
            </div>
          ) : null}
        </>
      )}
      {cancelled ? null : (
        <p className="text-ink-soft">
          {CHRISTMAS_MANAGE_MESSAGES.partyByPhone} {phone}.
        </p>
      )}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        labelledBy={titleId}
        className="w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-2xl"
      >
        <h2 id={titleId} className="font-serif text-2xl">
          {CHRISTMAS_MANAGE_MESSAGES.cancelQuestion}
        </h2>
        <p className="mt-3">
          Your table for {partyText(booking.partyAdults, booking.partyChildren)} on{' '}
          {formatLongDate(season.date)}, {booking.sittingLabel} (reference {booking.reference}).
        </p>
        {deposit ? (
          <p className="mt-3 rounded-lg border-l-4 border-brass-500 bg-brass-300/25 px-4 py-3 font-semibold text-green-900">
            {deposit}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-dark" onClick={cancel} disabled={sending}>
            {sending ? 'Cancelling…' : MANAGE_MESSAGES.yesCancel}
          </button>
          <button type="button" className="btn-outline" onClick={() => setAsking(false)}>
            {MANAGE_MESSAGES.keep}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
