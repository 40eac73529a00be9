import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LARGE_PARTY_FROM, MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { guestCountFromInput, partySize, partyText } from '#shared/booking/party.ts';
import {
  bookableDateRange,
  closedSpecialDate,
  isChristmasDay,
  isMonday,
  servicesOn,
  shortenedHoursOn,
} from '#shared/booking/rules.ts';
import type { BookingRequest } from '#shared/booking/schemas.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { BOOKING_MESSAGES, checkBooking } from '#shared/booking/validation.ts';
import { formatHoursRange, telephoneHref } from '#shared/content/venue.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import { eventBookingLine } from '#shared/events/booking-line.ts';
import { howToComeText } from '#shared/events/event.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { JUST_BOOKED_PARAMETER } from '#shared/manage/messages.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ContactFields, TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { failureText, unreachable } from '#web/lib/api.ts';
import { useVenue } from '../content/site-content.tsx';
import { enquiryFromBooking } from '../enquiries/from-booking.ts';
import { MarketingConsentField } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';
import { BookingNotesFields, type BookingNotesValues } from './booking-notes-fields.tsx';
import { type AvailabilityState, TimeSelect } from './time-select.tsx';

// Few guests need it: its code (and the forms library's) loads when one asks to enquire.
const EnquiryForm = lazy(() =>
  import('../enquiries/enquiry-form.tsx').then((module) => ({ default: module.EnquiryForm })),
);

interface FormValues extends BookingNotesValues {
  name: string;
  phone: string;
  email: string;
  partyAdults: string;
  partyChildren: string;
  date: string;
  timeSlot: string;
  website: string;
  marketingConsent: boolean;
}

const EMPTY_FORM: FormValues = {
  name: '',
  phone: '',
  email: '',
  partyAdults: '2',
  partyChildren: '0',
  date: '',
  timeSlot: '',
  hasAccessibilityNeeds: false,
  accessibilityNotes: '',
  occasion: 'None',
  occasionNotes: '',
  allergies: '',
  specialNotes: '',
  website: '',
  marketingConsent: false,
};

type FieldName = 'name' | 'phone' | 'email' | 'date' | 'timeSlot' | 'partyAdults';

/** Which field a §5 message is about, so it can be marked and focused. */
const FIELD_OF_MESSAGE: Partial<Record<string, FieldName>> = {
  [BOOKING_MESSAGES.name]: 'name',
  [BOOKING_MESSAGES.phone]: 'phone',
  [BOOKING_MESSAGES.email]: 'email',
  [BOOKING_MESSAGES.date]: 'date',
  [BOOKING_MESSAGES.monday]: 'date',
  [BOOKING_MESSAGES.time]: 'timeSlot',
  [BOOKING_MESSAGES.timeUnavailable]: 'timeSlot',
  [BOOKING_MESSAGES.slotClosed]: 'timeSlot',
  [BOOKING_MESSAGES.slotFull]: 'timeSlot',
  [BOOKING_MESSAGES.partyEmpty]: 'partyAdults',
  [BOOKING_MESSAGES.partyNoAdult]: 'partyAdults',
  [BOOKING_MESSAGES.partyTooLarge]: 'partyAdults',
};

type Outcome =
  | { kind: 'success'; reference: string; booked: BookingRequest }
  | { kind: 'failure'; message: string }
  | null;

