import { z } from 'zod';
import { ISO_DATE_PATTERN, TIME_PATTERN } from './london-time.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UPCOMING_EVENTS_DEFAULT_LIMIT = 50;
export const UPCOMING_EVENTS_MAX_LIMIT = 200;

/** An event as the public API answers it (spec §3). */
export const publicEventSchema = z.object({
  _id: z.string(),
  title: z.string().min(1).max(120),
  slug: z.string().regex(SLUG_PATTERN).max(80),
  date: z.string().regex(ISO_DATE_PATTERN),
  time: z.string().regex(TIME_PATTERN),
  tags: z.array(z.string().max(40)).max(20),
  cover: z.string().max(500),
  badges: z.array(z.string().max(40)).max(10),
  summary: z.string().max(2000),
  isMajor: z.boolean(),
  cta: z.object({ label: z.string().max(40) }),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

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
