import { partySize } from '../booking/party.ts';
import { isPlausiblePhone, SIMPLE_EMAIL_PATTERN, STAFF_BOOKING_MESSAGES } from '../booking/validation.ts';
import { londonToday } from '../time/london-time.ts';
import { OCCASION_BOOKING_MESSAGES as MESSAGES } from './messages.ts';
import { occasionDates, sellsOnline } from './rules.ts';
import type { Occasion } from './schema.ts';

/** An organiser's booking as the rule reads it: the counts already numbers. */
export interface OccasionBookingInput {
  date: string;
  sittingId: string;
  adults: number;
  children: number;
  name: string;
  email: string;
  phone: string;
}

export type OccasionBookingField = 'date' | 'sittingId' | 'adults' | 'children' | 'name' | 'email' | 'phone';

export interface OccasionBookingProblem {
  /** The request's field the problem is about, so a form shows it there. */
  field: OccasionBookingField;
  message: string;
  /** 'unavailable' (closed, or not enough seats) is a 409 on the server; 'invalid' a 400. */
  kind: 'invalid' | 'unavailable';
}

/** A sitting of a date as it stands: its seats left, and whether it is closed to online bookings. */
export interface OccasionSittingAvailability {
  remaining: number;
  closed: boolean;
}

export interface OccasionBookingContext {
  now: Date;
  /** The pub's phone number, which the refusals that send the guest to the phone give. */
  phone: string;
  /** Staff may book after online booking closes, any party size, a closed sitting, and with a phone or an e-mail. */
  by: 'guest' | 'staff';
  /** The chosen sitting's seats, when known: the server's under its lock, the page's as it was loaded. */
  availability?: OccasionSittingAvailability | undefined;
  /**
   * Whether the date still takes online bookings, when the caller already knows it by the server's clock (the
   * booking page); otherwise `now` decides.
   */
  onlineOpen?: boolean | undefined;
}

const invalid = (field: OccasionBookingField, message: string): OccasionBookingProblem => ({
  field,
  message,
  kind: 'invalid',
});
const unavailable = (field: OccasionBookingField, message: string): OccasionBookingProblem => ({
  field,
  message,
  kind: 'unavailable',
});

/**
 * The party's own limits: an adult, no children where none are taken, the occasion's smallest and largest
 * online party (a larger one calls the pub), and the seats the sitting has left when they are known.
 */
export function occasionPartyProblem(
  occasion: Occasion,
  party: { adults: number; children: number },
  { phone, by, availability }: Pick<OccasionBookingContext, 'phone' | 'by' | 'availability'>,
): OccasionBookingProblem | null {
  if (!(party.adults >= 1)) return invalid('adults', MESSAGES.adults);
  if (party.children > 0 && occasion.prices.childPence === null)
    return invalid('children', MESSAGES.noChildren);
  const guests = partySize(party.adults, party.children);
  if (by === 'guest' && guests < occasion.party.minOnline) {
    return invalid('adults', MESSAGES.partyTooSmall(occasion.party.minOnline));
  }
  if (by === 'guest' && guests > occasion.party.maxOnline) {
    return invalid('adults', MESSAGES.partyTooLarge(occasion.party.maxOnline, phone));
  }
  if (availability && availability.remaining < guests) {
    return unavailable('sittingId', MESSAGES.seatsLeft(Math.max(0, availability.remaining)));
  }
  return null;
}

function contactProblem(input: OccasionBookingInput, by: 'guest' | 'staff'): OccasionBookingProblem | null {
  const email = input.email.trim();
  const phone = input.phone.trim();
  if (by === 'staff') {
    if (email === '' && phone === '') return invalid('phone', STAFF_BOOKING_MESSAGES.contact);
    if (email !== '' && !SIMPLE_EMAIL_PATTERN.test(email)) return invalid('email', MESSAGES.email);
    if (phone !== '' && !isPlausiblePhone(input.phone)) return invalid('phone', MESSAGES.phoneInvalid);
    return null;
  }
  if (!SIMPLE_EMAIL_PATTERN.test(email)) return invalid('email', MESSAGES.email);
  if (phone === '') return invalid('phone', MESSAGES.phone);
  if (!isPlausiblePhone(input.phone)) return invalid('phone', MESSAGES.phoneInvalid);
  return null;
}

/**
 * An organiser's booking (or staff's phone booking) by the occasion's rules, in the order the form is filled
 * in; the first problem wins, null when there is none. A date the occasion runs on and still open, one of its
 * sittings, open online and with seats (when known), the party within its limits, then the name and contact.
 */
export function occasionBookingProblem(
  occasion: Occasion,
  input: OccasionBookingInput,
  context: OccasionBookingContext,
): OccasionBookingProblem | null {
  const { now, phone, by, availability } = context;
  if (!occasionDates(occasion).includes(input.date)) return invalid('date', MESSAGES.date);
  const sitting = occasion.sittings.find((candidate) => candidate.id === input.sittingId);
  if (!sitting) return invalid('sittingId', MESSAGES.sitting);
  const open = context.onlineOpen ?? sellsOnline(occasion, input.date, sitting.start, now);
  if (by === 'guest' && !open) return unavailable('date', MESSAGES.dateClosed(phone));
  if (by === 'staff' && input.date < londonToday(now)) return invalid('date', MESSAGES.date);
  if (by === 'guest' && availability?.closed) return unavailable('sittingId', MESSAGES.sittingClosed(phone));
  if (availability && availability.remaining <= 0) return unavailable('sittingId', MESSAGES.seatsLeft(0));
  return (
    occasionPartyProblem(occasion, input, context) ??
    (input.name.trim() === '' ? invalid('name', MESSAGES.name) : null) ??
    contactProblem(input, by)
  );
}
