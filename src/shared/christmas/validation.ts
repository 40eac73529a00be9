import { guestCountMessage, isWholeCount, partySize } from '../booking/party.ts';
import { BOOKING_MESSAGES, isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import { isStaffPaymentMethod } from '../money/taken-by-staff.ts';
import type { ChristmasAvailability, SittingAvailability } from './checkout-schemas.ts';
import { countsAreWhole, courseTotal, dishesAreOnTheMenu } from './courses.ts';
import type { Course } from './ids.ts';
import { CHRISTMAS_ADMIN_MESSAGES, CHRISTMAS_MESSAGES } from './messages.ts';
import { MAX_ONLINE_CHRISTMAS_PARTY } from './online-limit.ts';
import type { ChristmasSelections } from './schemas.ts';
import type { ChristmasSeason } from './season-schema.ts';
import { normaliseSittingId } from './sittings.ts';

export type ChristmasField =
  | 'name'
  | 'phone'
  | 'email'
  | 'session'
  | 'partyAdults'
  | 'partyChildren'
  | Course
  | 'depositMethod';

export interface ChristmasProblem {
  /** 'unavailable' (closed or not enough seats) is a 409 on the server; the rest are 400. */
  kind: 'invalid' | 'unavailable';
  message: string;
  field: ChristmasField;
}

/** A problem of a party or its courses, on one of their fields. */
export type ChristmasOrderProblem = ChristmasProblem & { field: 'partyAdults' | Course };

export interface ChristmasOrderInput {
  name: string;
  phone: string;
  email: string;
  session: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
}

/** A phone or walk-in booking as staff enter it (spec §3 "Christmas booking (admin create)"). */
export interface ChristmasAdminBookingInput {
  name: string;
  phone: string;
  email: string;
  sittingId: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
  /** One of `STAFF_PAYMENT_METHODS`; the form's value is blank until staff choose. */
  depositMethod: string;
}

/** A party larger than online orders take: the pub seats it by phone. */
export function onlineLimitProblem(guests: number, pubPhone: string): ChristmasProblem | null {
  return guests > MAX_ONLINE_CHRISTMAS_PARTY
    ? { kind: 'invalid', message: CHRISTMAS_MESSAGES.partyTooLarge(pubPhone), field: 'partyAdults' }
    : null;
}

/** A party larger than the seats the sitting has left. */
export function seatsShortProblem(
  guests: number,
  seats: SittingAvailability | undefined,
): ChristmasProblem | null {
  return seats && seats.remaining < guests
    ? {
        kind: 'unavailable',
        message: CHRISTMAS_MESSAGES.seatsLeft(Math.max(0, seats.remaining)),
        field: 'session',
      }
    : null;
}

/**
 * The checks of the Christmas form and checkout, first failure wins: contact details (as on the table
 * booking), then spec §5 in its order — sitting, party (then ours: no larger than the online limit), mains,
 * starters and desserts, seats left. Whole, non-negative counts are checked before any course is summed,
 * since a -1 could otherwise balance a sum.
 * `availability` is what is known of the seats (the form may not have it yet; the server always does);
 * `pubPhone` is the number a larger party is asked to call.
 */
export function checkChristmasOrder(
  input: ChristmasOrderInput,
  season: ChristmasSeason,
  availability: ChristmasAvailability | null,
  pubPhone: string,
): ChristmasProblem | null {
  if (input.name.trim() === '') return { kind: 'invalid', message: BOOKING_MESSAGES.name, field: 'name' };
  if (input.phone.trim() === '') return { kind: 'invalid', message: BOOKING_MESSAGES.phone, field: 'phone' };
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) {
    return { kind: 'invalid', message: BOOKING_MESSAGES.email, field: 'email' };
  }
  const sittingId = normaliseSittingId(input.session, season);
  if (!sittingId) return { kind: 'invalid', message: CHRISTMAS_MESSAGES.sitting, field: 'session' };
  const seats = availability?.[sittingId];
  if (seats?.closed)
    return { kind: 'unavailable', message: CHRISTMAS_MESSAGES.sittingClosed, field: 'session' };

  for (const [field, label] of [
    ['partyAdults', 'Adults'],
    ['partyChildren', 'Children'],
  ] as const) {
    if (!isWholeCount(input[field])) return { kind: 'invalid', message: guestCountMessage(label), field };
  }
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!(guests >= 1))
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.partyEmpty, field: 'partyAdults' };
  const tooLarge = onlineLimitProblem(guests, pubPhone);
  if (tooLarge) return tooLarge;
  return checkChristmasCourses(input.selections, guests, season) ?? seatsShortProblem(guests, seats);
}

