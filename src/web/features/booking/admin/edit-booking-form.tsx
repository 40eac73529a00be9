import { useEffect, useId, useRef } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { changeValuesOf } from '../booking-request.ts';
import * as api from './api.ts';
import { BOOKING_CHANGE_MESSAGES } from './booking-change-messages.ts';
import {
  FormNotifyGuest,
  FormStaffNoteField,
  type StaffSeating,
  StaffSeatingFields,
  type StaffSeatingValues,
  seatingRequest,
  useStaffSeating,
} from './staff-booking-fields.tsx';

type EditValues = StaffSeatingValues & { allergies: string; specialNotes: string };

function valuesOf(booking: StoredBooking): EditValues {
  return { ...changeValuesOf(booking), notifyGuest: true, bookAnyway: false };
}

/** What staff read once the change is saved: the booking as it stands, where it went, who was told. */
function savedText(before: StoredBooking, after: StoredBooking, notified: boolean, seatingChanged: boolean) {
  const { saved, leftTheDay, emailed, notEmailed, notesOnly } = BOOKING_CHANGE_MESSAGES;
  return [
    saved(
      `${formatLongDate(after.date)}, ${formatTime(after.timeSlot)}`,
      plural(after.partySize, 'guest', 'guests'),
    ),
    after.date === before.date ? '' : leftTheDay(formatLongDate(before.date)),
    seatingChanged ? (notified ? emailed(after.email) : notEmailed) : notesOnly,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Staff change a booking's date, time, party and notes (issue 17): every slot of any day with the covers
 * left without this booking, into a closed or short slot only when they tick "Book anyway", and the guest
 * e-mailed the new details when they choose.
 */
export function EditBookingForm({
  booking,
  onSaved,
  onKeep,
}: {
  booking: StoredBooking;
  onSaved: (booking: StoredBooking, message: string) => void;
  onKeep: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const hasEmail = booking.email !== '';
  const change = (values: EditValues) => ({
    ...seatingRequest(values),
    allergies: values.allergies.trim(),
    specialNotes: values.specialNotes.trim(),
    notifyGuest: values.notifyGuest && hasEmail,
    overCapacity: seating.overCapacity(values),
  });
  const edit = useSiteForm<EditValues>({
    defaultValues: valuesOf(booking),
    validate: ruleResolver((values) => {
      const { allergies, specialNotes, ...seatingAndNotice } = change(values);
      const notesChanged = allergies !== booking.allergies || specialNotes !== booking.specialNotes;
      if (!seating.seatingChanged && !notesChanged)
        return { field: null, message: BOOKING_CHANGE_MESSAGES.unchanged };
      return seating.problem(values, { ...booking, ...seatingAndNotice });
    }),
    send: async (values) => {
      const request = change(values);
      try {
        const saved = await api.changeBooking(booking._id, request);
        onSaved(saved, savedText(booking, saved, request.notifyGuest, seating.seatingChanged));
      } catch (error) {
        if (!seating.refused(error)) throw error;
      }
    },
    failure: BOOKING_CHANGE_MESSAGES.failure,
  });
  const seating: StaffSeating<EditValues> = useStaffSeating(edit.form, booking);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <SiteForm form={edit} aria-labelledby={headingId} className="space-y-5">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-serif text-2xl text-green-900">
        Change booking
      </h3>
      <StaffSeatingFields seating={seating} />
      <FormStaffNoteField name="allergies" rows={2} />
      <FormStaffNoteField name="specialNotes" rows={3} />
      <FormNotifyGuest
        label={BOOKING_CHANGE_MESSAGES.notifyLabel}
        hint={hasEmail ? BOOKING_CHANGE_MESSAGES.notifyHint(booking.email) : BOOKING_CHANGE_MESSAGES.noEmail}
        disabled={!hasEmail}
      />
      <FormError />
      <div className="flex flex-col gap-3 border-t border-cream-200 pt-5 sm:flex-row">
        <SubmitButton className="btn-dark min-h-12" busyLabel="Saving…">
          Save changes
        </SubmitButton>
        <button type="button" onClick={onKeep} className="btn-outline min-h-12">
          Keep as it was
        </button>
      </div>
    </SiteForm>
  );
}
