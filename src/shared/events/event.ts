import { compareDateOrTime } from '../time/london-time.ts';
import type { PublicEvent } from './schemas.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UPCOMING_EVENTS_DEFAULT_LIMIT = 50;
export const UPCOMING_EVENTS_MAX_LIMIT = 200;

export const DEFAULT_EVENT_CTA_LABEL = 'View Details';

/** Covers an event that takes table bookings holds unless staff say otherwise. */
export const DEFAULT_EVENT_COVERS = 30;

/** What an event that takes no bookings says when staff have not written how to come. */
export const DEFAULT_HOW_TO_COME = 'No need to book: just come along.';

/** How to come to an event that takes no bookings, in the staff's words or the default. */
export function howToComeText(event: Pick<PublicEvent, 'howToCome'>): string {
  return event.howToCome || DEFAULT_HOW_TO_COME;
}

/** "a, b,, c " → ["a", "b", "c"] (spec §5 Event form). */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Events dated today or later (London), soonest first. */
export function upcomingEvents<E extends Pick<PublicEvent, 'date' | 'time'>>(
  events: E[],
  today: string,
): E[] {
  return events
    .filter((event) => event.date >= today)
    .sort((a, b) => compareDateOrTime(a.date, b.date) || compareDateOrTime(a.time, b.time));
}
