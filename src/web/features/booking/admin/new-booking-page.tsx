import { useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { StaffBookingRequest } from '#shared/booking/schemas.ts';
import {
  BOOKING_SOURCE_LABELS,
  STAFF_BOOKING_SOURCES,
  type StaffBookingSource,
} from '#shared/booking/status.ts';
import { isRealIsoDate, londonToday } from '#shared/time/london-time.ts';
import {
  asksForDeposit,
  type DepositChoiceValues,
  depositProblem,
  depositRequest,
  EMPTY_DEPOSIT_CHOICE,
  FormDepositChoice,
  useStaffDepositTerms,
} from '#web/features/deposits/admin/staff-deposit-choice.tsx';
import { STAFF_DEPOSIT_WORDS } from '#web/features/deposits/admin/staff-words.ts';
import { ReturningGuest } from '#web/features/profiles/returning-guest.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { FormContactFields } from '#web/forms/field-groups.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import {
  type BookingNotesValues,
  EMPTY_BOOKING_NOTES,
  FormBookingNotesFields,
} from '../booking-notes-fields.tsx';
import * as api from './api.ts';
import { type Booked, BookedSummary } from './booked-summary.tsx';
import {
  FormNotifyGuest,
  type StaffSeating,
  StaffSeatingFields,
  type StaffSeatingValues,
  seatingRequest,
  useStaffSeating,
} from './staff-booking-fields.tsx';

const FAILURE = 'Could not save the booking. Please try again.';

type FormValues = StaffSeatingValues &
  BookingNotesValues &
  DepositChoiceValues & { source: StaffBookingSource; name: string; phone: string; email: string };

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
    ...EMPTY_BOOKING_NOTES,
    ...EMPTY_DEPOSIT_CHOICE,
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
    specialNotes: params.get('notes') ?? '',
  };
}

/**
 * The booking as the API takes it, from the values as typed; with `depositAsked`, how a matching deposit rule
 * is met (issue 29).
 */
function bookingRequest(
  values: FormValues,
  overCapacity: boolean,
  depositAsked: boolean,
): StaffBookingRequest {
  const email = values.email.trim();
  const deposit = depositRequest(values, depositAsked);
  return {
    source: values.source,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email,
    ...seatingRequest(values),
    eventSlug: null,
    hasAccessibilityNeeds: values.hasAccessibilityNeeds,
    accessibilityNotes: values.hasAccessibilityNeeds ? values.accessibilityNotes.trim() : '',
    occasion: values.occasion,
    occasionNotes: values.occasionNotes.trim(),
    allergies: values.allergies.trim(),
    specialNotes: values.specialNotes.trim(),
    notifyGuest: values.notifyGuest && email !== '',
    overCapacity,
    ...(deposit ? { deposit } : {}),
  };
}

/**
 * A table booking staff take by phone, at the bar or from an e-mail (/admin/bookings/new?date=…): any party
 * size, any slot of the day, past the covers or into a closed slot only when they tick "Book anyway". A link
 * may fill in the guest too (`linkedForm`).
 */
