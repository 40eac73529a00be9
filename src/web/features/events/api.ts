import type { PublicEvent } from '#shared/events/schemas.ts';
import { call } from '#web/lib/api.ts';

/** The public events calls. Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const upcomingEvents = (limit: number) =>
  call<PublicEvent[]>('GET', `/api/events/upcoming?limit=${limit}`);

export const event = (slug: string) => call<PublicEvent>('GET', `/api/events/${encodeURIComponent(slug)}`);
