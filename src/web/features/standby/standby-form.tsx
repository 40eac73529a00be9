import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { guestCountFromInput, partySize } from '#shared/booking/party.ts';
import { SERVICES, serviceForTime, serviceLabel, toMinutes } from '#shared/booking/rules.ts';
import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import type { StandbyJoined } from '#shared/standby/api.ts';
import { STANDBY_MESSAGES } from '#shared/standby/messages.ts';
import { checkStandbyJoin, type StandbyJoinInput, type StandbyJoinProblem } from '#shared/standby/rules.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import {
  FormContactFields,
  FormPartyFields,
  FormSpamTrap,
  useFormPartySize,
} from '#web/forms/field-groups.tsx';
import { FormSelectField, FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import type { BookingFormValues } from '../booking/booking-request.ts';
import { useAvailability } from '../booking/use-availability.ts';
import { PrivacyLink } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';
import { STANDBY_WORDS } from './standby-words.ts';

/** What the booking form hands over when a guest finds no time that suits: what they typed, and the date's times. */
export interface StandbyStart {
  values: Pick<
    BookingFormValues,
    'name' | 'phone' | 'email' | 'date' | 'timeSlot' | 'partyAdults' | 'partyChildren'
  >;
  /** The date's times as the booking form had them for the party. */
  slots: readonly AvailabilitySlot[];
  /** The dates a guest may book. */
  range: { first: string; last: string };
}

interface StandbyFormValues {
  website: string;
  name: string;
  phone: string;
  email: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  partyAdults: string;
  partyChildren: string;
}

/** How far either side of the time the guest had in mind the window first reaches. */
const WINDOW_REACH_MINUTES = 60;

/** The date's own times (an event's are not a service's). */
const serviceSlots = (slots: readonly AvailabilitySlot[]) => slots.filter((slot) => !slot.event);

/**
 * The window a guest starts from: around the time they chose (or the first time full for the party), reaching
 * over the neighbouring times of that service that have no table for them, at most an hour either side.
 */
export function startingWindow(
  slots: readonly AvailabilitySlot[],
  timeSlot: string,
  guests: number,
): { windowStart: string; windowEnd: string } {
  const times = serviceSlots(slots);
  const noTable = (slot: AvailabilitySlot) => slot.closed || slot.remaining < guests;
  const chosen = times.find((slot) => slot.time === timeSlot && noTable(slot));
  const anchor = chosen ?? times.find((slot) => !slot.closed && slot.remaining < guests);
  if (!anchor) return { windowStart: '', windowEnd: '' };
  const service = times.filter((slot) => slot.service === anchor.service);
  const near = (slot: AvailabilitySlot) =>
    noTable(slot) && Math.abs(toMinutes(slot.time) - toMinutes(anchor.time)) <= WINDOW_REACH_MINUTES;
  let first = service.indexOf(anchor);
  let last = first;
  while (first > 0 && near(service[first - 1] as AvailabilitySlot)) first -= 1;
  while (last < service.length - 1 && near(service[last + 1] as AvailabilitySlot)) last += 1;
  return {
    windowStart: (service[first] as AvailabilitySlot).time,
    windowEnd: (service[last] as AvailabilitySlot).time,
  };
}

/** The request as the rule and the server take it, from the values as typed. */
function joinRequest(values: StandbyFormValues): StandbyJoinInput {
  return {
    website: values.website,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    date: values.date,
    windowStart: values.windowStart,
    windowEnd: values.windowEnd,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
  };
}

function TimeOptions({ slots, date }: { slots: readonly AvailabilitySlot[]; date: string }) {
  return SERVICES.map((service) => {
    const times = slots.filter((slot) => slot.service === service);
    if (times.length === 0) return null;
    return (
      <optgroup key={service} label={serviceLabel(service, date)}>
        {times.map((slot) => (
          <option key={slot.time} value={slot.time}>
            {formatTime(slot.time)}
          </option>
        ))}
      </optgroup>
    );
  });
}

/**
 * The earliest and the latest time that would do, from the date's times: the latest among those of the
 * earliest's service from it on. A new date clears both; an earliest past the latest, or in another service,
 * clears the latest.
 */
function WindowFields({ slots, loading }: { slots: readonly AvailabilitySlot[]; loading: boolean }) {
  const { control, watch, setValue, getValues } = useFormContext<StandbyFormValues>();
  const [date, windowStart] = useWatch({ control, name: ['date', 'windowStart'] });
  useEffect(() => {
    const { unsubscribe } = watch((_values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'date') {
        setValue('windowStart', '');
        setValue('windowEnd', '');
      }
      if (name === 'windowStart') {
        const [start, end] = getValues(['windowStart', 'windowEnd']);
        if (end && (end < start || serviceForTime(end) !== serviceForTime(start))) setValue('windowEnd', '');
      }
    });
    return unsubscribe;
  }, [watch, setValue, getValues]);
  const times = serviceSlots(slots);
  const later = windowStart
    ? times.filter((slot) => slot.service === serviceForTime(windowStart) && slot.time >= windowStart)
    : times;
  const placeholder = !date
    ? 'Select date first'
    : times.length > 0
      ? 'Choose a time'
      : loading
        ? 'Checking times…'
        : 'No times';
  const disabled = !date || times.length === 0;
  return (
    <div className="grid grid-cols-2 gap-4">
      <FormSelectField name="windowStart" label="Earliest time" required disabled={disabled}>
        <option value="">{placeholder}</option>
        <TimeOptions slots={times} date={date} />
      </FormSelectField>
      <FormSelectField name="windowEnd" label="Latest time" required disabled={disabled}>
        <option value="">{placeholder}</option>
        <TimeOptions slots={later} date={date} />
      </FormSelectField>
    </div>
  );
}

