import { useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { MAX_ONLINE_PARTY } from '#shared/booking/online-limit.ts';
import { guestCountFromInput, partyText } from '#shared/booking/party.ts';
import { serviceLabel } from '#shared/booking/rules.ts';
import type { ManagedBooking } from '#shared/booking/schemas.ts';
import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { topUpPenceFor } from '#shared/deposits/terms.ts';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { FormPartyFields, useFormPartySize } from '#web/forms/field-groups.tsx';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { useVenue } from '../content/site-content.tsx';
import { cancelExpectation, cancellationOutcome } from '../deposits/guest-payment.ts';
import { PaymentSection } from '../deposits/payment-section.tsx';
import { goToCheckout } from '../deposits/return-link.ts';
import { TopUpNote } from '../deposits/top-up-note.tsx';
import { useDepositTerms } from '../deposits/use-deposit-terms.ts';
import type { DetailRow } from '../manage/detail-list.tsx';
import { type ChangeHandlers, GuestChangeForm, useGuestChangeForm } from '../manage/guest-change-form.tsx';
import { ManageFrame } from '../manage/manage-frame.tsx';
import * as api from './api.ts';
import { bookingProblem, changeValuesOf } from './booking-request.ts';
import { FormTimeField } from './time-select.tsx';
import { useAvailability } from './use-availability.ts';

type Booking = ManagedBooking['booking'];

/** The booking as its confirmation showed it. */
function detailRows(booking: Booking): DetailRow[] {
  return [
    ['Reference', booking.reference],
    ['Date', formatLongDate(booking.date)],
    ['Time', `${formatTime(booking.timeSlot)} (${serviceLabel(booking.service, booking.date)})`],
    ['Party', partyText(booking.partyAdults, booking.partyChildren)],
    ['Name', booking.name],
  ];
}

type ChangeValues = ReturnType<typeof changeValuesOf>;

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

function ChangeForm({
  token,
  booking,
  payment,
  save,
  onKeep,
}: { token: string; booking: Booking; payment: ManagedBooking['payment'] } & ChangeHandlers<ManagedBooking>) {
  const { pathname } = useLocation();
  const change = useGuestChangeForm<ChangeValues>({
    defaultValues: changeValuesOf(booking),
    check: (values) => bookingProblem({ ...booking, ...changeOf(values), website: '' }, slots, values),
    send: (values) =>
      save(async () => {
        const answer = await api.changeManagedBooking(token, {
          ...changeOf(values),
          version: booking.updatedAt,
        });
        if (!('topUp' in answer)) return answer;
        // The change is made once its difference is paid: at Stripe's page, then back here.
        goToCheckout(answer.topUp, `${pathname}?changed`);
        return new Promise<never>(() => {});
      }),
  });
  const { form } = change;
  const date = useWatch({ control: form.control, name: 'date' });
  const timeSlot = useWatch({ control: form.control, name: 'timeSlot' });
  const guests = useFormPartySize(form.control);
  const coversFor = guests >= 1 && guests <= MAX_ONLINE_PARTY ? guests : undefined;
  const { availability } = useAvailability({ date, party: coversFor, token });
  const slots = availability.status === 'ready' ? availability.slots : [];
  const terms = useDepositTerms({ date, timeSlot, guests: coversFor, eventSlug: booking.eventSlug });
  const difference = terms && payment ? topUpPenceFor(terms, payment) : 0;

  return (
    <GuestChangeForm form={change} label="Change booking" onKeep={onKeep} className="space-y-5">
      <FormPartyFields onlineLimit />
      {terms && difference > 0 ? <TopUpNote terms={terms} pence={difference} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField name="date" label="Date" required type="date" />
        <FormTimeField availability={availability} guests={coversFor ?? 1} />
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
    </GuestChangeForm>
  );
}

/**
 * The booking the cancellation asks about and, with a deposit or card guarantee, what cancelling now does to the
 * money: said before the guest confirms, and sent with the cancellation.
 */
function CancelSummary({ managed: { booking, payment } }: { managed: ManagedBooking }) {
  const outcome = cancellationOutcome(payment);
  const party = partyText(booking.partyAdults, booking.partyChildren);
  const when = `${formatLongDate(booking.date)} at ${formatTime(booking.timeSlot)}`;
  return (
    <>
      <p className="mt-3">
        Your table for {party} on {when} (reference {booking.reference}).
      </p>
      {outcome ? <p className="mt-3 font-semibold text-green-900">{outcome}</p> : null}
    </>
  );
}

/**
 * A guest's own booking (/bookings/manage/:token, issue 18): see it, change it, cancel it. Opened from the
 * reminder's "Yes, we're coming" (`?coming=yes`), it asks for the tap that tells the pub to expect them.
 */
export function ManageBooking({ token, initial }: { token: string; initial: ManagedBooking }) {
  const venue = useVenue();
  return (
    <ManageFrame
      initial={initial}
      allows={({ started }) => ({ change: !started, cancel: !started })}
      wasCancelled={() => MANAGE_MESSAGES.alreadyCancelled}
      details={({ booking }) => detailRows(booking)}
      moreDetails={({ booking, payment }) =>
        payment ? (
          <PaymentSection token={token} payment={payment} cancelled={booking.status === 'CANCELLED'} />
        ) : null
      }
      notes={({ booking }) => ({ allergies: booking.allergies, specialNotes: booking.specialNotes })}
      closedNote={({ started }) =>
        started ? <p className="text-ink-soft">{MANAGE_MESSAGES.tooLateToChange}</p> : null
      }
      changeLabel="Change booking"
      calendarPath={api.managedBookingCalendarPath(token)}
      changeForm={({ booking, payment }, outcomes) => (
        <ChangeForm token={token} booking={booking} payment={payment} {...outcomes} />
      )}
      changed={MANAGE_MESSAGES.changed}
      footer={() => (
        <p className="text-ink-soft">
          Questions, or a party larger than {MAX_ONLINE_PARTY}? Call us on{' '}
          <a href={telephoneHref(venue.phone)} className="link">
            {venue.phone}
          </a>
          .
        </p>
      )}
      cancelQuestion={MANAGE_MESSAGES.cancelQuestion}
      cancelSummary={(managed) => <CancelSummary managed={managed} />}
      confirmComing={() => api.confirmComing(token)}
      cancel={({ payment }) => api.cancelManagedBooking(token, cancelExpectation(payment))}
      cancelled={() => MANAGE_MESSAGES.cancelled}
    />
  );
}
