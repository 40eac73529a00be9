import type { AvailabilitySlot } from '#shared/booking/schemas.ts';
import * as api from './api.ts';

/** Slots of a date (and the event's own time), with the covers left for the party; any failure gives an empty list (spec §7). */
export function loadAvailability(
  date: string,
  party: number | undefined,
  signal?: AbortSignal,
  event?: string,
): Promise<AvailabilitySlot[]> {
  return api.availability(date, party, signal, event).catch(() => []);
}
