import type { SpecialDate } from '../content/schemas.ts';
import { addDays, compareDateOrTime, londonInstant, londonToday, weekdayOf } from '../time/london-time.ts';
import type { AvailabilitySlot } from './schemas.ts';
import type { BookingSettings } from './settings.ts';

export const SERVICES = ['lunch', 'dinner'] as const;
export type Service = (typeof SERVICES)[number];

/** The rules no setting changes (spec §4, product.md §3). */
export const BOOKING_RULES = {
  /** A time before this is lunch, from it on dinner (spec §4). */
  dinnerFrom: '17:00',
  /** Christmas Day is booked through /christmas, never as a regular table. */
  closedMonthDays: ['12-25'],
} as const;

export const MONDAY = 1;

/** "19:30" as minutes after midnight (1170). */
export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Minutes after midnight as "HH:MM". */
export function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Services the kitchen takes bookings for on that date's weekday (seeded: Sunday lunch, Monday none, Tue–Sat both). */
export function servicesOn(date: string, settings: BookingSettings): Service[] {
  const weekday = weekdayOf(date);
  return SERVICES.filter((service) => settings.services[service].weekdays.includes(weekday));
}

/** Seeded: 12:00, 12:30 … 15:30 for lunch; 18:00 … 21:30 for dinner. */
export function slotTimes(service: Service, settings: BookingSettings): string[] {
  const { opens, closes } = settings.services[service];
  const last = toMinutes(closes) - settings.lastSeatingBeforeCloseMinutes;
  const times: string[] = [];
  for (let minutes = toMinutes(opens); minutes <= last; minutes += settings.slotEveryMinutes) {
    times.push(fromMinutes(minutes));
  }
  return times;
}

/** Before 17:00 is lunch, otherwise dinner (spec §4). */
export function serviceForTime(time: string): Service {
  return time < BOOKING_RULES.dinnerFrom ? 'lunch' : 'dinner';
}

/** "Sunday Roast" on Sundays, else "Lunch" or "Dinner". */
export function serviceLabel(service: Service, date: string): string {
  if (service === 'dinner') return 'Dinner';
  return weekdayOf(date) === 0 ? 'Sunday Roast' : 'Lunch';
}

/** "lunch", "dinner" or "Sunday Roast", for the middle of a sentence. */
export function serviceName(service: Service, date: string): string {
  const label = serviceLabel(service, date);
  return label === 'Sunday Roast' ? label : label.toLowerCase();
}

export function isMonday(date: string): boolean {
  return weekdayOf(date) === MONDAY;
}

/** Christmas Day: booked through /christmas, never as a regular table. */
export function isChristmasDay(date: string): boolean {
  return (BOOKING_RULES.closedMonthDays as readonly string[]).includes(date.slice(5));
}

/** The special date that closes `date`, if the pub has marked one. */
export function closedSpecialDate(
  date: string,
  specialDates: readonly SpecialDate[],
): SpecialDate | undefined {
  return specialDates.find((day) => day.date === date && day.closed);
}

/** A special date that keeps the pub open, for other hours than usual. */
export type SpecialHours = Pick<SpecialDate, 'date' | 'label'> & { opens: string; closes: string };

/** The special hours of `date`, if the pub has given it some (a closed special date has none). */
export function specialHoursOn(date: string, specialDates: readonly SpecialDate[]): SpecialHours | undefined {
  const day = specialDates.find((candidate) => candidate.date === date);
  if (!day || day.closed || day.opens === undefined || day.closes === undefined) return undefined;
  return { date: day.date, label: day.label, opens: day.opens, closes: day.closes };
}

/**
 * Whether special hours leave no table at `time` (issue 26). They only ever cut the services' windows: a table
 * sits from their opening, and its start is no later than `lastSeatingBeforeCloseMinutes` before their closing,
 * as a service's last table is before the service's own close (seeded: 12:00–18:00 seats until 17:30, so
 * dinner from 18:00 not at all). A closing at or before the opening is past midnight: it trims nothing at the end.
 */
export function outsideSpecialHours(
  time: string,
  hours: SpecialHours | undefined,
  settings: BookingSettings,
): boolean {
  if (!hours) return false;
  const start = toMinutes(time);
  const opens = toMinutes(hours.opens);
  const closes = toMinutes(hours.closes);
  if (start < opens) return true;
  return closes > opens && start > closes - settings.lastSeatingBeforeCloseMinutes;
}

/** The times a service seats on `date`: its slots, less those the date's special hours leave out. */
export function seatingTimes(
  service: Service,
  date: string,
  settings: BookingSettings,
  specialDates: readonly SpecialDate[],
): string[] {
  const hours = specialHoursOn(date, specialDates);
  return slotTimes(service, settings).filter((time) => !outsideSpecialHours(time, hours, settings));
}

/** The special hours of `date` when they close some of its services' times: what guests and staff are told. */
export function shortenedHoursOn(
  date: string,
  settings: BookingSettings,
  specialDates: readonly SpecialDate[],
): SpecialHours | undefined {
  const hours = specialHoursOn(date, specialDates);
  const trims = servicesOn(date, settings).some((service) =>
    slotTimes(service, settings).some((time) => outsideSpecialHours(time, hours, settings)),
  );
  return trims ? hours : undefined;
}

/** Christmas Day, or a special date the pub has marked closed. */
export function isClosedDate(date: string, specialDates: readonly SpecialDate[]): boolean {
  return isChristmasDay(date) || closedSpecialDate(date, specialDates) !== undefined;
}

