import type { TablesDayBooking } from '#shared/tables/day.ts';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import { type ArrivalState, arrivalLabel } from './floor-model.ts';

/** The colours of a booking on the floor by where the party is: each keeps its text at 4.5:1 or more. */
export const ARRIVAL_TONES: Record<ArrivalState, string> = {
  expected: 'border-green-700 bg-white text-green-900',
  arrived: 'border-brass-600 bg-brass-300 text-green-950',
  seated: 'border-green-950 bg-green-800 text-cream-50',
  left: 'border-cream-300 bg-cream-200 text-ink-soft',
  'no-show': 'border-burgundy-700 bg-burgundy-700/10 text-burgundy-800',
};

/** "4 · Seated · Joined": the party, where it is, and whether it holds a join (`bookingSummary` in words). */
export function BookingFacts({ booking }: { booking: TablesDayBooking }) {
  const facts = [String(booking.guests), arrivalLabel(booking)];
  if (booking.tables.length > 1) facts.push(FLOOR_MESSAGES.joined);
  return <>{facts.join(' · ')}</>;
}

/** A seat range as staff read it: "seats 2 to 4", or "seats 2". */
export function seatsText(seats: { minCovers: number; maxCovers: number }): string {
  return seats.minCovers === seats.maxCovers
    ? `seats ${seats.maxCovers}`
    : `seats ${seats.minCovers} to ${seats.maxCovers}`;
}
