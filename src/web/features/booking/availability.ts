import type { AvailabilitySlot } from '../../../shared/booking/schemas.ts';
import * as api from './api.ts';

/** Slots of a date; any failure gives an empty list (spec §7). */
export function loadAvailability(date: string, signal?: AbortSignal): Promise<AvailabilitySlot[]> {
  return api.availability(date, signal).catch(() => []);
}
