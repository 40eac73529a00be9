import { UPCOMING_EVENTS_DEFAULT_LIMIT, upcomingEvents } from '#shared/events/event.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { ApiError } from '#web/lib/api.ts';
import * as api from './api.ts';

/** The bundled list (spec §7), fetched only when the API fails, so it costs the other visits nothing. */
async function bundledEvents(): Promise<PublicEvent[]> {
  const module = await import('#content/events.json', { with: { type: 'json' } });
  return module.default as PublicEvent[];
}

/** Upcoming events; any failure falls back to the bundled list (spec §7). */
export async function loadUpcomingEvents(limit = UPCOMING_EVENTS_DEFAULT_LIMIT): Promise<PublicEvent[]> {
  try {
    return await api.upcomingEvents(limit);
  } catch {
    return upcomingEvents(await bundledEvents(), londonToday()).slice(0, limit);
  }
}

/** One event; a 404 is null, another failure looks the slug up in the upcoming list (spec §7). */
export async function loadEvent(slug: string): Promise<PublicEvent | null> {
  try {
    return await api.event(slug);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    const upcoming = await loadUpcomingEvents();
    return upcoming.find((event) => event.slug === slug) ?? null;
  }
}
