import type { Service } from '../booking/rules.ts';
import type { SeatingChannel, TablesDocument } from './layout.ts';

/** A party starting its meal: when (minutes after midnight) and how many. */
export interface Starter {
  start: number;
  guests: number;
}

/** The interval a start falls in: clock-aligned (19:00–19:15, 19:15–19:30…). */
export function pacingInterval(start: number, intervalMinutes: number): { from: number; to: number } {
  const from = Math.floor(start / intervalMinutes) * intervalMinutes;
  return { from, to: from + intervalMinutes };
}

/**
 * Covers that may still start in the interval of `start` (issue 28): the service's online limit for a guest
 * booking online, the higher staff limit for staff (passed only by "Book anyway"), none for a walk-in (already at the door); null when no
 * limit applies.
 */
export function pacingLeft(
  document: TablesDocument,
  service: Service,
  start: number,
  channel: SeatingChannel,
  starters: readonly Starter[],
): number | null {
  const limits = document.pacing[service];
  // Online never passes the staff limit, even when it has none of its own.
  const limit =
    channel === 'online' ? (limits.online ?? limits.staff) : channel === 'staff' ? limits.staff : null;
  if (limit === null) return null;
  const { from, to } = pacingInterval(start, document.pacing.intervalMinutes);
  const started = starters
    .filter((starter) => starter.start >= from && starter.start < to)
    .reduce((sum, starter) => sum + starter.guests, 0);
  return Math.max(0, limit - started);
}
