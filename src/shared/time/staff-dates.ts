import { formatLongDate, formatTime, londonTimeOfDay, londonToday, weekdayOf } from './london-time.ts';

/**
 * Dates and instants as staff read them: on the admin screens, the kitchen's print sheets and the pub's own
 * notifications. Apart from london-time.ts, so the public pages do not carry them.
 */

/** "Saturday 5 December 2026, 7:30pm": an instant as London's clocks show it. */
export function formatLondonMoment(instant: Date | string): string {
  const at = new Date(instant);
  return `${formatLongDate(londonToday(at))}, ${formatTime(londonTimeOfDay(at))}`;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sat 20 Jun 2026" */
export function formatShortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${SHORT_WEEKDAYS[weekdayOf(date)]} ${day} ${SHORT_MONTHS[month - 1]} ${year}`;
}