export function BookingForm({ event, settings }: { event: PublicEvent | null; settings: BookingSettings }) {
  const id = useId();
  const navigate = useNavigate();
  const venue = useVenue();
  const fieldId = (name: string) => `${id}-${name}`;
  const range = bookableDateRange(new Date(), settings);
  const eventInRange = event !== null && event.date >= range.first && event.date <= range.last;
  /** An event that takes bookings is booked at its own time (issue 17); another only names the occasion. */
  const bookableEvent = event?.takesBookings ? event : null;
  const startValues: FormValues = {
    ...EMPTY_FORM,
    date: eventInRange ? event.date : '',
    timeSlot: eventInRange && bookableEvent ? bookableEvent.time : '',
  };
  const [values, setValues] = useState<FormValues>(startValues);
  const [availability, setAvailability] = useState<AvailabilityState>({ status: 'idle' });
  const [problem, setProblem] = useState<{ message: string; field?: FieldName } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  /** A party too large to book online asks by enquiry instead (issue 18); the booking form keeps its values. */
  const [enquiring, setEnquiring] = useState(false);
  const enquiryButtonRef = useRef<HTMLButtonElement>(null);
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The pub's settings decide which days have services; a Monday without any gets the spec's banner.
  const eventDay = bookableEvent !== null && values.date === bookableEvent.date;
  const noServices = values.date !== '' && servicesOn(values.date, settings).length === 0 && !eventDay;
  const monday = noServices && isMonday(values.date);
  const guests = partySize(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );

  // The times offered are those with covers for this party (a party too large for online asks none).
  const coversFor = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;

  useEffect(() => {
    if (!values.date || monday) {
      setAvailability({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setAvailability({ status: 'loading' });
    api.loadAvailability(values.date, coversFor, controller.signal, bookableEvent?.slug).then((slots) => {
      if (!controller.signal.aborted) setAvailability({ status: 'ready', slots });
    });
    return () => controller.abort();
  }, [values.date, monday, coversFor, bookableEvent?.slug]);

  function update<K extends keyof FormValues>(name: K, value: FormValues[K]) {
    setValues((current) => ({
      ...current,
      [name]: value,
      // A new date means new slots: the chosen time no longer applies (spec §4).
      ...(name === 'date' ? { timeSlot: '' } : {}),
    }));
    if (problem?.field === name) setProblem(null);
  }

  async function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    setOutcome(null);
    const slots = availability.status === 'ready' ? availability.slots : [];
    const payload: BookingRequest = {
      eventSlug: event?.slug ?? null,
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      date: values.date,
      timeSlot: values.timeSlot,
      partyAdults: guestCountFromInput(values.partyAdults),
      partyChildren: guestCountFromInput(values.partyChildren),
      hasAccessibilityNeeds: values.hasAccessibilityNeeds,
      accessibilityNotes: values.hasAccessibilityNeeds ? values.accessibilityNotes.trim() : '',
      occasion: values.occasion,
      occasionNotes: values.occasionNotes.trim(),
      allergies: values.allergies.trim(),
      specialNotes: values.specialNotes.trim(),
      website: values.website,
      marketingConsent: values.marketingConsent,
    };
    const found = checkBooking(payload, slots);
    if (found) {
      const field = FIELD_OF_MESSAGE[found.message];
      setProblem({ message: found.message, field });
      if (field) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
      return;
    }
    setProblem(null);
    setSending(true);
    const body = JSON.stringify(payload);
    if (lastAttempt.current?.body !== body) lastAttempt.current = { body, key: crypto.randomUUID() };
    try {
      const booking = await api.createBooking(payload, lastAttempt.current.key);
      if (booking.manageUrl) {
        // The confirmation has its own address, the guest's own page: it survives Back and reload.
        navigate(`${new URL(booking.manageUrl).pathname}?${JUST_BOOKED_PARAMETER}`);
        return;
      }
      // A replayed answer carries no link: the guest then has it in their e-mail only.
      setOutcome({ kind: 'success', reference: booking.reference, booked: payload });
      setValues(startValues);
      lastAttempt.current = null;
    } catch (error) {
      setOutcome({
        kind: 'failure',
        message: unreachable(error)
          ? BOOKING_MESSAGES.unreachable
          : failureText(error, BOOKING_MESSAGES.failure),
      });
      // The slot may have filled meanwhile: show the guest the latest numbers.
      if (values.date && !monday)
        api
          .loadAvailability(values.date, coversFor, undefined, bookableEvent?.slug)
          .then((fresh) => setAvailability({ status: 'ready', slots: fresh }));
    }
    setSending(false);
    requestAnimationFrame(() => outcomeRef.current?.focus());
  }

  const closedDay = values.date ? closedSpecialDate(values.date, venue.specialDates) : undefined;
  const shortDay = values.date ? shortenedHoursOn(values.date, settings, venue.specialDates) : undefined;
  /** Why the guest cannot book the date they typed, said beside it rather than a silent "No times". */
  const dateNote = !values.date
    ? null
    : values.date < range.first
      ? BOOKING_MESSAGES.datePast
      : values.date > range.last
        ? BOOKING_MESSAGES.dateTooFar(settings.bookingHorizonDays)
        : isChristmasDay(values.date)
          ? BOOKING_MESSAGES.christmasDay
          : closedDay
            ? BOOKING_MESSAGES.dayClosed(closedDay.label)
            : shortDay
              ? BOOKING_MESSAGES.shorterHours(shortDay.label, formatHoursRange(shortDay))
              : null;
  const missing = [!values.date && 'a date', !values.timeSlot && 'a time'].filter(
    (item): item is string => typeof item === 'string',
  );

  function bookAnother() {
    setOutcome(null);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('input:not([type=hidden])')?.focus(),
    );
  }

  const invalid = (name: FieldName) => problem?.field === name;
  const errorId = fieldId('error');
  const describedBy = (name: FieldName) => (invalid(name) ? errorId : undefined);

  if (enquiring) {
    return (
      <Suspense fallback={<p className="text-ink-soft">Loading…</p>}>
        <EnquiryForm
          start={enquiryFromBooking(values, guests)}
          onBack={() => {
            setEnquiring(false);
            requestAnimationFrame(() => enquiryButtonRef.current?.focus());
          }}
        />
      </Suspense>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} aria-label="Book a table">
      <ReadyFieldset className="contents space-y-8">
        <div ref={outcomeRef} tabIndex={-1} className="empty:hidden focus:outline-none">
          {outcome?.kind === 'success' ? (
            <div
              role="status"
              className="rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900"
            >
              <p className="font-semibold">{BOOKING_MESSAGES.success}</p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">Date</dt>
                <dd>{formatLongDate(outcome.booked.date)}</dd>
                <dt className="font-semibold">Time</dt>
                <dd>{formatTime(outcome.booked.timeSlot)}</dd>
                <dt className="font-semibold">Party</dt>
                <dd>{partyText(outcome.booked.partyAdults, outcome.booked.partyChildren)}</dd>
                <dt className="font-semibold">Name</dt>
                <dd>{outcome.booked.name}</dd>
                {outcome.reference ? (
                  <>
                    <dt className="font-semibold">Reference</dt>
                    <dd>
                      <strong className="font-mono tracking-wider">{outcome.reference}</strong>
                    </dd>
                  </>
                ) : null}
              </dl>
              <div className="mt-5 flex flex-wrap gap-3">
                <button type="button" className="btn-dark" onClick={bookAnother}>
                  Book another table
                </button>
              </div>
            </div>
          ) : null}
          {outcome?.kind === 'failure' ? (
            <div
              role="alert"
              className="rounded-xl border border-burgundy-700 bg-burgundy-700 p-5 font-semibold text-cream-50"
            >
              {outcome.message}
            </div>
          ) : null}
        </div>

        {outcome?.kind === 'success' ? null : (
          <>
            {event ? (
              <div>
                <label htmlFor={fieldId('event')} className="field-label">
                  Event
                </label>
                <textarea
                  id={fieldId('event')}
                  value={
                    bookableEvent
                      ? eventBookingLine(bookableEvent)
                      : `${event.title} — ${formatLongDate(event.date)}, ${formatTime(event.time)}`
                  }
                  disabled
                  readOnly
                  rows={1}
                  aria-describedby={fieldId('event-note')}
                  className="field-input field-sizing-content resize-none"
                />
                <p id={fieldId('event-note')} className="mt-1.5 text-sm text-ink-soft">
                  Preselected from the Events page.
                  {bookableEvent ? null : ` ${event.title} takes no table bookings: ${howToComeText(event)}`}
                </p>
              </div>
            ) : null}

            <fieldset className="space-y-5">
              <legend className="font-serif text-2xl text-green-900">Your details</legend>
              <ContactFields
                idOf={fieldId}
                values={values}
                invalidField={problem?.field}
                errorId={errorId}
                onChange={(field, value) => update(field, value as FormValues[typeof field])}
              />
            </fieldset>

            <fieldset className="space-y-5">
              <legend className="font-serif text-2xl text-green-900">Your table</legend>
              <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
                <TextField
                  id={fieldId('partyAdults')}
                  label="Adults"
                  required
                  name="partyAdults"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_ONLINE_PARTY}
                  value={values.partyAdults}
                  invalid={invalid('partyAdults')}
                  errorId={errorId}
                  aria-describedby={describedBy('partyAdults') ?? fieldId('party-note')}
                  onValue={(value) => update('partyAdults', value)}
                />
                <TextField
                  id={fieldId('partyChildren')}
                  label="Children"
                  required
                  name="partyChildren"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_ONLINE_PARTY}
                  value={values.partyChildren}
                  aria-describedby={fieldId('party-note')}
                  onValue={(value) => update('partyChildren', value)}
                />
                <div className="col-span-2 flex items-end sm:col-span-1">
                  <p className="w-full rounded-lg bg-cream-100 px-3.5 py-2.5" aria-live="polite">
                    Total Guests: <strong className="tabular-nums">{guests}</strong>
                  </p>
                </div>
              </div>
              <p id={fieldId('party-note')} className="text-sm text-ink-soft">
                Groups of {LARGE_PARTY_FROM} or more: please{' '}
                <a href={telephoneHref(venue.phone)} className="link">
                  call us on {venue.phone}
                </a>{' '}
                so we can seat you comfortably.
              </p>
              {/* Kept in place while empty, so the offer is announced when it appears. */}
              <div aria-live="polite" className="empty:mb-0">
                {guests >= LARGE_PARTY_FROM ? (
                  <div className="rounded-xl border-2 border-brass-500 bg-cream-100 p-5">
                    <p className="font-serif text-xl text-green-900">{ENQUIRY_MESSAGES.offerTitle(guests)}</p>
                    <p className="mt-1">{ENQUIRY_MESSAGES.offer}</p>
                    <button
                      ref={enquiryButtonRef}
                      type="button"
                      className="btn-dark mt-4 w-full sm:w-auto"
                      onClick={() => setEnquiring(true)}
                    >
                      Send an enquiry
                    </button>
                  </div>
                ) : null}
              </div>

              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  id={fieldId('date')}
                  label="Date"
                  required
                  name="date"
                  type="date"
                  min={range.first}
                  max={range.last}
                  value={values.date}
                  invalid={invalid('date') || monday}
                  errorId={errorId}
                  aria-describedby={monday ? fieldId('monday') : describedBy('date')}
                  onValue={(value) => update('date', value)}
                />
                <div>
                  <label htmlFor={fieldId('timeSlot')} className="field-label">
                    Time <span aria-hidden="true">*</span>
                  </label>
                  <TimeSelect
                    id={fieldId('timeSlot')}
                    date={values.date}
                    monday={monday}
                    value={values.timeSlot}
                    availability={availability}
                    guests={coversFor ?? 1}
                    eventTitle={bookableEvent?.title}
                    invalid={invalid('timeSlot')}
                    describedBy={describedBy('timeSlot')}
                    onChange={(time) => update('timeSlot', time)}
                  />
                </div>
              </div>
              {dateNote ? (
                <p
                  role="status"
                  className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900"
                >
                  {dateNote}
                  {dateNote === BOOKING_MESSAGES.christmasDay ? (
                    <>
                      {' '}
                      <Link to="/christmas" className="link">
                        Book Christmas Day
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              {monday ? (
                <p
                  id={fieldId('monday')}
                  role="alert"
                  className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900"
                >
                  {BOOKING_MESSAGES.mondayBanner}
                </p>
              ) : null}
            </fieldset>

            <fieldset className="space-y-5">
              <legend className="font-serif text-2xl text-green-900">Anything we should know?</legend>
              <BookingNotesFields
                idOf={fieldId}
                values={values}
                accessibilityLabel="Someone in our party has accessibility needs"
                allergiesHint="Please tell us about any allergies or intolerances; many of our dishes can be made vegan."
                onChange={(field, value) => update(field, value as FormValues[typeof field])}
              />
              <div className="hidden" aria-hidden="true">
                <label htmlFor={fieldId('website')}>Leave this field empty</label>
                <input
                  id={fieldId('website')}
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={values.website}
                  onChange={(change) => update('website', change.target.value)}
                />
              </div>
            </fieldset>

            <MarketingConsentField
              id={fieldId('marketingConsent')}
              checked={values.marketingConsent}
              onChange={(checked) => update('marketingConsent', checked)}
            />

            <div className="space-y-4">
              {problem ? (
                <p
                  id={errorId}
                  role="alert"
                  className="rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
                >
                  {problem.message}
                </p>
              ) : null}
              <button
                type="submit"
                className="btn-dark w-full sm:w-auto"
                disabled={sending || monday || !values.date || !values.timeSlot}
                aria-describedby={missing.length > 0 && !monday ? fieldId('still-to-do') : undefined}
              >
                {sending ? 'Sending…' : 'Book Table'}
              </button>
              {missing.length > 0 && !monday ? (
                <p id={fieldId('still-to-do')} className="text-sm text-ink-soft">
                  {BOOKING_MESSAGES.stillToDo(missing)}
                </p>
              ) : null}
            </div>
          </>
        )}
      </ReadyFieldset>
    </form>
  );
}
