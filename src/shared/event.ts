export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UPCOMING_EVENTS_DEFAULT_LIMIT = 50;
export const UPCOMING_EVENTS_MAX_LIMIT = 200;

/** An event as the public API answers it (spec §3). */
export interface PublicEvent {
  _id: string;
  title: string;
  slug: string;
  /** YYYY-MM-DD, London */
  date: string;
  /** HH:mm, London */
  time: string;
  tags: string[];
  /** A URL or an /images/… path; empty for none. */
  cover: string;
  badges: string[];
  summary: string;
  isMajor: boolean;
  cta: { label: string };
}

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

/** Longest values the events admin accepts. */
export const EVENT_FIELD_LIMITS = {
  title: 120,
  slug: 80,
  tags: 20,
  tag: 40,
  badges: 10,
  badge: 40,
  cover: 500,
  summary: 2000,
  ctaLabel: 40,
} as const;

/** Event form messages, shown by the admin form and answered by the API. */
export const EVENT_MESSAGES = {
  title: 'Please enter a title.',
  slug: 'The slug must be lower-case letters and digits joined by single hyphens, like quiz-night.',
  date: 'Please choose a date.',
  time: 'Please choose a time.',
  cover: 'The cover must be a web address (https://…) or an /images/… path.',
  slugTaken: 'An event with that slug already exists. Please choose another slug.',
  notFound: 'Event not found',
} as const;

const IMAGE_PATH_PATTERN = /^\/images\/(?!.*\.\.)[\w./-]+$/;

/** Empty (no cover), an http(s) address or a path under /images/. */
export function isValidCover(value: string): boolean {
  if (value === '' || IMAGE_PATH_PATTERN.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** "Quiz & Curry Night!" → "quiz-curry-night", the slug the admin form suggests. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EVENT_FIELD_LIMITS.slug)
    .replace(/-+$/, '');
}
