import type { EventPayload, PublicEvent } from '#shared/events/schemas.ts';
import { call } from '#web/lib/api.ts';

/** The events admin's calls (spec §7 Admin). Each goes through the one API client, `call` in web/lib/api.ts; import this module as `* as api`. */
export const listEvents = () => call<PublicEvent[]>('GET', '/api/events');

export const createEvent = (draft: EventPayload) => call<PublicEvent>('POST', '/api/events', { body: draft });

export const updateEvent = (id: string, draft: EventPayload) =>
  call<PublicEvent>('PUT', `/api/events/${encodeURIComponent(id)}`, { body: draft });

export const deleteEvent = (id: string) => call<void>('DELETE', `/api/events/${encodeURIComponent(id)}`);
