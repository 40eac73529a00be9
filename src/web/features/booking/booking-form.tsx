import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { bookLinkValues } from '#shared/booking/book-link.ts';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { bookableDateRange, isMonday, servicesOn } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import type { DepositTerms } from '#shared/deposits/rules.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { JUST_BOOKED_PARAMETER } from '#shared/manage/messages.ts';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormMarketingConsent } from '#web/forms/consent-field.tsx';
import { FormContactFields, FormSpamTrap, useFormPartySize } from '#web/forms/field-groups.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { unreachable } from '#web/lib/api.ts';
import { DEPOSIT_GUEST_WORDS } from '../deposits/guest-words.ts';
import { goToCheckout } from '../deposits/return-link.ts';
import { TermsBox } from '../deposits/terms-box.tsx';
import { useDepositTerms } from '../deposits/use-deposit-terms.ts';
import { enquiryFromBooking } from '../enquiries/from-booking.ts';
import type { StandbyStart } from '../standby/standby-form.tsx';
import * as api from './api.ts';
import { type BookedInPlace, BookingConfirmation, EventField } from './booking-confirmation.tsx';
import { FormBookingNotesFields } from './booking-notes-fields.tsx';
import {
  type BookingFormValues,
  bookingProblem,
  bookingRequest,
  EMPTY_BOOKING_FORM,
} from './booking-request.ts';
import { TableFields } from './table-fields.tsx';
import { useAvailability } from './use-availability.ts';

// Few guests need it: its code loads when one asks to enquire.
const EnquiryForm = lazy(() =>
  import('../enquiries/enquiry-form.tsx').then((module) => ({ default: module.EnquiryForm })),
);
// Likewise the standby list's form, for a guest who finds no time that suits.
const StandbyForm = lazy(() =>
  import('../standby/standby-form.tsx').then((module) => ({ default: module.StandbyForm })),
);

/**
 * "Book Table": busy while sending, and disabled, saying what is still to do, until a date and a time are chosen.
 * A booking a deposit rule matches continues to the payment instead, its terms read with the button.
 */
