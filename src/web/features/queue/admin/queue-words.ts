import type { QueueParty } from '#shared/queue/api.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime, londonTimeOfDay } from '#shared/time/london-time.ts';

/** "25 min", "1 h 5 min": a wait as staff say it at the bar. */
export function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The wait from now as the floor stands: "Table free now", "About 25 min (≈ 8:15pm)", "No table tonight". */
export function estimateText(party: Pick<QueueParty, 'waitMinutes' | 'readyAt'>): string {
  if (party.waitMinutes === null) return 'No table tonight';
  if (party.waitMinutes <= 0) return 'Table free now';
  const about = `About ${minutesText(party.waitMinutes)}`;
  return party.readyAt ? `${about} (≈ ${formatTime(party.readyAt)})` : about;
}

/** How long the party has waited since they joined, at `now`. */
export function waitedText(addedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(addedAt).getTime()) / 60_000));
  return `Waited ${minutesText(minutes)}`;
}

/** "Told at 8:05pm". */
export function toldText(notifiedAt: string): string {
  return `Told at ${formatTime(londonTimeOfDay(new Date(notifiedAt)))}`;
}

const who = (party: QueueParty) => `${party.name}, ${plural(party.partySize, 'guest', 'guests')}`;

/** The queue screen's words. */
export const QUEUE_WORDS = {
  title: 'Walk-in queue',
  loading: 'Loading the queue…',
  loadFailure: 'The queue could not be loaded. Please try again.',
  empty: 'Nobody is waiting. Add a party when one asks at the bar.',
  contactHint: 'A phone number or an e-mail address, or both: we tell them there when their table is ready.',
  addFailure: 'Could not add the party. Please try again.',
  notifyFailure: 'Could not tell the party. Please try again.',
  seatFailure: 'Could not seat the party. Please try again.',
  removeFailure: 'Could not remove the party. Please try again.',
  added: (party: QueueParty) => `${who(party)}, added to the queue: ${estimateText(party).toLowerCase()}.`,
  notified: (party: QueueParty) => `${party.name} told their table is ready.`,
  seated: (party: QueueParty) =>
    `${who(party)}, seated${party.bookingReference ? ` (${party.bookingReference})` : ''}.`,
  removed: (party: QueueParty) => `${party.name} taken off the queue.`,
  seatQuestion: (party: QueueParty) => `Seat ${who(party)}?`,
  seatTables: 'A table free now is chosen for them, as a walk-in booking.',
  seatCovers: 'They are seated now as a walk-in booking.',
  removeQuestion: (party: QueueParty) => `Remove ${party.name} from the queue?`,
  removeNote: 'Do this when they have left or no longer want a table. They are not told.',
} as const;
