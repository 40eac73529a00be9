import { type Service, serviceLabel } from '../../../shared/booking/rules.ts';
import {
  formatLongDate,
  formatTime,
  londonTimeOfDay,
  londonToday,
} from '../../../shared/time/london-time.ts';

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sat 20 Jun 2026" */
export function shortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${SHORT_WEEKDAYS[weekday]} ${day} ${SHORT_MONTHS[month - 1]} ${year}`;
}

/** An ISO instant as London sees it: "Wednesday 20 May 2026, 2:05 PM". */
export function londonMoment(iso: string): string {
  const instant = new Date(iso);
  return `${formatLongDate(londonToday(instant))}, ${formatTime(londonTimeOfDay(instant))}`;
}

/** "lunch", "dinner" or "Sunday Roast", for the middle of a sentence. */
export function serviceName(service: Service, date: string): string {
  const label = serviceLabel(service, date);
  return label === 'Sunday Roast' ? label : label.toLowerCase();
}

/** "1 guest", "3 guests". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
