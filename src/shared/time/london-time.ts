/** The pub lives on Europe/London wall-clock time: every "today", weekday and countdown is computed here. */
export const PUB_TIME_ZONE = 'Europe/London';

const isoDateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: PUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const wallClockFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: PUB_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Today's date in London as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return isoDateFormatter.format(now);
}

const timeOfDayFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: PUB_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});

/** The time London's clocks show at an instant, as HH:mm. */
export function londonTimeOfDay(instant: Date): string {
  return timeOfDayFormatter.format(instant);
}

const HOUR_MS = 3_600_000;
/** London's offset by UTC hour: the clocks change on the hour, and formatToParts is slow (issue 20). */
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_LIMIT = 10_000;

/** Minutes London is ahead of UTC at the given instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
  const offset = measuredOffsetMinutes(instant);
  offsetByHour.set(hour, offset);
  return offset;
}

function measuredOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    wallClockFormatter.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant at which London's clocks show the given date and HH:mm. */
export function londonInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wallAsUtc - londonOffsetMinutes(new Date(wallAsUtc)) * 60_000;
  return new Date(wallAsUtc - londonOffsetMinutes(new Date(firstGuess)) * 60_000);
}

/** London's UTC offset on that date and time as +HH:MM, for ISO 8601 timestamps. */
export function londonOffsetLabel(date: string, time: string): string {
  const minutes = londonOffsetMinutes(londonInstant(date, time));
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, for a calendar date (no zone involved). */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Saturday 5 December 2026", as a British reader expects (built by hand: ICU versions disagree on commas). */
export function formatLongDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(date)]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * A time as British pubs write it, the one way every page, e-mail and staff screen shows one: "7:30pm",
 * "7pm", "12pm", "12:15am", and "Midnight" for 00:00 or a closing time of 24:00.
 */
export function formatTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  if (minute === 0 && (hour === 0 || hour === 24)) return 'Midnight';
  const suffix = hour < 12 ? 'am' : 'pm';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${hour12}${suffix}` : `${hour12}:${String(minute).padStart(2, '0')}${suffix}`;
}

/** "12pm–11pm", "6:30pm–Midnight": opening hours, a service, a sitting. */
export function formatTimeRange(from: string, to: string): string {
  return `${formatTime(from)}–${formatTime(to)}`;
}
