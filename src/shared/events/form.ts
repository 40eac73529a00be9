/** The admin event form's rules, for the form and the API; apart from event.ts so public pages never load them. */

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
  howToCome: 200,
  bookingCovers: 200,
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
  bookingCovers: `Covers must be a whole number from 1 to ${EVENT_FIELD_LIMITS.bookingCovers}.`,
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
