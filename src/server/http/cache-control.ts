/**
 * Public answers that change when staff act (events, availability): any cache may keep them, but must ask
 * again each time; the ETag makes that a cheap 304 while nothing changed.
 */
export const PUBLIC_REVALIDATE = 'public, no-cache';