/** The dates a guest may book: today (London) up to the horizon. */
export function bookableDateRange(now: Date, settings: BookingSettings): { first: string; last: string } {
  const first = londonToday(now);
  return { first, last: addDays(first, settings.bookingHorizonDays) };
}

/** An active booking as the covers count sees it: when it sits, and how many. */
export interface SeatedParty {
  timeSlot: string;
  guests: number;
  /**
   * When it leaves its seats, for a party held for a set time (an occasion's sitting, issue 30) rather than its
   * turn: it counts in every slot, of either service, that time overlaps.
   */
  until?: string;
}

/** How long a party holds its table. */
export function turnMinutesFor(guests: number, settings: BookingSettings): number {
  return guests >= settings.largePartyFrom ? settings.largePartyTurnMinutes : settings.turnMinutes;
}

/** Whether a party sitting at `time` is still at its table during the slot starting at `slot`. */
function overlaps(
  time: string,
  guests: number,
  slot: string,
  settings: BookingSettings,
  until?: string,
): boolean {
  const start = toMinutes(time);
  const slotStart = toMinutes(slot);
  const end = until === undefined ? start + turnMinutesFor(guests, settings) : toMinutes(until);
  return start < slotStart + settings.slotEveryMinutes && slotStart < end;
}

/** Whether a seated party counts against the service: it starts in it, or its set time runs into it. */
function countsIn(party: SeatedParty, service: Service, settings: BookingSettings): boolean {
  if (serviceForTime(party.timeSlot) === service) return true;
  return (
    party.until !== undefined &&
    slotTimes(service, settings).some((slot) =>
      overlaps(party.timeSlot, party.guests, slot, settings, party.until),
    )
  );
}

/**
 * Covers a party of `guests` can still have at `time` (issue 17): the fewest left in any slot of the service
 * its table time overlaps, and no more than the service has left. Without a party: the covers left in that
 * slot itself (the staff day view's bars).
 */
export function coversLeft(
  time: string,
  guests: number | undefined,
  service: Service,
  settings: BookingSettings,
  seated: readonly SeatedParty[],
): number {
  const inService = seated.filter((party) => countsIn(party, service, settings));
  const serviceLeft = settings.coversPerService - inService.reduce((sum, party) => sum + party.guests, 0);
  const slotsLeft = slotTimes(service, settings)
    .filter((slot) => slot === time || (guests !== undefined && overlaps(time, guests, slot, settings)))
    .map(
      (slot) =>
        settings.coversPerSlot -
        inService
          .filter((party) => overlaps(party.timeSlot, party.guests, slot, settings, party.until))
          .reduce((sum, party) => sum + party.guests, 0),
    );
  return Math.max(0, Math.min(serviceLeft, ...slotsLeft));
}

/** An event that takes table bookings, as the covers count sees it (issue 17). */
export interface EventSitting {
  slug: string;
  date: string;
  time: string;
  /** The event's own covers limit. */
  covers: number;
  /** Guests already booked for the event at its time. */
  taken: number;
}

export interface AvailabilityInput {
  date: string;
  now: Date;
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
  closedServices: ReadonlySet<Service>;
  /** The date's active (PENDING or CONFIRMED) bookings, and the occasion parties holding seats (issue 30). */
  seated: readonly SeatedParty[];
  /** The party being booked; without one, each slot's own covers left. */
  guests?: number;
  /** Staff see every date's slots, past the booking window and the notice included. */
  staff?: boolean;
  /** The event being booked: on its date its time is a slot of its own, in place of a regular one then. */
  event?: EventSitting;
  /** In tables mode (issue 28), what a regular slot has left, in place of its covers. */
  remainingAt?: ((slot: { service: Service; time: string }) => number) | null;
}

/**
 * The slots of a date with `closed` and `remaining` covers; a date outside the bookable range has none. A slot
 * the date's special hours leave out stays, closed. An event that takes bookings adds its own time, even
 * outside the services, with the covers it has left: a closed day, special hours, the notice or a closure of
 * the service its time falls in closes it, as it would a regular slot.
 */
export function buildAvailability(input: AvailabilityInput): AvailabilitySlot[] {
  const { date, now, settings, closedServices, seated, guests, event } = input;
  const range = bookableDateRange(now, settings);
  if (!input.staff && (date < range.first || date > range.last)) return [];
  const closedDay = isClosedDate(date, input.specialDates);
  const hours = specialHoursOn(date, input.specialDates);
  const earliestStart = now.getTime() + settings.minimumNoticeMinutes * 60_000;
  const closedAt = (time: string) =>
    outsideSpecialHours(time, hours, settings) || londonInstant(date, time).getTime() < earliestStart;
  const passed = (time: string) => (londonInstant(date, time) < now ? { passed: true as const } : {});
  const regular = servicesOn(date, settings).flatMap((service) =>
    slotTimes(service, settings).map((time) => ({
      service,
      time,
      closed: closedDay || closedServices.has(service) || closedAt(time),
      remaining: input.remainingAt
        ? input.remainingAt({ service, time })
        : coversLeft(time, guests, service, settings, seated),
      ...passed(time),
    })),
  );
  if (!event || event.date !== date) return regular;
  const eventSlot: AvailabilitySlot = {
    service: serviceForTime(event.time),
    time: event.time,
    closed: closedDay || closedServices.has(serviceForTime(event.time)) || closedAt(event.time),
    remaining: Math.max(0, event.covers - event.taken),
    event: event.slug,
    ...passed(event.time),
  };
  return [...regular.filter((slot) => slot.time !== event.time), eventSlot].sort((a, b) =>
    compareDateOrTime(a.time, b.time),
  );
}
