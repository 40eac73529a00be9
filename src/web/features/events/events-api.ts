import {
  type PublicEvent,
  UPCOMING_EVENTS_DEFAULT_LIMIT,
  upcomingEvents,
} from '../../../shared/events/event.ts';
import { londonToday } from '../../../shared/time/london-time.ts';

/** The bundled list (spec §7), fetched only when the API fails, so it costs the other visits nothing. */
async function fallbackEvents(): Promise<PublicEvent[]> {
  const module = await import('../../../../content/events.json', { with: { type: 'json' } });
  return module.default as PublicEvent[];
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Upcoming events; any failure falls back to the bundled list (spec §7). */
export async function fetchUpcomingEvents(limit = UPCOMING_EVENTS_DEFAULT_LIMIT): Promise<PublicEvent[]> {
  try {
    return await getJson<PublicEvent[]>(`/api/events/upcoming?limit=${limit}`);
  } catch {
    return upcomingEvents(await fallbackEvents(), londonToday()).slice(0, limit);
  }
}

/** One event; a 404 is null, another failure looks the slug up in the upcoming list (spec §7). */
export async function fetchEvent(slug: string): Promise<PublicEvent | null> {
  try {
    const response = await fetch(`/api/events/${encodeURIComponent(slug)}`, {
      headers: { accept: 'application/json' },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as PublicEvent;
  } catch {
    const upcoming = await fetchUpcomingEvents();
    return upcoming.find((event) => event.slug === slug) ?? null;
  }
}
