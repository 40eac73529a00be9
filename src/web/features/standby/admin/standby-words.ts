import type { StaffStandbyEntry } from '#shared/standby/api.ts';
import { plural } from '#shared/text/plural.ts';
import { formatTime, formatTimeRange, londonTimeOfDay } from '#shared/time/london-time.ts';

/** "4 guests, 7pm–8:30pm". */
export const entrySummary = (entry: StaffStandbyEntry) =>
  `${plural(entry.partySize, 'guest', 'guests')}, ${formatTimeRange(entry.windowStart, entry.windowEnd)}`;

/** A London clock time of an instant the server sent: "7:45pm". */
export const clockTime = (instant: string) => formatTime(londonTimeOfDay(new Date(instant)));

/** The standby screen's words. */
export const STANDBY_SCREEN_WORDS = {
  title: 'Standby list',
  loading: 'Loading the standby list…',
  loadFailure: 'The standby list could not be loaded. Please try again.',
  noServices: 'No service on this day.',
  empty: 'Nobody is on the list.',
  listOff: 'The standby list is off for this service.',
  cap: (waiting: number, cap: number) => `${waiting} of ${plural(cap, 'guest', 'guests')} waiting`,
  offerFailure: 'Could not offer the time. Please try again.',
  bookFailure: 'Could not book the table. Please try again.',
  removeFailure: 'Could not remove them from the list. Please try again.',
  offerQuestion: (entry: StaffStandbyEntry) => `Offer ${entry.name} a time`,
  offerNote: (minutes: number | undefined) =>
    `We e-mail them a link to claim it${minutes ? `; the place is held for ${minutes} minutes` : ''}. The first to claim it gets it.`,
  bookQuestion: (entry: StaffStandbyEntry) => `Book ${entry.name}`,
  bookNote: 'A booking made by you; the guest is e-mailed their confirmation.',
  removeQuestion: (entry: StaffStandbyEntry) => `Remove ${entry.name} from the standby list?`,
  offered: (entry: StaffStandbyEntry, time: string) =>
    `Offered ${formatTime(time)} to ${entry.name}: we e-mailed them a link to claim it.`,
  booked: (entry: StaffStandbyEntry, time: string) =>
    `${entry.name} booked for ${formatTime(time)}${entry.bookingReference ? ` (${entry.bookingReference})` : ''}.`,
  removed: (entry: StaffStandbyEntry) => `${entry.name} taken off the standby list.`,
} as const;
