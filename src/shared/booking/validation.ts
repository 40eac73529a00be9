import { formatTime, isRealIsoDate } from '../time/london-time.ts';
import { LARGE_PARTY_FROM, MAX_ONLINE_PARTY } from './online-limit.ts';
import { partySize } from './party.ts';
import { isMonday } from './rules.ts';
import type { AvailabilitySlot } from './schemas.ts';

/** The spec's §5 texts, word for word. */
export const BOOKING_MESSAGES = {
  spam: 'Spam detected.',
  name: 'Please enter your name.',
  phone: 'Please enter your phone number.',
  /** Not in the spec: the server's check that the phone number has the shape of one. */
  phoneInvalid: 'Please enter a valid phone number.',
  email: 'Please enter a valid email.',
  date: 'Please choose a date.',
  monday: 'We’re closed for food on Mondays. Please choose Tue–Sun.',
  time: 'Please choose a time.',
  timeUnavailable: 'That time is not available on the selected day.',
  slotClosed: 'Bookings are closed for that time.',
  /** Not in the spec: a time chosen before it went by (issue 27). */
  timePassed: 'That time has passed: please choose a later one.',
  slotFull: 'Sorry, that time is fully booked. Please choose another.',
  partyEmpty: 'Please enter adults or children (at least 1).',
  /** Not in the spec: an online party brings an adult (staff may book any party). */
  partyNoAdult: 'Please include at least 1 adult: children must be accompanied by an adult.',
  partyTooLarge: `For groups of ${LARGE_PARTY_FROM} or more, please call us so we can seat you comfortably.`,
  success: 'Thanks! Your booking has been received and confirmed by email.',
  failure: 'Failed to send booking. Please try another time.',
  /** Not in the spec: the request never reached the pub, so the guest knows nothing was booked (issue 27). */
  unreachable:
    'We couldn’t reach the pub, so nothing has been booked yet. Please check your connection and try again.',
  mondayBanner: 'Kitchen closed on Mondays — please choose Tuesday to Sunday.',
  datePast: 'That day has passed. Please choose today or a later date.',
  dateTooFar: (days: number) =>
    `We take table bookings up to ${days} days ahead. Please choose an earlier date.`,
  christmasDay: 'Christmas Day is booked on our Christmas page, with its own menu.',
  dayClosed: (label: string) => `We’re closed on that day (${label}). Please choose another date.`,
  /** Not in the spec: a special date's hours close some of the day's times (issue 26). */
  shorterHours: (label: string, hours: string) =>
    `We’re open ${hours} on that day (${label}), so there are fewer times to book.`,
  stillToDo: (missing: readonly string[]) => `Still to do: choose ${missing.join(' and ')}.`,
} as const;

/**
 * Ours after issue 27: guests see a time's covers only as "few tables left", when it has this many or fewer
 * (a count on every time reads as a shop's stock, and tells the room how quiet it is).
 */
export const FEW_COVERS_LEFT = 8;

export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface BookingCheckInput {
  /** The hidden spam field: people leave it empty. */
  website: string;
  name: string;
  phone: string;
  email: string;
  date: string;
  timeSlot: string;
  partyAdults: number;
  partyChildren: number;
}

export type BookingProblem =
  | { kind: 'invalid'; message: string }
  /** The slot is closed or full: the server answers 409. */
  | { kind: 'unavailable'; message: string };

/**
 * Spec §5: the table-booking checks in their order; the first failure wins. Shared by form and server, for a new
 * online booking and a guest changing theirs; ours besides: an online party has an adult.
 */