export function NewBookingPage() {
  useAdminTitle('New booking');
  const can = useCanUse();
  const [params] = useSearchParams();
  const requestedDate = params.get('date') ?? '';
  const startDate = isRealIsoDate(requestedDate) ? requestedDate : londonToday();
  const [booked, setBooked] = useState<Booked | null>(null);
  /** A rule this screen did not know of matched, the server said: the question is asked all the same. */
  const [serverAskedDeposit, setServerAskedDeposit] = useState(false);
  /** The guest was e-mailed a link to pay, to this address. */
  const [linkSentTo, setLinkSentTo] = useState('');
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const newBooking = useSiteForm<FormValues>({
    defaultValues: linkedForm(params, startDate),
    validate: ruleResolver(
      (values) =>
        seating.problem(values, bookingRequest(values, seating.overCapacity(values), depositAsked)) ??
        (depositAsked ? depositProblem(values, values.email.trim()) : null),
    ),
    send: async (values) => {
      const request = bookingRequest(values, seating.overCapacity(values), depositAsked);
      const linkRequested = request.deposit?.choice === 'request';
      try {
        const saved = await api.createStaffBooking(request);
        setLinkSentTo(linkRequested ? saved.email : '');
        // A payment link goes instead of the confirmation, which waits for the payment.
        setBooked({ booking: saved, emailed: request.notifyGuest && !linkRequested });
      } catch (error) {
        if (seating.refused(error)) return;
        if (asksForDeposit(error)) setServerAskedDeposit(true);
        throw error;
      }
    },
    failure: FAILURE,
  });
  const seating: StaffSeating<FormValues> = useStaffSeating(newBooking.form);
  const email = useWatch({ control: newBooking.form.control, name: 'email' }).trim();
  const depositTerms = useStaffDepositTerms(seating.ruleSubject);
  const depositAsked = depositTerms !== null || serverAskedDeposit;

  useEffect(() => {
    if (booked) bookedHeading.current?.focus();
  }, [booked]);

  function takeAnother(date: string) {
    newBooking.form.reset(emptyForm(date));
    setBooked(null);
    setServerAskedDeposit(false);
    setLinkSentTo('');
    // The booking just taken holds covers: the next one sees what is left now.
    seating.slotsLoad.reload();
    pageHeading.current?.focus();
  }

  const dayHref = (date: string) => `/admin/bookings?date=${date}`;

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <p>
        <Link
          to={dayHref(booked?.booking.date ?? (seating.validDate || startDate))}
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
          booked={linkSentTo ? { ...booked, paymentLink: STAFF_DEPOSIT_WORDS.linkSent(linkSentTo) } : booked}
          headingRef={bookedHeading}
          dayHref={dayHref(booked.booking.date)}
          onAnother={() => takeAnother(booked.booking.date)}
        />
      ) : (
        <SiteForm form={newBooking} aria-label="New booking" className="card space-y-7 p-4 sm:p-6">
          <SourceChoice />

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">The table</legend>
            <StaffSeatingFields seating={seating} />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">The guest</legend>
            <FormContactFields typedByStaff />
            <p className="-mt-2 text-sm text-ink-soft">A phone number or an e-mail address, or both.</p>
            {can('GET /api/admin/profiles') ? <ReturningGuest /> : null}
          </fieldset>

          {depositAsked ? <FormDepositChoice terms={depositTerms} /> : null}

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Anything to note?</legend>
            <FormBookingNotesFields accessibilityLabel="Someone in the party has accessibility needs" />
          </fieldset>

          <div className="space-y-4 border-t border-cream-200 pt-5">
            <FormNotifyGuest
              label="E-mail the guest a confirmation"
              hint={
                email === ''
                  ? 'Add the guest’s e-mail address to send one.'
                  : `Sent to ${email} with the booking’s details.`
              }
              disabled={email === ''}
            />
            <FormError />
            <SubmitButton className="btn-dark min-h-12 w-full text-lg sm:w-auto" busyLabel="Adding…">
              Add booking
            </SubmitButton>
          </div>
        </SiteForm>
      )}
    </div>
  );
}

/** How the booking came: the value `source` of the form around it. */
function SourceChoice() {
  const { field } = useController<FormValues, 'source'>({ name: 'source' });
  const name = useId();
  return (
    <fieldset>
      <legend className="field-label">How it came</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STAFF_BOOKING_SOURCES.map((source) => (
          <label key={source} className="relative">
            <input
              type="radio"
              name={name}
              value={source}
              checked={field.value === source}
              onChange={() => field.onChange(source)}
              className="peer sr-only"
            />
            <span className="flex min-h-14 cursor-pointer items-center justify-center rounded-xl border-2 border-cream-300 bg-white px-3 text-lg font-semibold text-green-900 transition-colors peer-checked:border-green-800 peer-checked:bg-green-800 peer-checked:text-cream-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus-ring hover:border-green-700">
              {BOOKING_SOURCE_LABELS[source]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
