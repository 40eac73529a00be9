import { useEffect, useId, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { guestCountFromInput, partyText } from '#shared/booking/party.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { ManagedBooking } from '#shared/booking/schemas.ts';
import { BOOKING_FIELD_LIMITS, BOOKING_MESSAGES, checkBooking } from '#shared/booking/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { FormPartyFields, type PartyValues, useFormPartySize } from '#web/forms/field-groups.tsx';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { failureText } from '#web/lib/api.ts';
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

type ChangeValues = PartyValues & {
  date: string;
  timeSlot: string;
  allergies: string;
  specialNotes: string;
};

/** Which field a refusal of checkBooking is about; the guest's own details are not on this form. */
const FIELD_OF_MESSAGE: Partial<Record<string, keyof ChangeValues>> = {
  [BOOKING_MESSAGES.date]: 'date',
  [BOOKING_MESSAGES.monday]: 'date',
  [BOOKING_MESSAGES.time]: 'timeSlot',
  [BOOKING_MESSAGES.timeUnavailable]: 'timeSlot',
  [BOOKING_MESSAGES.slotClosed]: 'timeSlot',
  [BOOKING_MESSAGES.timePassed]: 'timeSlot',
  [BOOKING_MESSAGES.slotFull]: 'timeSlot',
  [BOOKING_MESSAGES.partyEmpty]: 'partyAdults',
  [BOOKING_MESSAGES.partyNoAdult]: 'partyAdults',
  [BOOKING_MESSAGES.partyTooLarge]: 'partyAdults',
};

/** The change as the server takes it, from the values as typed. */
function changeOf(values: ChangeValues) {
  return {
    date: values.date,
    timeSlot: values.timeSlot,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
    allergies: values.allergies.trim(),
    specialNotes: values.specialNotes.trim(),
  };
}

/** The day's times for the party, as the guest may book them (the value `timeSlot` of the form around it). */
function ManagedTimeField({ availability, guests }: { availability: AvailabilityState; guests: number }) {
  const id = useId();
  const { clearErrors } = useFormContext<ChangeValues>();
  const date = useWatch<ChangeValues, 'date'>({ name: 'date' });
  const { field, fieldState } = useController<ChangeValues, 'timeSlot'>({ name: 'timeSlot' });
  const problem = fieldState.error?.message;
  const { ref } = field;
  // The select takes no ref: the form finds it by its id to focus it.
  useEffect(() => {
    ref({ focus: () => document.getElementById(id)?.focus() });
  }, [ref, id]);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Time <span aria-hidden="true">*</span>
      </label>
      <TimeSelect
        id={id}
        date={date}
        monday={false}
        value={field.value}
        availability={availability}
        guests={guests}
        invalid={Boolean(problem)}
        describedBy={problem ? `${id}-error` : undefined}
        onChange={(time) => {
          field.onChange(time);
          clearErrors('timeSlot');
        }}
      />
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-burgundy-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
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
  const [availability, setAvailability] = useState<AvailabilityState>({ status: 'idle' });
  const slots = availability.status === 'ready' ? availability.slots : [];
  const change = useSiteForm<ChangeValues>({
    defaultValues: {
      date: booking.date,
      timeSlot: booking.timeSlot,
      partyAdults: String(booking.partyAdults),
      partyChildren: String(booking.partyChildren),
      allergies: booking.allergies,
      specialNotes: booking.specialNotes,
    },
    validate: ruleResolver((values) => {
      const found = checkBooking({ ...booking, ...changeOf(values), website: '' }, slots);
      return found ? { field: FIELD_OF_MESSAGE[found.message] ?? null, message: found.message } : null;
    }),
    send: async (values) => {
      try {
        onSaved(await api.changeManagedBooking(token, { ...changeOf(values), version: booking.updatedAt }));
      } catch (failure) {
        const latest = latestAfterStaleChange<ManagedBooking>(failure);
        if (!latest) throw failure;
        onStale(latest, failureText(failure, FAILURE));
      }
    },
    failure: FAILURE,
  });
  const { form } = change;
  const date = useWatch({ control: form.control, name: 'date' });
  const guests = useFormPartySize(form.control);
  const coversFor = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;

  useEffect(() => {
    if (!date) return;
    let current = true;
    setAvailability({ status: 'loading' });
    api.managedAvailability(token, date, coversFor).then(
      (slots) => current && setAvailability({ status: 'ready', slots }),
      () => current && setAvailability({ status: 'ready', slots: [] }),
    );
    return () => {
      current = false;
    };
  }, [token, date, coversFor]);

  // A new day has other times: the one chosen no longer applies.
  useEffect(() => {
    const { unsubscribe } = form.watch((_values, { name, type }) => {
      if (type === 'change' && name === 'date') form.setValue('timeSlot', '');
    });
    return unsubscribe;
  }, [form]);

  return (
    <SiteForm form={change} aria-label="Change booking" className="space-y-5">
      <FormPartyFields onlineLimit />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField name="date" label="Date" required type="date" />
        <ManagedTimeField availability={availability} guests={coversFor ?? 1} />
      </div>
      <FormTextAreaField
        name="allergies"
        label="Allergies"
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.allergies}
      />
      <FormTextAreaField
        name="specialNotes"
        label="Special notes"
        rows={2}
        maxLength={BOOKING_FIELD_LIMITS.specialNotes}
      />
      <FormError />
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-dark" busyLabel="Saving…">
          Save changes
        </SubmitButton>
        <button type="button" className="btn-outline" onClick={onKeep}>
          Keep as it was
        </button>
      </div>
    </SiteForm>
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
