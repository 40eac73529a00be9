import { BOOKING_MESSAGES, STAFF_BOOKING_MESSAGES } from '../booking/validation.ts';
import { staffPaymentMethodMessage } from '../money/taken-by-staff.ts';
import { plural } from '../text/plural.ts';
import { MAX_ONLINE_CHRISTMAS_PARTY } from './online-limit.ts';

/** Spec §5 "Christmas public" texts word for word, and ours where the spec gives none. */
export const CHRISTMAS_MESSAGES = {
  sitting: 'Please choose a valid sitting.',
  partyEmpty: 'Party size must be at least 1.',
  partyTooLarge: (phone: string) =>
    `For Christmas Day parties of more than ${MAX_ONLINE_CHRISTMAS_PARTY}, please call us on ${phone} so we can seat you together.`,
  mains: (guests: number) => `Please select exactly ${guests} mains (1 per guest).`,
  startersAndDesserts: 'Starters and desserts cannot exceed the number of guests.',
  seatsLeft: (remaining: number) => `Only ${remaining} seats left in this sitting.`,
  counts: 'Dish counts must be whole numbers, 0 or more.',
  unknownDish: 'Please choose dishes from our Christmas menu.',
  sittingClosed: 'Online booking for this sitting has closed. Please call us to ask about a table.',
  onlineClosed: 'Online Christmas Day orders have closed. Please call us to ask about a table.',
  failure: 'Failed to start checkout',
  unknownReservation: 'We could not find that reservation.',
} as const;

/** The words of a phone or walk-in booking (spec §5 "Christmas admin create", as issue 27 changed it). */
export const CHRISTMAS_ADMIN_MESSAGES = {
  intro:
    'Stored as confirmed straight away, and e-mailed to the guest when there is an address. ' +
    'One main per guest; starters and desserts up to one each.',
  emailHint:
    'A phone number or an e-mail address will do. Without an e-mail, nothing is e-mailed to the guest.',
  name: 'Please enter the guest’s name.',
  contact: STAFF_BOOKING_MESSAGES.contact,
  phoneInvalid: BOOKING_MESSAGES.phoneInvalid,
  email: BOOKING_MESSAGES.email,
  depositMethod: staffPaymentMethodMessage('deposit'),
  created: (booking: {
    reference: string;
    name: string;
    partySize: number;
    sittingLabel: string;
    email: string;
  }) =>
    `Booked ${booking.reference}: ${booking.name}, ${plural(booking.partySize, 'guest', 'guests')}, ` +
    `${booking.sittingLabel}. ` +
    (booking.email
      ? `A confirmation is on its way to ${booking.email}.`
      : 'No confirmation was e-mailed: the booking has no e-mail address.'),
} as const;
