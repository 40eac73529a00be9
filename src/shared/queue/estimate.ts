import {
  coversLeft,
  fromMinutes,
  type SeatedParty,
  type Service,
  serviceForTime,
  toMinutes,
  turnMinutesFor,
} from '../booking/rules.ts';
import type { BookingSettings } from '../booking/settings.ts';
import { assignPlace, type Sitting } from '../tables/assignment.ts';
import { type TablesDay, tablesRemaining } from '../tables/capacity.ts';

/**
 * The walk-in queue's wait estimate (issue 31): when each party still queued could sit, from the floor as it
 * stands. Pure: the server reads the floor (`server/queue/floor.ts`), this answers the waits. The approximation:
 *
 * - The times tried are "now" (the current London minute) and then the service's seating times after it, one
 *   every `slotEveryMinutes`: a place that frees between two seating times is quoted at the next one.
 * - Only the service now seating (between two services, the next one of the day): a party nothing fits before
 *   its last seating time gets no time (null), as staff would not promise one.
 * - A party fits at a time when the booking engine's own rule would take it then for its whole table time:
 *   covers mode, the covers left over the slots its turn overlaps and in the service (`coversLeft`); tables
 *   mode, a place assignment would give a walk-in (walk-in-only tables too, no pacing) that still leaves the
 *   occasions' seats (`tablesRemaining`). A party that left frees its tables from then (tables mode), and one
 *   seated (or arrived) before its time holds its covers or tables from then: the server's floor says so.
 * - The queue is served in order: each party takes its covers (tables mode: the place assignment gives it)
 *   from its estimated time for its table time, so a party behind is never quoted a place one ahead takes.
 */

/** The floor a walk-in would join: the date's bookings as the engine counts them, in the pub's mode. */
export type QueueFloor =
  | { mode: 'covers'; settings: BookingSettings; seated: readonly SeatedParty[] }
  | { mode: 'tables'; day: TablesDay };

/** A seating time of the date: a slot of a service open that day. */
export interface SeatingTime {
  service: Service;
  /** HH:MM */
  time: string;
}

/** A party still queued, in queue order. */
export interface WaitingParty {
  id: string;
  guests: number;
}

export interface WaitEstimate {
  /** Minutes from now: 0 when a place is free now; null when none frees up before the service's last seating. */
  waitMinutes: number | null;
  /** The London time (HH:MM) a place is expected, or null. */
  readyAt: string | null;
}

const NO_PLACE: WaitEstimate = { waitMinutes: null, readyAt: null };

/**
 * The times a walk-in queued at `now` (minutes after midnight) could sit: now, when it falls within a service's
 * seating times (from its first to its last), then that service's later ones; between services, the next
 * service's times; none after the last.
 */
export function waitTimes(
  now: number,
  seating: readonly SeatingTime[],
): { service: Service; start: number }[] {
  const times = seating
    .map((slot) => ({ service: slot.service, start: toMinutes(slot.time) }))
    .sort((a, b) => a.start - b.start);
  const service = times.find((slot) => slot.start >= now)?.service;
  if (!service) return [];
  const ofService = times.filter((slot) => slot.service === service);
  const seatingNow = (ofService[0]?.start ?? now) <= now;
  return [...(seatingNow ? [{ service, start: now }] : []), ...ofService.filter((slot) => slot.start > now)];
}

/** What the parties ahead hold once placed: their covers, or their tables. */
interface Taken {
  seated: SeatedParty[];
  sittings: Sitting[];
}

/** Where the party sits at `start` as the floor and the parties ahead leave it, or null when it does not fit. */
function placeAt(
  floor: QueueFloor,
  taken: Taken,
  party: WaitingParty,
  slot: { service: Service; start: number },
): Partial<Taken> | null {
  const time = fromMinutes(slot.start);
  if (floor.mode === 'covers') {
    const seated = [...floor.seated, ...taken.seated];
    const left = coversLeft(time, party.guests, serviceForTime(time), floor.settings, seated);
    return left >= party.guests ? { seated: [{ timeSlot: time, guests: party.guests }] } : null;
  }
  const day: TablesDay = {
    ...floor.day,
    sittings: [...floor.day.sittings, ...taken.sittings],
    starters: [...floor.day.starters, ...taken.sittings.map(({ start, guests }) => ({ start, guests }))],
  };
  if (tablesRemaining(day, { service: slot.service, time }, party.guests, 'walk-in') < party.guests)
    return null;
  const end = slot.start + turnMinutesFor(party.guests, day.settings);
  const request = { guests: party.guests, start: slot.start, end, channel: 'walk-in' as const };
  const place = assignPlace(day.document, day.date, request, day.sittings);
  if (!place) return null;
  const sitting = { ...request, bookingId: `queue:${party.id}`, tables: place.tables, name: '' };
  return { sittings: [sitting] };
}

/**
 * Each queued party's wait, in queue order (see the module's comment): the first of `waitTimes` it fits at
 * once the parties ahead have taken theirs.
 */
export function estimateWaits(
  parties: readonly WaitingParty[],
  floor: QueueFloor,
  { now, seating }: { now: number; seating: readonly SeatingTime[] },
): Map<string, WaitEstimate> {
  const times = waitTimes(now, seating);
  const taken: Taken = { seated: [], sittings: [] };
  const estimates = new Map<string, WaitEstimate>();
  for (const party of parties) {
    let estimate = NO_PLACE;
    for (const slot of times) {
      const held = placeAt(floor, taken, party, slot);
      if (!held) continue;
      taken.seated.push(...(held.seated ?? []));
      taken.sittings.push(...(held.sittings ?? []));
      estimate = { waitMinutes: slot.start - now, readyAt: fromMinutes(slot.start) };
      break;
    }
    estimates.set(party.id, estimate);
  }
  return estimates;
}
