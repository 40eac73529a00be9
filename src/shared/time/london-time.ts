/** The pub lives on Europe/London wall-clock time: every "today", weekday and countdown is computed here. */
export const PUB_TIME_ZONE = 'Europe/London';

export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The instant, in ms, of 01:00 UTC on the last Sunday of a month: when the UK's clocks change (the Summer
 * Time Order 2002). The rule is computed rather than read from `Intl` with `timeZone: 'Europe/London'`:
 * the first `Intl` call of a page costs a phone some 150 ms of main thread while ICU loads (issue 34,
 * decision 041). `london-time.test.ts` holds it to the time zone database for a century of instants.
 */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** Minutes London is ahead of UTC at the given instant: 60 during British Summer Time, 0 otherwise. */
function londonOffsetMinutes(instant: Date): number {
  const year = instant.getUTCFullYear();
  const at = instant.getTime();
  return at >= lastSundayAtOneUtc(year, 2) && at < lastSundayAtOneUtc(year, 9) ? 60 : 0;
}

/** The instant shifted to London's wall clock, read with the UTC getters. */
function londonWallClock(instant: Date): Date {
  return new Date(instant.getTime() + londonOffsetMinutes(instant) * MINUTE_MS);
}

/** Today's date in London as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return londonWallClock(now).toISOString().slice(0, 10);
}

/** The time London's clocks show at an instant, as HH:mm. */
export function londonTimeOfDay(instant: Date): string {
  return londonWallClock(instant).toISOString().slice(11, 16);
}

/** The instant at which London's clocks show the given date and HH:mm. */
export function londonInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wallAsUtc - londonOffsetMinutes(new Date(wallAsUtc)) * MINUTE_MS;
  return new Date(wallAsUtc - londonOffsetMinutes(new Date(firstGuess)) * MINUTE_MS);
}

/** London's UTC offset on that date and time as +HH:MM, for ISO 8601 timestamps. */
export function londonOffsetLabel(date: string, time: string): string {
  const minutes = londonOffsetMinutes(londonInstant(date, time));
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

/**
 * Orders ISO dates (YYYY-MM-DD) or times (HH:mm) as the calendar does: their characters already sort that
 * way, so no locale is asked (a page's first `localeCompare` loads ICU, decision 041).
 */
export function compareDateOrTime(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