/**
 * Spec §5's course rules for a guest's pre-order, first failure wins: whole counts of dishes on the menu,
 * exactly one main per guest, starters and desserts up to one each. The checkout and a guest's own change
 * of their dishes (issue 18) alike.
 */
export function checkChristmasCourses(
  selections: ChristmasSelections,
  guests: number,
  season: ChristmasSeason,
): ChristmasOrderProblem | null {
  if (!countsAreWhole(selections)) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.counts, field: 'mains' };
  }
  if (!dishesAreOnTheMenu(selections, season)) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.unknownDish, field: 'mains' };
  }
  if (courseTotal(selections, 'mains') !== guests) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.mains(guests), field: 'mains' };
  }
  for (const course of ['starters', 'desserts'] as const) {
    if (courseTotal(selections, course) > guests) {
      return { kind: 'invalid', message: CHRISTMAS_MESSAGES.startersAndDesserts, field: course };
    }
  }
  return null;
}

/**
 * Spec §5 "Christmas admin create" as issue 27 changed it, first failure wins: a name; a phone number or an
 * e-mail address, each checked when given (as on the table-booking screen); a sitting; the party and its
 * courses (`checkChristmasPartyOrder`); how the deposit was taken; with `availability`, the seats left. A
 * sitting closed to online orders still takes phone and walk-in bookings: that is what closing it is for.
 */
export function checkChristmasAdminBooking(
  input: ChristmasAdminBookingInput,
  season: ChristmasSeason,
  availability: ChristmasAvailability | null,
): ChristmasProblem | null {
  const invalid = (message: string, field: ChristmasField): ChristmasProblem => ({
    kind: 'invalid',
    message,
    field,
  });
  const phone = input.phone.trim();
  const email = input.email.trim();
  if (input.name.trim() === '') return invalid(CHRISTMAS_ADMIN_MESSAGES.name, 'name');
  if (phone === '' && email === '') return invalid(CHRISTMAS_ADMIN_MESSAGES.contact, 'phone');
  if (phone !== '' && !isPlausiblePhone(phone)) {
    return invalid(CHRISTMAS_ADMIN_MESSAGES.phoneInvalid, 'phone');
  }
  if (email !== '' && !SIMPLE_EMAIL_PATTERN.test(email)) {
    return invalid(CHRISTMAS_ADMIN_MESSAGES.email, 'email');
  }
  const sittingId = normaliseSittingId(input.sittingId, season);
  if (!sittingId) return invalid(CHRISTMAS_MESSAGES.sitting, 'session');

  const order = checkChristmasPartyOrder(input, season);
  if (order) return order;
  if (!isStaffPaymentMethod(input.depositMethod)) {
    return invalid(CHRISTMAS_ADMIN_MESSAGES.depositMethod, 'depositMethod');
  }
  return seatsShortProblem(partySize(input.partyAdults, input.partyChildren), availability?.[sittingId]);
}

/**
 * A party and its courses as staff take or change them by phone, first failure wins: a party above 0, then
 * the courses by the guests' own rule (`checkChristmasCourses`).
 */
export function checkChristmasPartyOrder(
  input: { partyAdults: number; partyChildren: number; selections: ChristmasSelections },
  season: ChristmasSeason,
): ChristmasOrderProblem | null {
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!isWholeCount(input.partyAdults) || !isWholeCount(input.partyChildren) || guests < 1) {
    return { kind: 'invalid', message: CHRISTMAS_MESSAGES.partyEmpty, field: 'partyAdults' };
  }
  return checkChristmasCourses(input.selections, guests, season);
}
