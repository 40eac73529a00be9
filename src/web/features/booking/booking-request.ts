import { guestCountFromInput } from '#shared/booking/party.ts';
import type { AvailabilitySlot, BookingRequest, StoredBooking } from '#shared/booking/schemas.ts';
import {
  BOOKING_MESSAGES,
  type BookingCheckInput,
  checkBooking,
  STAFF_BOOKING_MESSAGES,
} from '#shared/booking/validation.ts';
import type { RuleProblem } from '#web/forms/rule-resolver.ts';
import { type BookingNotesValues, EMPTY_BOOKING_NOTES, notesRequest } from './booking-notes-fields.tsx';

/** The public booking form's values, as typed. */
export interface BookingFormValues extends BookingNotesValues {
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

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  name: '',
  phone: '',
  email: '',
  partyAdults: '2',
  partyChildren: '0',
  date: '',
  timeSlot: '',
  ...EMPTY_BOOKING_NOTES,
  website: '',
  marketingConsent: false,
};

type BookingField = Extract<keyof BookingFormValues, string>;

/**
 * Which field a message of the booking rules (the guest's and the staff's) is about, so it is shown under it
 * and focused; the spam check names none.
 */
const FIELD_OF_MESSAGE: Partial<Record<string, BookingField>> = {
  [BOOKING_MESSAGES.name]: 'name',
  [BOOKING_MESSAGES.phone]: 'phone',
  [STAFF_BOOKING_MESSAGES.contact]: 'phone',
  [BOOKING_MESSAGES.email]: 'email',
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

/** A booking's table and its allergies and notes, as a form that changes them starts: the party as typed. */
export function changeValuesOf(
  booking: Pick<
    StoredBooking,
    'date' | 'timeSlot' | 'partyAdults' | 'partyChildren' | 'allergies' | 'specialNotes'
  >,
) {
  return {
    date: booking.date,
    timeSlot: booking.timeSlot,
    partyAdults: String(booking.partyAdults),
    partyChildren: String(booking.partyChildren),
    allergies: booking.allergies,
    specialNotes: booking.specialNotes,
  };
}

/** The booking as the server takes it, from the form's values as typed. */
export function bookingRequest(values: BookingFormValues, eventSlug: string | null): BookingRequest {
  return {
    eventSlug,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    date: values.date,
    timeSlot: values.timeSlot,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
    ...notesRequest(values),
    website: values.website,
    marketingConsent: values.marketingConsent,
  };
}

/**
 * A booking rule's `message`, under the field of the form's `values` it is about; above the button when the
 * form has no such field (the spam check, or a guest's details on a form that only changes the table).
 */
export function onItsField<Values extends object>(
  message: string,
  values: Values,
): RuleProblem<Extract<keyof Values, string>> {
  const field = FIELD_OF_MESSAGE[message];
  const onForm = field !== undefined && field in values;
  return { field: onForm ? (field as Extract<keyof Values, string>) : null, message };
}

/** Spec §5's first problem with `booking` among the day's `slots`, on its field of the form's `values`. */
export function bookingProblem<Values extends object>(
  booking: BookingCheckInput,
  slots: readonly AvailabilitySlot[],
  values: Values,
): RuleProblem<Extract<keyof Values, string>> | null {
  const found = checkBooking(booking, slots);
  return found ? onItsField(found.message, values) : null;
}
