import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { guestCountFromInput, partySize, partyText } from '../../../../shared/booking/party.ts';
import { serviceLabel } from '../../../../shared/booking/rules.ts';
import type { StaffBookingRequest, StoredBooking } from '../../../../shared/booking/schemas.ts';
import {
  BOOKING_SOURCE_LABELS,
  STAFF_BOOKING_SOURCES,
  type StaffBookingSource,
} from '../../../../shared/booking/status.ts';
import {
  BOOKING_FIELD_LIMITS,
  BOOKING_MESSAGES,
  checkStaffBooking,
  STAFF_BOOKING_MESSAGES,
} from '../../../../shared/booking/validation.ts';
import { plural } from '../../../../shared/text/plural.ts';
import {
  formatLongDate,
  formatTime,
  isRealIsoDate,
  londonToday,
} from '../../../../shared/time/london-time.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { ApiError, failureText } from '../../../lib/api.ts';
import { useAdminTitle } from '../../staff/admin-layout.tsx';
import { Notice } from '../../staff/notice.tsx';
import {
  BookingNotesFields,
  type BookingNotesValues,
  EMPTY_BOOKING_NOTES,
} from '../booking-notes-fields.tsx';
import * as api from './api.ts';
import { NotifyGuestCheckbox } from './notify-guest-checkbox.tsx';
import { bookAnywayReason, StaffTimeField, useStaffSlots } from './staff-time-select.tsx';

const FAILURE = 'Could not save the booking. Please try again.';

interface FormValues {
  source: StaffBookingSource;
  date: string;
  partyAdults: string;
  partyChildren: string;
  timeSlot: string;
  name: string;
  phone: string;
  email: string;
  notes: BookingNotesValues;
  notifyGuest: boolean;
  bookAnyway: boolean;
}

function emptyForm(date: string): FormValues {
  return {
    source: 'phone',
    date,
    partyAdults: '2',
    partyChildren: '0',
    timeSlot: '',
    name: '',
    phone: '',
    email: '',
    notes: EMPTY_BOOKING_NOTES,
    notifyGuest: true,
    bookAnyway: false,
  };
}

/**
 * A booking started from a link, such as an enquiry's "Start a booking": the guest, the party (as adults), how
 * it came and the notes filled in from the query; anything missing or unusable is left as on a new form.
 */
function linkedForm(params: URLSearchParams, date: string): FormValues {
  const form = emptyForm(date);
  const source = STAFF_BOOKING_SOURCES.find((candidate) => candidate === params.get('source'));
  const party = params.get('party') ?? '';
  return {
    ...form,
    source: source ?? form.source,
    partyAdults: /^\d{1,3}$/.test(party) ? party : form.partyAdults,
    name: params.get('name') ?? '',
    phone: params.get('phone') ?? '',
    email: params.get('email') ?? '',
    notes: { ...form.notes, specialNotes: params.get('notes') ?? '' },
  };
}

type Field = 'name' | 'phone' | 'email' | 'date' | 'timeSlot' | 'partyAdults' | 'bookAnyway';

/** Which field a refusal of checkStaffBooking is about, so it can be marked and focused. */
const FIELD_OF_MESSAGE: Partial<Record<string, Field>> = {
  [BOOKING_MESSAGES.name]: 'name',
  [STAFF_BOOKING_MESSAGES.contact]: 'phone',
  [BOOKING_MESSAGES.email]: 'email',
  [BOOKING_MESSAGES.date]: 'date',
  [BOOKING_MESSAGES.time]: 'timeSlot',
  [BOOKING_MESSAGES.timeUnavailable]: 'timeSlot',
  [BOOKING_MESSAGES.partyEmpty]: 'partyAdults',
};

/** A change to any of these is a new question about covers: an earlier "Book anyway" no longer answers it. */
const SEATING_FIELDS: readonly (keyof FormValues)[] = ['date', 'timeSlot', 'partyAdults', 'partyChildren'];

interface Booked {
  booking: StoredBooking;
  emailed: boolean;
}

/**
 * A table booking staff take by phone, at the bar or from an e-mail (/admin/bookings/new?date=…): any party
 * size, any slot of the day, past the covers or into a closed slot only when they tick "Book anyway". A link
 * may fill in the guest too (`linkedForm`).
 */