export function checkBooking(
  input: BookingCheckInput,
  availability: readonly AvailabilitySlot[],
): BookingProblem | null {
  const invalid = (message: string): BookingProblem => ({ kind: 'invalid', message });
  if (input.website.trim() !== '') return invalid(BOOKING_MESSAGES.spam);
  if (input.name.trim() === '') return invalid(BOOKING_MESSAGES.name);
  if (input.phone.trim() === '') return invalid(BOOKING_MESSAGES.phone);
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) return invalid(BOOKING_MESSAGES.email);
  // Anything that is not a real calendar date counts as no date.
  if (!isRealIsoDate(input.date)) return invalid(BOOKING_MESSAGES.date);
  // Mondays have no services unless the pub's booking settings give them some.
  if (availability.length === 0 && isMonday(input.date)) return invalid(BOOKING_MESSAGES.monday);
  if (input.timeSlot === '') return invalid(BOOKING_MESSAGES.time);
  const slot = availability.find((candidate) => candidate.time === input.timeSlot);
  if (!slot) return invalid(BOOKING_MESSAGES.timeUnavailable);
  if (slot.closed) {
    return {
      kind: 'unavailable',
      message: slot.passed ? BOOKING_MESSAGES.timePassed : BOOKING_MESSAGES.slotClosed,
    };
  }
  if (slot.remaining <= 0) return { kind: 'unavailable', message: BOOKING_MESSAGES.slotFull };
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!(guests > 0)) return invalid(BOOKING_MESSAGES.partyEmpty);
  if (!(input.partyAdults >= 1)) return invalid(BOOKING_MESSAGES.partyNoAdult);
  if (guests > MAX_ONLINE_PARTY) return invalid(BOOKING_MESSAGES.partyTooLarge);
  // Ours after spec §5: `remaining` is the covers the slot has left for this party; too few is full for it.
  if (slot.remaining < guests) return { kind: 'unavailable', message: BOOKING_MESSAGES.slotFull };
  return null;
}

export const STAFF_BOOKING_MESSAGES = {
  contact: 'Please enter a phone number or an e-mail address.',
  closed: (time: string) =>
    `${time} is closed to online bookings. Tick “Book anyway” to book it all the same.`,
  coversShort: (left: number, time: string) =>
    `Only ${left} ${left === 1 ? 'cover is' : 'covers are'} left at ${time}. Tick “Book anyway” to seat them all the same.`,
} as const;

/** What a booking staff take must have; closed slots and large parties are theirs to decide. */
export type StaffBookingCheckInput = Omit<BookingCheckInput, 'website'> & { overCapacity: boolean };

/**
 * A booking taken by staff: name, a way to reach the guest, a real date, a time of one of the day's services,
 * at least one guest; into a closed slot or past the covers left only when staff tick "Book anyway" (guests
 * never can).
 */
export function checkStaffBooking(
  input: StaffBookingCheckInput,
  availability: readonly AvailabilitySlot[],
): BookingProblem | null {
  const invalid = (message: string): BookingProblem => ({ kind: 'invalid', message });
  if (input.name.trim() === '') return invalid(BOOKING_MESSAGES.name);
  if (input.phone.trim() === '' && input.email.trim() === '') return invalid(STAFF_BOOKING_MESSAGES.contact);
  if (input.email.trim() !== '' && !SIMPLE_EMAIL_PATTERN.test(input.email.trim())) {
    return invalid(BOOKING_MESSAGES.email);
  }
  if (!isRealIsoDate(input.date)) return invalid(BOOKING_MESSAGES.date);
  if (input.timeSlot === '') return invalid(BOOKING_MESSAGES.time);
  const slot = availability.find((candidate) => candidate.time === input.timeSlot);
  if (!slot) return invalid(BOOKING_MESSAGES.timeUnavailable);
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!(guests > 0)) return invalid(BOOKING_MESSAGES.partyEmpty);
  if (!input.overCapacity && slot.closed) {
    return { kind: 'unavailable', message: STAFF_BOOKING_MESSAGES.closed(formatTime(input.timeSlot)) };
  }
  if (!input.overCapacity && slot.remaining < guests) {
    return {
      kind: 'unavailable',
      message: STAFF_BOOKING_MESSAGES.coversShort(slot.remaining, formatTime(input.timeSlot)),
    };
  }
  return null;
}

const PHONE_CHARACTERS = /^[\d +()-]+$/;

/** Digits, spaces and + ( ) - only, with 7 to 15 digits (E.164 allows at most 15). */
export function isPlausiblePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(phone) && digits >= 7 && digits <= 15;
}

export const BOOKING_OCCASIONS = [
  'None',
  'Birthday',
  'Anniversary',
  'Graduation',
  'Quiz Night',
  'Other',
] as const;
export type BookingOccasion = (typeof BOOKING_OCCASIONS)[number];

/** Longest text the server keeps for each free-text field. */
export const BOOKING_FIELD_LIMITS = {
  name: 100,
  phone: 30,
  email: 254,
  accessibilityNotes: 500,
  occasionNotes: 500,
  allergies: 500,
  specialNotes: 1000,
} as const;
