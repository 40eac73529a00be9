import { type Ref, useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LARGE_PARTY_FROM, MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { closedSpecialDate, isChristmasDay, shortenedHoursOn } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { formatHoursRange, telephoneHref } from '#shared/content/venue.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import { STANDBY_OFFER } from '#shared/standby/offer-words.ts';
import { useFormPartySize } from '#web/forms/field-groups.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { useVenue } from '../content/site-content.tsx';
import type { BookingFormValues } from './booking-request.ts';
import { type AvailabilityState, FormTimeField } from './time-select.tsx';

const BANNER = 'rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900';

/** Why the guest cannot book the date they typed, said beside it rather than a silent "No times". */
function dateNoteOf(
  date: string,
  range: { first: string; last: string },
  settings: BookingSettings,
  venue: Venue,
): string | null {
  if (!date) return null;
  if (date < range.first) return BOOKING_MESSAGES.datePast;
  if (date > range.last) return BOOKING_MESSAGES.dateTooFar(settings.bookingHorizonDays);
  if (isChristmasDay(date)) return BOOKING_MESSAGES.christmasDay;
  const closedDay = closedSpecialDate(date, venue.specialDates);
  if (closedDay) return BOOKING_MESSAGES.dayClosed(closedDay.label);
  const shortDay = shortenedHoursOn(date, settings, venue.specialDates);
  return shortDay ? BOOKING_MESSAGES.shorterHours(shortDay.label, formatHoursRange(shortDay)) : null;
}

/** Adults and children within the online limit, the guests they make, and the pub's phone for a larger group. */
function PartyFields({ venue }: { venue: Venue }) {
  const noteId = useId();
  const guests = useFormPartySize<BookingFormValues>();
  const { errors } = useFormState<BookingFormValues>({ name: 'partyAdults' });
  const count = {
    required: true,
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    max: MAX_ONLINE_PARTY,
  } as const;
  // The note describes both counts; a problem with the party takes its place on Adults.
  const describedByNote = { 'aria-describedby': noteId };
  return (
    <>
      <div className="grid grid-cols-2 gap-5 sm:grid-cols-3">
        <FormTextField
          name="partyAdults"
          label="Adults"
          {...count}
          {...(errors.partyAdults ? {} : describedByNote)}
        />
        <FormTextField name="partyChildren" label="Children" {...count} {...describedByNote} />
        <div className="col-span-2 flex items-end sm:col-span-1">
          <p className="w-full rounded-lg bg-cream-100 px-3.5 py-2.5" aria-live="polite">
            Total Guests: <strong className="tabular-nums">{guests}</strong>
          </p>
        </div>
      </div>
      <p id={noteId} className="text-sm text-ink-soft">
        Groups of {LARGE_PARTY_FROM} or more: please{' '}
        <a href={telephoneHref(venue.phone)} className="link">
          call us on {venue.phone}
        </a>{' '}
        so we can seat you comfortably.
      </p>
    </>
  );
}

/** A party too large to book online is offered an enquiry instead (issue 18). */
function EnquiryOffer({
  enquiryButton,
  onEnquire,
}: {
  enquiryButton: Ref<HTMLButtonElement>;
  onEnquire: () => void;
}) {
  const guests = useFormPartySize<BookingFormValues>();
  return (
    // Kept in place while empty, so the offer is announced when it appears.
    <div aria-live="polite" className="empty:mb-0">
      {guests >= LARGE_PARTY_FROM ? (
        <div className="rounded-xl border-2 border-brass-500 bg-cream-100 p-5">
          <p className="font-serif text-xl text-green-900">{ENQUIRY_MESSAGES.offerTitle(guests)}</p>
          <p className="mt-1">{ENQUIRY_MESSAGES.offer}</p>
          <button
            ref={enquiryButton}
            type="button"
            className="btn-dark mt-4 w-full sm:w-auto"
            onClick={onEnquire}
          >
            Send an enquiry
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The standby list (issue 31), offered while a time of the date is full for the party and the pub keeps a list:
 * the guest may find no time that suits.
 */
function StandbyOffer({
  offered,
  standbyButton,
  onStandby,
}: {
  offered: boolean;
  standbyButton: Ref<HTMLButtonElement>;
  onStandby: () => void;
}) {
  return (
    // Kept in place while empty, so the offer is announced when it appears.
    <div aria-live="polite" className="empty:hidden">
      {offered ? (
        <button
          ref={standbyButton}
          type="button"
          className="btn-outline w-full sm:w-auto"
          onClick={onStandby}
        >
          {STANDBY_OFFER}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The table: the party, the date within the bookable `range` and a time with covers for the party, saying why a
 * date has no times. A Monday without services (`monday`) is marked on the date and offers none.
 */
export function TableFields({
  range,
  settings,
  monday,
  availability,
  guests,
  eventTitle,
  enquiryButton,
  onEnquire,
  standbyButton,
  onStandby,
}: {
  range: { first: string; last: string };
  settings: BookingSettings;
  monday: boolean;
  availability: AvailabilityState;
  /** The party whose covers the times count. */
  guests: number;
  /** The event whose own time is among the times. */
  eventTitle: string | undefined;
  enquiryButton: Ref<HTMLButtonElement>;
  onEnquire: () => void;
  standbyButton: Ref<HTMLButtonElement>;
  onStandby: () => void;
}) {
  const mondayId = useId();
  const venue = useVenue();
  const date = useWatch<BookingFormValues, 'date'>({ name: 'date' });
  const dateNote = dateNoteOf(date, range, settings, venue);
  const someTimeFull =
    availability.status === 'ready' &&
    availability.slots.some((slot) => !slot.event && !slot.closed && slot.remaining < guests);
  return (
    <fieldset className="space-y-5">
      <legend className="font-serif text-2xl text-green-900">Your table</legend>
      <PartyFields venue={venue} />
      <EnquiryOffer enquiryButton={enquiryButton} onEnquire={onEnquire} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          name="date"
          label="Date"
          required
          type="date"
          min={range.first}
          max={range.last}
          {...(monday ? { 'aria-invalid': true, 'aria-describedby': mondayId } : {})}
        />
        <FormTimeField availability={availability} guests={guests} monday={monday} eventTitle={eventTitle} />
      </div>
      <StandbyOffer
        offered={someTimeFull && !monday && settings.standbyCapPercent > 0}
        standbyButton={standbyButton}
        onStandby={onStandby}
      />
      {dateNote ? (
        <p role="status" className={BANNER}>
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
        <p id={mondayId} role="alert" className={BANNER}>
          {BOOKING_MESSAGES.mondayBanner}
        </p>
      ) : null}
    </fieldset>
  );
}
