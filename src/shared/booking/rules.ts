import { addDays, londonInstant, londonToday, weekdayOf } from '../time/london-time.ts';
import type { AvailabilitySlot } from './schemas.ts';

export const SERVICES = ['lunch', 'dinner'] as const;
export type Service = (typeof SERVICES)[number];

/** Every number of the table-booking rules (product.md §3), in one place. */
export const BOOKING_CONFIG = {
  services: {
    /** Sunday (0) and Tuesday–Saturday (2–6). */
    lunch: { opens: '12:00', closes: '16:00', weekdays: [0, 2, 3, 4, 5, 6] },
    dinner: { opens: '18:00', closes: '22:00', weekdays: [2, 3, 4, 5, 6] },
  },
  slotEveryMinutes: 30,
  /** The last table sits this long before the service window closes. */
  lastSeatingBeforeCloseMinutes: 30,
  capacityPerSlot: 7,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 180,
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

/** Services the kitchen runs on that date's weekday: Sunday lunch only, Monday none, Tue–Sat both. */
export function servicesOn(date: string): Service[] {
  const weekday = weekdayOf(date);
  return SERVICES.filter((service) =>
    (BOOKING_CONFIG.services[service].weekdays as readonly number[]).includes(weekday),
  );
}

/** 12:00, 12:30 … 15:30 for lunch; 18:00 … 21:30 for dinner. */
export function slotTimes(service: Service): string[] {
  const { opens, closes } = BOOKING_CONFIG.services[service];
  const last = toMinutes(closes) - BOOKING_CONFIG.lastSeatingBeforeCloseMinutes;
  const times: string[] = [];
  for (let minutes = toMinutes(opens); minutes <= last; minutes += BOOKING_CONFIG.slotEveryMinutes) {
    times.push(fromMinutes(minutes));
  }
  return times;
}

/** Before 17:00 is lunch, otherwise dinner (spec §4). */
export function serviceForTime(time: string): Service {
  return time < BOOKING_CONFIG.dinnerFrom ? 'lunch' : 'dinner';
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

export function isAutomaticallyClosedDate(date: string): boolean {
  return (BOOKING_CONFIG.closedMonthDays as readonly string[]).includes(date.slice(5));
}

/** The dates a guest may book: today (London) up to the horizon. */
export function bookableDateRange(now: Date): { first: string; last: string } {
  const first = londonToday(now);
  return { first, last: addDays(first, BOOKING_CONFIG.bookingHorizonDays) };
}

export interface AvailabilityInput {
  date: string;
  now: Date;
  closedServices: ReadonlySet<Service>;
  /** Active (PENDING or CONFIRMED) bookings per slot time. */
  bookedBySlot: ReadonlyMap<string, number>;
  capacityPerSlot?: number;
}

/** The slots of a date with `closed` and `remaining`; a date outside the bookable range has none. */
export function buildAvailability(input: AvailabilityInput): AvailabilitySlot[] {
  const { date, now, closedServices, bookedBySlot } = input;
  const capacity = input.capacityPerSlot ?? BOOKING_CONFIG.capacityPerSlot;
  const range = bookableDateRange(now);
  if (date < range.first || date > range.last) return [];
  const closedDay = isAutomaticallyClosedDate(date);
  const earliestStart = now.getTime() + BOOKING_CONFIG.minimumNoticeMinutes * 60_000;
  return servicesOn(date).flatMap((service) =>
    slotTimes(service).map((time) => ({
      service,
      time,
      closed: closedDay || closedServices.has(service) || londonInstant(date, time).getTime() < earliestStart,
      remaining: Math.max(0, capacity - (bookedBySlot.get(time) ?? 0)),
    })),
  );
}
