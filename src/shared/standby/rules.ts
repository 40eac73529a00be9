import { MAX_ONLINE_PARTY } from '../booking/online-limit.ts';
import { partySize } from '../booking/party.ts';
import { type Service, serviceForTime } from '../booking/rules.ts';
import type { AvailabilitySlot } from '../booking/schemas.ts';
import type { BookingSettings } from '../booking/settings.ts';
import { BOOKING_MESSAGES, isPlausiblePhone, SIMPLE_EMAIL_PATTERN } from '../booking/validation.ts';
import { isRealIsoDate } from '../time/london-time.ts';
import { STANDBY_MESSAGES } from './messages.ts';

/** A guest's request to join the standby list, as the rule reads it: the counts already numbers. */
export interface StandbyJoinInput {
  /** The hidden spam field: people leave it empty. */
  website: string;
  name: string;
  email: string;
  phone: string;
  date: string;
  windowStart: string;
  windowEnd: string;
  partyAdults: number;
  partyChildren: number;
}

export type StandbyJoinField = Exclude<keyof StandbyJoinInput, 'website'>;

export interface StandbyJoinProblem {
  /** The field it is about, so a form shows it there; null for the form as a whole (the spam check). */
  field: StandbyJoinField | null;
  message: string;
  /** 'unavailable' (closed, full list, a free time) is a 409 on the server; 'invalid' a 400. */
  kind: 'invalid' | 'unavailable';
}

const invalid = (field: StandbyJoinField | null, message: string): StandbyJoinProblem => ({
  field,
  message,
  kind: 'invalid',
});

/**
 * The join request's checks, in order, shared by the form and the server; the first failure wins. With the
 * date's `availability` for the party (the form's as loaded, the server's under the lock), a window whose
 * times are all closed is refused, and one with a time free sends the guest to book it instead.
 */
export function checkStandbyJoin(
  input: StandbyJoinInput,
  availability?: readonly AvailabilitySlot[],
): StandbyJoinProblem | null {
  if (input.website.trim() !== '') return invalid(null, BOOKING_MESSAGES.spam);
  if (input.name.trim() === '') return invalid('name', BOOKING_MESSAGES.name);
  if (input.phone.trim() === '') return invalid('phone', BOOKING_MESSAGES.phone);
  if (!isPlausiblePhone(input.phone.trim())) return invalid('phone', BOOKING_MESSAGES.phoneInvalid);
  if (!SIMPLE_EMAIL_PATTERN.test(input.email.trim())) return invalid('email', BOOKING_MESSAGES.email);
  if (!isRealIsoDate(input.date)) return invalid('date', BOOKING_MESSAGES.date);
  const guests = partySize(input.partyAdults, input.partyChildren);
  if (!(guests > 0)) return invalid('partyAdults', BOOKING_MESSAGES.partyEmpty);
  if (!(input.partyAdults >= 1)) return invalid('partyAdults', BOOKING_MESSAGES.partyNoAdult);
  if (guests > MAX_ONLINE_PARTY) return invalid('partyAdults', BOOKING_MESSAGES.partyTooLarge);
  if (input.windowStart === '') return invalid('windowStart', STANDBY_MESSAGES.windowStart);
  if (input.windowEnd === '') return invalid('windowEnd', STANDBY_MESSAGES.windowEnd);
  if (input.windowEnd < input.windowStart) return invalid('windowEnd', STANDBY_MESSAGES.windowOrder);
  if (serviceForTime(input.windowStart) !== serviceForTime(input.windowEnd)) {
    return invalid('windowEnd', STANDBY_MESSAGES.windowService);
  }
  if (!availability) return null;
  const inWindow = slotsInWindow(availability, input.windowStart, input.windowEnd);
  if (inWindow.length === 0) return invalid('windowStart', BOOKING_MESSAGES.timeUnavailable);
  if (inWindow.every((slot) => slot.closed)) {
    return { field: 'date', message: STANDBY_MESSAGES.serviceClosed, kind: 'unavailable' };
  }
  const free = inWindow.find((slot) => !slot.closed && slot.remaining >= guests);
  if (free)
    return { field: 'windowStart', message: STANDBY_MESSAGES.timeFree(free.time), kind: 'unavailable' };
  return null;
}

/** The slots of a date from `start` to `end` (HH:MM, both included). */
export function slotsInWindow(
  availability: readonly AvailabilitySlot[],
  start: string,
  end: string,
): AvailabilitySlot[] {
  return availability.filter((slot) => !slot.event && slot.time >= start && slot.time <= end);
}

/** The service a window of times lies in. */
export function standbyServiceOf(windowStart: string): Service {
  return serviceForTime(windowStart);
}

/** Guests the standby list of one service may hold: a share of the service's covers (0: no list). */
export function standbyCapGuests(
  settings: Pick<BookingSettings, 'coversPerService' | 'standbyCapPercent'>,
): number {
  return Math.floor((settings.coversPerService * settings.standbyCapPercent) / 100);
}

/** When an offer made at `now` stops holding its place for the guest. */
export function claimExpiresAt(now: Date, settings: Pick<BookingSettings, 'standbyClaimMinutes'>): Date {
  return new Date(now.getTime() + settings.standbyClaimMinutes * 60_000);
}
