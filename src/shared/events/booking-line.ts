import { formatLongDate, formatTime } from '../time/london-time.ts';
import type { PublicEvent } from './schemas.ts';

/**
 * "Booking for Winter Supper Club — Sunday 27 December, 7pm": the booking form's line for an event (issue 17).
 * Apart from event.ts, which the home page in the entry bundle loads.
 */
export function eventBookingLine(event: Pick<PublicEvent, 'title' | 'date' | 'time'>): string {
  return `Booking for ${event.title} — ${formatLongDate(event.date)}, ${formatTime(event.time)}`;
}
