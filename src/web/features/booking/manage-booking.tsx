import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { MAX_ONLINE_PARTY } from '../../../shared/booking/online-limit.ts';
import { guestCountFromInput, partySize, partyText } from '../../../shared/booking/party.ts';
import { serviceLabel } from '../../../shared/booking/rules.ts';
import type { ManagedBooking } from '../../../shared/booking/schemas.ts';
import { checkBooking } from '../../../shared/booking/validation.ts';
import { telephoneHref } from '../../../shared/content/venue.ts';
import { COMING_MESSAGES } from '../../../shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '../../../shared/manage/messages.ts';
import { formatLongDate, formatTime } from '../../../shared/time/london-time.ts';
import { Dialog } from '../../components/dialog.tsx';
import { TextAreaField, TextField } from '../../components/form-fields.tsx';
import { failureText } from '../../lib/api.ts';
import { useVenue } from '../content/site-content.tsx';
import { useAnnouncement } from '../manage/announcement.tsx';
import { ComingPanel, useAskComing } from '../manage/coming-panel.tsx';
import { latestAfterStaleChange } from '../manage/stale-change.ts';
import * as api from './api.ts';
import { type AvailabilityState, TimeSelect } from './time-select.tsx';

const FAILURE = 'Sorry, that did not go through. Please try again, or call us.';

type Booking = ManagedBooking['booking'];