export function NewBookingPage() {
  useAdminTitle('New booking');
  const [params] = useSearchParams();
  const requestedDate = params.get('date') ?? '';
  const startDate = isRealIsoDate(requestedDate) ? requestedDate : londonToday();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState<FormValues>(() => linkedForm(params, startDate));
  const [problem, setProblem] = useState<{ message: string; field?: Field } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);

  const guests = partySize(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );
  const party = Number.isInteger(guests) && guests >= 1 ? guests : undefined;
  const validDate = isRealIsoDate(values.date) ? values.date : '';
  const slotsLoad = useStaffSlots(validDate, { party });

  useEffect(() => {
    if (booked) bookedHeading.current?.focus();
  }, [booked]);

  const slots = slotsLoad.state.status === 'ready' ? slotsLoad.state.slots : [];
  const slot = slots.find((candidate) => candidate.time === values.timeSlot);
  const bookAnywayWhy = bookAnywayReason(slot, party, conflict);
  const needsBookAnyway = bookAnywayWhy !== '';
  const email = values.email.trim();

  function update<K extends keyof FormValues>(name: K, value: FormValues[K]) {
    const seating = SEATING_FIELDS.includes(name);
    setValues((current) => ({
      ...current,
      [name]: value,
      // A new date has other slots: the chosen time no longer applies.
      ...(name === 'date' ? { timeSlot: '' } : {}),
      ...(seating ? { bookAnyway: false } : {}),
    }));
    if (seating) setConflict(null);
    if (problem?.field === name || (seating && problem?.field === 'bookAnyway')) setProblem(null);
  }

  function focusField(field: Field) {
    document.getElementById(fieldId(field))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const { notes } = values;
    const payload: StaffBookingRequest = {
      source: values.source,
      name: values.name.trim(),
      phone: values.phone.trim(),
      email,
      date: values.date,
      timeSlot: values.timeSlot,
      partyAdults: guestCountFromInput(values.partyAdults),
      partyChildren: guestCountFromInput(values.partyChildren),
      eventSlug: null,
      hasAccessibilityNeeds: notes.hasAccessibilityNeeds,
      accessibilityNotes: notes.hasAccessibilityNeeds ? notes.accessibilityNotes.trim() : '',
      occasion: notes.occasion,
      occasionNotes: notes.occasionNotes.trim(),
      allergies: notes.allergies.trim(),
      specialNotes: notes.specialNotes.trim(),
      notifyGuest: values.notifyGuest && email !== '',
      overCapacity: needsBookAnyway && values.bookAnyway,
    };
    const found = checkStaffBooking(payload, slots);
    const unconfirmed = !found && needsBookAnyway && !values.bookAnyway;
    if (found || unconfirmed) {
      const field = found?.kind === 'invalid' ? FIELD_OF_MESSAGE[found.message] : 'bookAnyway';
      setProblem({ message: found?.message ?? bookAnywayWhy, field });
      if (field) focusField(field);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const booking = await api.createStaffBooking(payload);
      setBooked({ booking, emailed: payload.notifyGuest });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.fromServer) {
        // The covers went while staff were typing: the latest numbers, the server's word, and the box to tick.
        setConflict(error.message);
        setValues((current) => ({ ...current, bookAnyway: false }));
        slotsLoad.reload();
        requestAnimationFrame(() => focusField('bookAnyway'));
      } else {
        setProblem({ message: failureText(error, FAILURE) });
      }
    } finally {
      setSending(false);
    }
  }

  function takeAnother(date: string) {
    setValues(emptyForm(date));
    setBooked(null);
    setConflict(null);
    setProblem(null);
    // The booking just taken holds covers: the next one sees what is left now.
    slotsLoad.reload();
    requestAnimationFrame(() => pageHeading.current?.focus());
  }

  const dayHref = (date: string) => `/admin/bookings?date=${date}`;
  const invalid = (field: Field) => problem?.field === field;
  const errorId = fieldId('error');

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <p>
        <Link
          to={dayHref(booked?.booking.date ?? (validDate || startDate))}
          className="link inline-flex min-h-11 items-center text-sm"
        >
          ← Back to the day
        </Link>
      </p>
      <h1 ref={pageHeading} tabIndex={-1} className="font-serif text-3xl sm:text-4xl">
        New booking
      </h1>
      {booked ? (
        <BookedSummary
          booked={booked}
          headingRef={bookedHeading}
          dayHref={dayHref(booked.booking.date)}
          onAnother={() => takeAnother(booked.booking.date)}
        />
      ) : (
        <form noValidate onSubmit={submit} aria-label="New booking" className="card space-y-7 p-4 sm:p-6">
          <fieldset>
            <legend className="field-label">How it came</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {STAFF_BOOKING_SOURCES.map((source) => (
                <label key={source} className="relative">
                  <input
                    type="radio"
                    name={fieldId('source')}
                    value={source}
                    checked={values.source === source}
                    onChange={() => update('source', source)}
                    className="peer sr-only"
                  />
                  <span className="flex min-h-14 cursor-pointer items-center justify-center rounded-xl border-2 border-cream-300 bg-white px-3 text-lg font-semibold text-green-900 transition-colors peer-checked:border-green-800 peer-checked:bg-green-800 peer-checked:text-cream-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus-ring hover:border-green-700">
                    {BOOKING_SOURCE_LABELS[source]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">The table</legend>
            <TextField
              id={fieldId('date')}
              label="Date"
              required
              type="date"
              value={values.date}
              invalid={invalid('date')}
              errorId={errorId}
              onValue={(value) => update('date', value)}
            />
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <TextField
                id={fieldId('partyAdults')}
                label="Adults"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values.partyAdults}
                invalid={invalid('partyAdults')}
                errorId={errorId}
                onValue={(value) => update('partyAdults', value)}
              />
              <TextField
                id={fieldId('partyChildren')}
                label="Children"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values.partyChildren}
                onValue={(value) => update('partyChildren', value)}
              />
              <p
                className="col-span-2 self-end rounded-lg bg-cream-100 px-3.5 py-2.5 sm:col-span-1"
                aria-live="polite"
              >
                Total: <strong className="tabular-nums">{plural(party ?? 0, 'guest', 'guests')}</strong>
              </p>
            </div>
            <StaffTimeField
              id={fieldId('timeSlot')}
              bookAnywayId={fieldId('bookAnyway')}
              date={validDate}
              value={values.timeSlot}
              state={slotsLoad.state}
              guests={party ?? 1}
              invalid={invalid('timeSlot')}
              errorId={errorId}
              bookAnywayWhy={bookAnywayWhy}
              bookAnyway={values.bookAnyway}
              bookAnywayInvalid={invalid('bookAnyway')}
              onChange={(time) => update('timeSlot', time)}
              onBookAnywayChange={(bookAnyway) => {
                setValues((current) => ({ ...current, bookAnyway }));
                if (invalid('bookAnyway')) setProblem(null);
              }}
              onRetry={slotsLoad.reload}
            />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">The guest</legend>
            {/* Staff type the guest's details here, not their own: no autofill. */}
            <TextField
              id={fieldId('name')}
              label="Name"
              required
              autoComplete="off"
              maxLength={BOOKING_FIELD_LIMITS.name}
              value={values.name}
              invalid={invalid('name')}
              errorId={errorId}
              onValue={(value) => update('name', value)}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id={fieldId('phone')}
                label="Phone"
                type="tel"
                autoComplete="off"
                maxLength={BOOKING_FIELD_LIMITS.phone}
                value={values.phone}
                invalid={invalid('phone')}
                errorId={errorId}
                onValue={(value) => update('phone', value)}
              />
              <TextField
                id={fieldId('email')}
                label="Email"
                type="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={BOOKING_FIELD_LIMITS.email}
                value={values.email}
                invalid={invalid('email')}
                errorId={errorId}
                onValue={(value) => update('email', value)}
              />
            </div>
            <p className="-mt-2 text-sm text-ink-soft">A phone number or an e-mail address, or both.</p>
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Anything to note?</legend>
            <BookingNotesFields
              idOf={fieldId}
              values={values.notes}
              accessibilityLabel="Someone in the party has accessibility needs"
              onChange={(field, value) => update('notes', { ...values.notes, [field]: value })}
            />
          </fieldset>

          <div className="space-y-4 border-t border-cream-200 pt-5">
            <NotifyGuestCheckbox
              id={fieldId('notifyGuest')}
              label="E-mail the guest a confirmation"
              hint={
                email === ''
                  ? 'Add the guest’s e-mail address to send one.'
                  : `Sent to ${email} with the booking’s details.`
              }
              checked={values.notifyGuest}
              disabled={email === ''}
              onChange={(checked) => update('notifyGuest', checked)}
            />
            {problem ? (
              <div id={errorId}>
                <Notice tone="error">{problem.message}</Notice>
              </div>
            ) : null}
            <button type="submit" disabled={sending} className="btn-dark min-h-12 w-full text-lg sm:w-auto">
              {sending ? 'Adding…' : 'Add booking'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function BookedSummary({
  booked: { booking, emailed },
  headingRef,
  dayHref,
  onAnother,
}: {
  booked: Booked;
  headingRef: RefObject<HTMLHeadingElement | null>;
  dayHref: string;
  onAnother: () => void;
}) {
  const rows: [string, string][] = [
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    [
      'Party',
      `${plural(booking.partySize, 'guest', 'guests')} (${partyText(booking.partyAdults, booking.partyChildren)})`,
    ],
    ['Name', booking.name],
    ['Phone', booking.phone || '—'],
    ['Email', booking.email || '—'],
    ['How it came', BOOKING_SOURCE_LABELS[booking.source]],
  ];
  return (
    <section
      role="status"
      aria-labelledby={`booked-${booking._id}`}
      className="card border-2 border-green-700 p-5 sm:p-6"
    >
      <h2
        id={`booked-${booking._id}`}
        ref={headingRef}
        tabIndex={-1}
        className="font-serif text-2xl text-green-900 sm:text-3xl"
      >
        Booked: reference <span className="font-mono tracking-wider">{booking.reference}</span>
      </h2>
      <dl className="mt-4 divide-y divide-cream-200">
        {rows.map(([term, detail]) => (
          <div key={term} className="grid grid-cols-[7rem_1fr] gap-3 py-2">
            <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
            <dd className="break-words">{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-ink-soft">
        {emailed ? `A confirmation is on its way to ${booking.email}.` : 'No confirmation e-mail was sent.'}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to={dayHref} className="btn-dark min-h-12">
          Back to the day
        </Link>
        <button type="button" onClick={onAnother} className="btn-outline min-h-12">
          Take another booking
        </button>
      </div>
    </section>
  );
}