function BookTableButton({
  monday,
  terms,
  termsId,
  leaving,
}: {
  monday: boolean;
  terms: DepositTerms | null;
  termsId: string;
  /** The guest is on the way to the checkout: one booking, one payment. */
  leaving: boolean;
}) {
  const id = useId();
  const { isSubmitting } = useFormState();
  const [date, timeSlot] = useWatch<BookingFormValues, ['date', 'timeSlot']>({ name: ['date', 'timeSlot'] });
  const missing = [!date && 'a date', !timeSlot && 'a time'].filter(
    (item): item is string => typeof item === 'string',
  );
  const stillToDo = missing.length > 0 && !monday;
  return (
    <>
      <button
        type="submit"
        className="btn-dark w-full sm:w-auto"
        disabled={isSubmitting || leaving || monday || missing.length > 0}
        aria-describedby={stillToDo ? id : terms ? termsId : undefined}
      >
        {leaving
          ? DEPOSIT_GUEST_WORDS.leavingForPayment
          : isSubmitting
            ? 'Sending…'
            : terms
              ? DEPOSIT_GUEST_WORDS.continueLabel(terms.kind)
              : 'Book Table'}
      </button>
      {stillToDo ? (
        <p id={id} className="text-sm text-ink-soft">
          {BOOKING_MESSAGES.stillToDo(missing)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The public table booking (spec §2–§5): the guest's details, the party, a date and a time with covers for
 * it, notes; checked by the rules the server runs. A booking confirms on the guest's own page; a party too
 * large to book online asks by enquiry, the booking form keeping what was typed.
 */
export function BookingForm({ event, settings }: { event: PublicEvent | null; settings: BookingSettings }) {
  const navigate = useNavigate();
  const range = bookableDateRange(new Date(), settings);
  const eventInRange = event !== null && event.date >= range.first && event.date <= range.last;
  /** An event that takes bookings is booked at its own time (issue 17); another only names the occasion. */
  const bookableEvent = event?.takesBookings ? event : null;
  // The short booking link (/book, issue 33) brings a party and a date: the form opens with them.
  const linked = bookLinkValues(useSearchParams()[0], range);
  const startValues: BookingFormValues = {
    ...EMPTY_BOOKING_FORM,
    partyAdults: linked.party === undefined ? EMPTY_BOOKING_FORM.partyAdults : String(linked.party),
    date: eventInRange ? event.date : (linked.date ?? ''),
    timeSlot: eventInRange && bookableEvent ? bookableEvent.time : '',
  };
  const [bookedInPlace, setBookedInPlace] = useState<BookedInPlace | null>(null);
  /** The form in the booking's place: a large party's enquiry, or the standby list. */
  const [aside, setAside] = useState<{ form: 'enquiry' } | { form: 'standby'; start: StandbyStart } | null>(
    null,
  );
  const [leaving, setLeaving] = useState(false);
  const termsId = useId();
  const enquiryButton = useRef<HTMLButtonElement>(null);
  const standbyButton = useRef<HTMLButtonElement>(null);
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);

  const booking = useSiteForm({
    defaultValues: startValues,
    validate: ruleResolver((values) =>
      bookingProblem(bookingRequest(values, event?.slug ?? null), slots, values),
    ),
    send: async (values) => {
      const request = bookingRequest(values, event?.slug ?? null);
      const body = JSON.stringify(request);
      if (lastAttempt.current?.body !== body) lastAttempt.current = { body, key: crypto.randomUUID() };
      try {
        const made = await api.createBooking(request, lastAttempt.current.key);
        lastAttempt.current = null;
        if (made.payment) {
          // The booking waits while the guest pays: the return page opens their own page when it is paid.
          setLeaving(true);
          goToCheckout(made.payment, made.manageUrl ?? '');
          return;
        }
        if (made.manageUrl) {
          // The confirmation has its own address, the guest's own page: it survives Back and reload.
          navigate(`${new URL(made.manageUrl).pathname}?${JUST_BOOKED_PARAMETER}`);
          return;
        }
        // A replayed answer carries no link: the guest then has it in their e-mail only.
        setBookedInPlace({ reference: made.reference, booked: request });
        booking.form.reset(startValues);
      } catch (error) {
        // The slot may have filled meanwhile: show the guest the latest numbers.
        refreshAvailability();
        if (!unreachable(error)) throw error;
        booking.form.setError('root', { type: 'server', message: BOOKING_MESSAGES.unreachable });
      }
    },
    failure: BOOKING_MESSAGES.failure,
  });
  const { form } = booking;

  const date = useWatch({ control: form.control, name: 'date' });
  const guests = useFormPartySize(form.control);
  // The pub's settings decide which days have services; a Monday without any gets the spec's banner.
  const eventDay = bookableEvent !== null && date === bookableEvent.date;
  const monday = date !== '' && servicesOn(date, settings).length === 0 && !eventDay && isMonday(date);
  // The times offered are those with covers for this party (a party too large for online asks none).
  const coversFor = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;
  const { availability, refresh: refreshAvailability } = useAvailability({
    date,
    monday,
    party: coversFor,
    eventSlug: bookableEvent?.slug,
  });
  const slots = availability.status === 'ready' ? availability.slots : [];
  const timeSlot = useWatch({ control: form.control, name: 'timeSlot' });
  const terms = useDepositTerms({
    date,
    timeSlot,
    guests: coversFor,
    eventSlug: bookableEvent?.slug ?? null,
  });

  // Back from the checkout, a page the browser kept as it was lets the guest send the form again.
  useEffect(() => {
    const cameBack = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', cameBack);
    return () => window.removeEventListener('pageshow', cameBack);
  }, []);

  // Asking for another booking starts at the name, once the form is back in the page.
  const askedForAnother = useRef(false);
  useEffect(() => {
    if (bookedInPlace === null && askedForAnother.current) form.setFocus('name');
    askedForAnother.current = false;
  }, [bookedInPlace, form]);

  if (aside) {
    // Back at the booking form, the guest is where they left it: on the button that opened the other form.
    const backTo = aside.form === 'enquiry' ? enquiryButton : standbyButton;
    const onBack = () => {
      setAside(null);
      requestAnimationFrame(() => backTo.current?.focus());
    };
    return (
      <Suspense fallback={<p className="text-ink-soft">Loading…</p>}>
        {aside.form === 'enquiry' ? (
          <EnquiryForm start={enquiryFromBooking(form.getValues(), guests)} onBack={onBack} />
        ) : (
          <StandbyForm start={aside.start} onBack={onBack} />
        )}
      </Suspense>
    );
  }

  return (
    <SiteForm form={booking} aria-label="Book a table">
      <ReadyFieldset className="contents space-y-8">
        {bookedInPlace ? (
          <BookingConfirmation
            confirmation={bookedInPlace}
            onBookAnother={() => {
              askedForAnother.current = true;
              setBookedInPlace(null);
            }}
          />
        ) : (
          <>
            {event ? <EventField event={event} bookable={bookableEvent !== null} /> : null}
            <fieldset className="space-y-5">
              <legend className="font-serif text-2xl text-green-900">Your details</legend>
              <FormContactFields />
            </fieldset>
            <TableFields
              range={range}
              settings={settings}
              monday={monday}
              availability={availability}
              guests={coversFor ?? 1}
              eventTitle={bookableEvent?.title}
              enquiryButton={enquiryButton}
              onEnquire={() => setAside({ form: 'enquiry' })}
              standbyButton={standbyButton}
              onStandby={() =>
                setAside({ form: 'standby', start: { values: form.getValues(), slots, range } })
              }
            />
            <fieldset className="space-y-5">
              <legend className="font-serif text-2xl text-green-900">Anything we should know?</legend>
              <FormBookingNotesFields
                accessibilityLabel="Someone in our party has accessibility needs"
                allergiesHint="Please tell us about any allergies or intolerances; many of our dishes can be made vegan."
              />
              <FormSpamTrap />
            </fieldset>
            <FormMarketingConsent />
            <div className="space-y-4">
              {/* Kept in place while empty, so the terms are announced when a change makes them apply. */}
              <div aria-live="polite" className="empty:hidden">
                {terms ? <TermsBox terms={terms} id={termsId} /> : null}
              </div>
              <FormError />
              <BookTableButton monday={monday} terms={terms} termsId={termsId} leaving={leaving} />
            </div>
          </>
        )}
      </ReadyFieldset>
    </SiteForm>
  );
}