/** The place taken: said to be no booking, with the e-mail that carries the guest's own link. */
function JoinedPanel({ joined, email }: { joined: StandbyJoined; email: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="scroll-mt-28 space-y-3 rounded-xl border border-green-600 bg-green-600/10 p-5 text-green-900 focus:outline-none"
    >
      <p className="font-semibold">
        {STANDBY_MESSAGES.joined(formatLongDate(joined.date), joined.windowStart, joined.windowEnd)}
      </p>
      <p>{STANDBY_MESSAGES.notABooking}</p>
      <p>{STANDBY_WORDS.emailed(email)}</p>
      <Link to={new URL(joined.entryUrl, window.location.origin).pathname} className="link inline-block">
        {STANDBY_WORDS.seeYourPlace}
      </Link>
    </div>
  );
}

/**
 * The standby list (issue 31), opened from the booking form when no time suits: the guest's details, the party,
 * the date and the window of times that would do; checked by the rule the server runs, with the date's times as
 * loaded. It says, before and after, that it is not a booking.
 */
export function StandbyForm({ start, onBack }: { start: StandbyStart; onBack: () => void }) {
  const [joined, setJoined] = useState<{ entry: StandbyJoined; email: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { values } = start;
  const startGuests = partySize(
    guestCountFromInput(values.partyAdults),
    guestCountFromInput(values.partyChildren),
  );
  const standby = useSiteForm<StandbyFormValues>({
    defaultValues: {
      website: '',
      name: values.name,
      phone: values.phone,
      email: values.email,
      date: values.date,
      ...startingWindow(start.slots, values.timeSlot, startGuests),
      partyAdults: values.partyAdults,
      partyChildren: values.partyChildren,
    },
    validate: ruleResolver((typed): StandbyJoinProblem | null =>
      checkStandbyJoin(joinRequest(typed), checkedSlots),
    ),
    send: async (typed) => {
      const request = joinRequest(typed);
      setJoined({ entry: await api.joinStandby(request), email: request.email });
    },
    failure: STANDBY_WORDS.failure,
  });
  const { form } = standby;
  const date = useWatch({ control: form.control, name: 'date' });
  const guests = useFormPartySize(form.control);
  const party = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;
  const { availability } = useAvailability({ date, party });
  // The booking form's times stand in while the same question is asked again.
  const asBefore = date === values.date && party === startGuests;
  const loaded = availability.status === 'ready' ? availability.slots : undefined;
  const slots = loaded ?? (asBefore ? start.slots : []);
  const checkedSlots = loaded ?? (asBefore ? start.slots : undefined);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="space-y-8">
      <div>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-28 font-serif text-3xl text-green-900 focus:outline-none"
        >
          {STANDBY_WORDS.join}
        </h2>
        {joined ? null : (
          <p className="mt-2 rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
            {STANDBY_MESSAGES.notABooking}
          </p>
        )}
      </div>

      {joined ? (
        <>
          <JoinedPanel joined={joined.entry} email={joined.email} />
          <button type="button" className="btn-outline" onClick={onBack}>
            {STANDBY_WORDS.backToBooking}
          </button>
        </>
      ) : (
        <SiteForm form={standby} aria-label={STANDBY_WORDS.join} className="space-y-8">
          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">Your details</legend>
            <FormContactFields />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">{STANDBY_WORDS.whenLegend}</legend>
            <FormPartyFields onlineLimit />
            <FormTextField
              name="date"
              label="Date"
              required
              type="date"
              min={start.range.first}
              max={start.range.last}
            />
            <WindowFields slots={slots} loading={availability.status === 'loading'} />
            <p className="text-sm text-ink-soft">{STANDBY_WORDS.windowHint}</p>
            <FormSpamTrap />
          </fieldset>

          <div className="space-y-4">
            <FormError />
            <div className="flex flex-col gap-3 sm:flex-row">
              <SubmitButton className="btn-dark" busyLabel={STANDBY_WORDS.joining}>
                {STANDBY_WORDS.join}
              </SubmitButton>
              <button type="button" className="btn-outline" onClick={onBack}>
                {STANDBY_WORDS.backToBooking}
              </button>
            </div>
            <PrivacyLink />
          </div>
        </SiteForm>
      )}
    </div>
  );
}
