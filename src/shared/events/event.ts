import type { PublicEvent } from './schemas.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UPCOMING_EVENTS_DEFAULT_LIMIT = 50;
export const UPCOMING_EVENTS_MAX_LIMIT = 200;

export const DEFAULT_EVENT_CTA_LABEL = 'View Details';

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
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}