function Details({ booking }: { booking: Booking }) {
  const rows: [string, string][] = [
    ['Reference', booking.reference],
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Name', booking.name],
    ...(booking.allergies ? ([['Allergies', booking.allergies]] as [string, string][]) : []),
    ...(booking.specialNotes ? ([['Your notes', booking.specialNotes]] as [string, string][]) : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-lg">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-green-900">{term}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ChangeValues {
  date: string;
  timeSlot: string;
  partyAdults: string;
  partyChildren: string;
  allergies: string;
  specialNotes: string;
}

function ChangeForm({
  token,
  booking,
  onSaved,
  onStale,
  onKeep,
}: {
  token: string;
  booking: Booking;
  onSaved: (managed: ManagedBooking) => void;
  /** Another tab changed the booking first: the booking as it stands, and the server's message. */
  onStale: (latest: ManagedBooking, message: string) => void;
  onKeep: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<ChangeValues>({
    date: booking.date,
    timeSlot: booking.timeSlot,
    partyAdults: String(booking.partyAdults),
    partyChildren: String(booking.partyChildren),
    allergies: booking.allergies,
    specialNotes: booking.specialNotes,
  });
  const [availability, setAvailability] = useState<AvailabilityState>({ status: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const guests = partySize(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );
  const coversFor = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;

  useEffect(() => {
    if (!values.date) return;
    let current = true;
    setAvailability({ status: 'loading' });
    api.managedAvailability(token, values.date, coversFor).then(
      (slots) => current && setAvailability({ status: 'ready', slots }),
      () => current && setAvailability({ status: 'ready', slots: [] }),
    );
    return () => {
      current = false;
    };
  }, [token, values.date, coversFor]);

  function update(name: keyof ChangeValues, value: string) {
    setValues((previous) => ({ ...previous, [name]: value, ...(name === 'date' ? { timeSlot: '' } : {}) }));
    setProblem(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = {
      date: values.date,
      timeSlot: values.timeSlot,
      partyAdults: guestCountFromInput(values.partyAdults),
      partyChildren: guestCountFromInput(values.partyChildren),
      allergies: values.allergies.trim(),
      specialNotes: values.specialNotes.trim(),
    };
    const slots = availability.status === 'ready' ? availability.slots : [];
    const found = checkBooking({ ...booking, ...change, website: '' }, slots);
    if (found) {
      setProblem(found.message);
      return;
    }
    setSending(true);
    try {
      onSaved(await api.changeManagedBooking(token, { ...change, version: booking.updatedAt }));
    } catch (failure) {
      const latest = latestAfterStaleChange<ManagedBooking>(failure);
      if (latest) {
        onStale(latest, failureText(failure, FAILURE));
        return;
      }
      setProblem(failureText(failure, FAILURE));
      setSending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} aria-label="Change booking" className="space-y-5">
      <div className="grid grid-cols-2 gap-5">
        <TextField
          id={`${id}-adults`}
          label="Adults"
          required
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_ONLINE_PARTY}
          value={values.partyAdults}
          onValue={(value) => update('partyAdults', value)}
        />
        <TextField
          id={`${id}-children`}
          label="Children"
          required
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_ONLINE_PARTY}
          value={values.partyChildren}
          onValue={(value) => update('partyChildren', value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-date`}
          label="Date"
          required
          type="date"
          value={values.date}
          onValue={(value) => update('date', value)}
        />
        <div>
          <label htmlFor={`${id}-time`} className="field-label">
            Time <span aria-hidden="true">*</span>
          </label>
          <TimeSelect
            id={`${id}-time`}
            date={values.date}
            monday={false}
            value={values.timeSlot}
            availability={availability}
            guests={coversFor ?? 1}
            invalid={false}
            onChange={(time) => update('timeSlot', time)}
          />
        </div>
      </div>
      <TextAreaField
        id={`${id}-allergies`}
        label="Allergies"
        rows={2}
        value={values.allergies}
        onValue={(value) => update('allergies', value)}
      />
      <TextAreaField
        id={`${id}-notes`}
        label="Special notes"
        rows={2}
        value={values.specialNotes}
        onValue={(value) => update('specialNotes', value)}
      />
      {problem ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-dark" disabled={sending || !values.timeSlot}>
          {sending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn-outline" onClick={onKeep}>
          Keep as it was
        </button>
      </div>
    </form>
  );
}

/**
 * A guest's own booking (/bookings/manage/:token, issue 18): see it, change it, cancel it. Opened from the
 * reminder's "Yes, we're coming" (`?coming=yes`), it asks for the tap that tells the pub to expect them.
 */
export function ManageBooking({ token, initial }: { token: string; initial: ManagedBooking }) {
  const venue = useVenue();
  const askComing = useAskComing();
  const [managed, setManaged] = useState(initial);
  const [mode, setMode] = useState<'view' | 'change'>('view');
  const [asking, setAsking] = useState(false);
  const announcement = useAnnouncement();
  const { notice, announce } = announcement;
  const [sending, setSending] = useState(false);
  const { booking, started } = managed;
  const cancelled = booking.status === 'CANCELLED';

  async function confirmComing(): Promise<boolean> {
    try {
      setManaged(await api.confirmComing(token));
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
      setManaged(await api.cancelManagedBooking(token));
      setAsking(false);
      announce({ tone: 'success', text: MANAGE_MESSAGES.cancelled });
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
          {MANAGE_MESSAGES.alreadyCancelled}
        </p>
      ) : null}
      {mode === 'change' && !cancelled && !started ? (
        <ChangeForm
          // A new version of the booking starts the form afresh from it.
          key={booking.updatedAt}
          token={token}
          booking={booking}
          onSaved={(saved) => {
            setManaged(saved);
            setMode('view');
            announce({ tone: 'success', text: MANAGE_MESSAGES.changed });
          }}
          onStale={(latest, message) => {
            setManaged(latest);
            announce({ tone: 'error', text: message });
          }}
          onKeep={() => setMode('view')}
        />
      ) : (
        <>
          {askComing && !cancelled && !started ? (
            <ComingPanel confirmed={booking.comingConfirmedAt !== null} onConfirm={confirmComing} />
          ) : null}
          <Details booking={booking} />
          {cancelled ? null : started ? (
            <p className="text-ink-soft">{MANAGE_MESSAGES.tooLateToChange}</p>
          ) : (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-dark" onClick={() => setMode('change')}>
                Change booking
              </button>
              <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
                Cancel booking
              </button>
              <a href={api.managedBookingCalendarPath(token)} download className="btn-outline">
                {MANAGE_MESSAGES.addToCalendar}
              </a>
            </div>
          )}
        </>
      )}
      <p className="text-ink-soft">
        Questions, or a party larger than {MAX_ONLINE_PARTY}? Call us on{' '}
        <a href={telephoneHref(venue.phone)} className="link">
          {venue.phone}
        </a>
        .
      </p>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        labelledBy="cancel-booking-title"
        className="w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-2xl"
      >
        <h2 id="cancel-booking-title" className="font-serif text-2xl">
          {MANAGE_MESSAGES.cancelQuestion}
        </h2>
        <p className="mt-3">
          Your table for {partyText(booking.partyAdults, booking.partyChildren)} on{' '}
          {formatLongDate(booking.date)} at {formatTime(booking.timeSlot)} (reference {booking.reference}).
        </p>
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

/** An unknown or expired link: the same page either way, with the pub's phone. */
export function ManagedBookingNotFound() {
  const venue = useVenue();
  return (
    <div className="text-center">
      <h1 className="font-serif text-4xl">{MANAGE_MESSAGES.notFound}</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-soft">{MANAGE_MESSAGES.notFoundDetail}</p>
      <p className="mt-6 text-lg">
        <a href={telephoneHref(venue.phone)} className="link font-semibold">
          Call us on {venue.phone}
        </a>
      </p>
      <Link to="/bookings" className="btn-dark mt-8">
        Book a table
      </Link>
    </div>
  );
}
