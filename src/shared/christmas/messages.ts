import { BOOKING_MESSAGES } from '../booking/validation.ts';
import { plural } from '../text/plural.ts';
import type { Course } from './ids.ts';
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

/** Spec §5 "Christmas admin create": the one alert of the staff form, word for word. */
export const CHRISTMAS_ADMIN_ALERT =
  'Please fill contact, party and allocate each course equal to total guests.';

const COURSE_NOUNS: Record<Course, [one: string, many: string]> = {
  starters: ['starter', 'starters'],
  mains: ['main', 'mains'],
  desserts: ['dessert', 'desserts'],
};

/** The server's precise answers to a phone or walk-in booking that the form's alert sums up. */
export const CHRISTMAS_ADMIN_MESSAGES = {
  name: 'Please enter the guest’s name.',
  phone: 'Please enter the guest’s phone number.',
  phoneInvalid: BOOKING_MESSAGES.phoneInvalid,
  email: BOOKING_MESSAGES.email,
  course: (course: Course, guests: number, allocated: number) =>
    `Please allocate exactly ${plural(guests, ...COURSE_NOUNS[course])}, one per guest (${allocated} allocated).`,
} as const;
