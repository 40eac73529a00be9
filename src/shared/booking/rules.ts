import type { SpecialDate } from '../content/schemas.ts';
import { addDays, londonInstant, londonToday, weekdayOf } from '../time/london-time.ts';
import type { AvailabilitySlot } from './schemas.ts';
import { type BookingSettings, SERVICES, type Service } from './settings.ts';

export { SERVICES, type Service } from './settings.ts';

/** The rules no setting changes (spec §4, product.md §3). */
export const BOOKING_RULES = {
  /** A time before this is lunch, from it on dinner (spec §4). */
  dinnerFrom: '17:00',
  /** Christmas Day is booked through /christmas, never as a regular table. */
  closedMonthDays: ['12-25'],
} as const;

export const MONDAY = 1;

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

function fromMinutes(total: number): string {
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

/** Christmas Day, or a special date the pub has marked closed. */
export function isClosedDate(date: string, specialDates: readonly SpecialDate[]): boolean {
  if ((BOOKING_RULES.closedMonthDays as readonly string[]).includes(date.slice(5))) return true;
  return specialDates.some((day) => day.date === date && day.closed);
}

/** The dates a guest may book: today (London) up to the horizon. */
export function bookableDateRange(now: Date, settings: BookingSettings): { first: string; last: string } {
  const first = londonToday(now);
  return { first, last: addDays(first, settings.bookingHorizonDays) };
}

export interface AvailabilityInput {
  date: string;
  now: Date;
  settings: BookingSettings;
  specialDates: readonly SpecialDate[];
  closedServices: ReadonlySet<Service>;
  /** Active (PENDING or CONFIRMED) bookings per slot time. */
  bookedBySlot: ReadonlyMap<string, number>;
}

/** The slots of a date with `closed` and `remaining`; a date outside the bookable range has none. */
export function buildAvailability(input: AvailabilityInput): AvailabilitySlot[] {
  const { date, now, settings, closedServices, bookedBySlot } = input;
  const capacity = settings.capacityPerSlot;
  const range = bookableDateRange(now, settings);
  if (date < range.first || date > range.last) return [];
  const closedDay = isClosedDate(date, input.specialDates);
  const earliestStart = now.getTime() + settings.minimumNoticeMinutes * 60_000;
  return servicesOn(date, settings).flatMap((service) =>
    slotTimes(service, settings).map((time) => ({
      service,
      time,
      closed: closedDay || closedServices.has(service) || londonInstant(date, time).getTime() < earliestStart,
      remaining: Math.max(0, capacity - (bookedBySlot.get(time) ?? 0)),
    })),
  );
}
