import { fromMinutes, toMinutes } from '../booking/rules.ts';
import { formatTime, londonInstant, londonTimeOfDay } from '../time/london-time.ts';
import { assignPlace, checkPlaces, freeUntil, type Place, type Sitting } from './assignment.ts';
import type { TablesDayAnswer, TablesDayBooking } from './day.ts';

/**
 * The night itself (issue 28): staff mark a party arrived, seated, left (its tables free from then) or a
 * no-show, each with its time. Free of zod, so the screens carry it; the request bodies are in
 * `arrival-schemas.ts`.
 */
export const ARRIVAL_STEPS = ['arrived', 'seated', 'left', 'no-show'] as const;
export type ArrivalStep = (typeof ARRIVAL_STEPS)[number];

/** The time of day a step was marked, as staff read it: "7:02pm". */
export function stepTime(moment: Date | string): string {
  return formatTime(londonTimeOfDay(new Date(moment)));
}

/** The button staff press for each step, and how the booking's current step is named beside its time. */
export const ARRIVAL_STEP_LABELS: Record<ArrivalStep, string> = {
  arrived: 'Arrived',
  seated: 'Seated',
  left: 'Left',
  'no-show': 'No-show',
};

/** The booking's column that holds each step's time. */
export const ARRIVAL_STEP_FIELDS = {
  arrived: 'arrivedAt',
  seated: 'seatedAt',
  left: 'leftAt',
  'no-show': 'noShowAt',
} as const satisfies Record<ArrivalStep, keyof TablesDayBooking>;

/** A booking's arrival times as stored (instants, or ISO strings as the API answers them). */
export type ArrivalTimes<Moment = Date | string> = Record<
  (typeof ARRIVAL_STEP_FIELDS)[ArrivalStep],
  Moment | null
>;

/** The step a booking has reached last: a no-show or a departure ends the night, seating follows arrival. */
export function currentStep(times: ArrivalTimes): ArrivalStep | null {
  if (times.noShowAt) return 'no-show';
  if (times.leftAt) return 'left';
  if (times.seatedAt) return 'seated';
  if (times.arrivedAt) return 'arrived';
  return null;
}

/** A booking as the arrival rules read it: its day, time, status and arrival times. */
export interface ArrivalSubject {
  date: string;
  timeSlot: string;
  status: string;
  times: ArrivalTimes;
}

/** When a no-show may be offered: the grace time after the booking's start. */
export function noShowDueAt(booking: Pick<ArrivalSubject, 'date' | 'timeSlot'>, graceMinutes: number): Date {
  return new Date(londonInstant(booking.date, booking.timeSlot).getTime() + graceMinutes * 60_000);
}

/** Whether staff may be offered "No-show": the grace time has passed and the party has not come (or been marked). */
export function noShowDue(booking: ArrivalSubject, now: Date, graceMinutes: number): boolean {
  return (
    booking.status !== 'CANCELLED' &&
    currentStep(booking.times) === null &&
    now.getTime() >= noShowDueAt(booking, graceMinutes).getTime()
  );
}

export const ARRIVAL_MESSAGES = {
  cancelled: 'This booking is cancelled: it cannot be marked arrived, seated, left or a no-show.',
  futureDay: 'This booking is for a later day: mark it when the party comes in.',
  noShowMarked: 'This booking is marked a no-show. Undo that first if the party has come after all.',
  alreadyMarked: (step: ArrivalStep, time: string) =>
    `This booking is already marked ${ARRIVAL_STEP_LABELS[step].toLowerCase()} (${time}).`,
  alreadyLeft: 'This party has already left. Undo "Left" first if it was marked by mistake.',
  leftBeforeArrived: 'This party has not arrived or been seated yet, so it cannot have left.',
  noShowArrived: 'This party has arrived, so it is not a no-show.',
  noShowEarly: (time: string) => `Too early for a no-show: the grace time runs until ${time}.`,
  undoNotLast: (step: ArrivalStep) =>
    `Only the last step can be undone, and this booking is not at "${ARRIVAL_STEP_LABELS[step]}".`,
  undoClash: (by: string) =>
    `Its table has been given to ${by || 'another booking'} since, so this cannot be undone. Please change the table first.`,
  failure: 'The arrival could not be saved. Please try again.',
  walkInCoversMode: 'Tables mode is not on: walk-ins are seated on tables only in tables mode.',
  walkInFailure: 'The walk-in could not be seated. Please try again.',
  walkInDefaultName: 'Walk-in',
  freeUntil: (time: string, name: string, guests: number) =>
    `Free until ${formatTime(time)}, then ${name || 'a booking'}, ${guests}`,
  freeAllEvening: 'Free for the rest of the evening',
} as const;

/**
 * Why the step cannot be set on the booking now, or null when it can: a cancelled booking takes none, a later
 * day's none, a no-show nothing else; seating implies arrival; a party leaves only once it came; a no-show only
 * after the grace time, for a party that has not arrived. Each step is set once.
 */
export function arrivalRefusal(
  booking: ArrivalSubject,
  step: ArrivalStep,
  now: Date,
  graceMinutes: number,
): string | null {
  const { times } = booking;
  if (booking.status === 'CANCELLED') return ARRIVAL_MESSAGES.cancelled;
  if (londonInstant(booking.date, '00:00').getTime() > now.getTime()) return ARRIVAL_MESSAGES.futureDay;
  const already = times[ARRIVAL_STEP_FIELDS[step]];
  if (already) return ARRIVAL_MESSAGES.alreadyMarked(step, stepTime(already));
  if (times.noShowAt) return ARRIVAL_MESSAGES.noShowMarked;
  if (step === 'no-show') {
    if (times.arrivedAt || times.seatedAt || times.leftAt) return ARRIVAL_MESSAGES.noShowArrived;
    const due = noShowDueAt(booking, graceMinutes);
    if (now.getTime() < due.getTime()) return ARRIVAL_MESSAGES.noShowEarly(stepTime(due));
    return null;
  }
  if (times.leftAt) return ARRIVAL_MESSAGES.alreadyLeft;
  if (step === 'left' && !times.arrivedAt && !times.seatedAt) return ARRIVAL_MESSAGES.leftBeforeArrived;
  return null;
}

/** Why the step cannot be undone, or null: only the step the booking is at, on a booking not cancelled. */
export function undoRefusal(booking: ArrivalSubject, step: ArrivalStep): string | null {
  if (booking.status === 'CANCELLED') return ARRIVAL_MESSAGES.cancelled;
  return currentStep(booking.times) === step ? null : ARRIVAL_MESSAGES.undoNotLast(step);
}

/** The steps worth a button now: the next ones in the night's order, no-show only when it is due. */
export function offeredSteps(booking: ArrivalSubject, now: Date, graceMinutes: number): ArrivalStep[] {
  const step = currentStep(booking.times);
  if (booking.status === 'CANCELLED' || step === 'left' || step === 'no-show') return [];
  if (step === 'seated') return ['left'];
  if (step === 'arrived') return ['seated', 'left'];
  return noShowDue(booking, now, graceMinutes) ? ['arrived', 'seated', 'no-show'] : ['arrived', 'seated'];
}

/** The sittings of the day's answer: bookings holding tables, for their table time or until they left. */
export function sittingsOf(day: TablesDayAnswer): Sitting[] {
  return day.bookings
    .filter((booking) => booking.tables.length > 0 && booking.noShowAt === null)
    .map((booking) => ({
      bookingId: booking.id,
      tables: booking.tables,
      start: booking.start,
      end: booking.end,
      guests: booking.guests,
      name: booking.name,
    }));
}

/** A place a walk-in can have now, and the booking that needs it next (null: free for the rest of the day). */
export interface FreeNowPlace {
  place: Place;
  next: Sitting | null;
  /** The place assignment would give the party. */
  best: boolean;
}

/**
 * The places free now for a walk-in party for its whole table time (from `now` for `turnMinutes`), on today's
 * answer: assignment's choice first, then the layout's order.
 */
export function freeNowPlaces(
  day: TablesDayAnswer,
  now: Date,
  guests: number,
  turnMinutes: number,
): FreeNowPlace[] {
  const start = toMinutes(londonTimeOfDay(now));
  const request = { guests, start, end: start + turnMinutes, channel: 'walk-in' as const };
  const sittings = sittingsOf(day);
  const best = assignPlace(day.layout, day.date, request, sittings);
  const free = checkPlaces(day.layout, day.date, request, sittings)
    .filter((check) => check.refusal === null)
    .map(({ place }) => ({ place, next: freeUntil(place, start, sittings), best: place.id === best?.id }));
  return [...free.filter((each) => each.best), ...free.filter((each) => !each.best)];
}

/** "Free until 7:30pm, then Patel, 4", or "Free for the rest of the evening". */
export function freeNowText(next: Sitting | null): string {
  return next
    ? ARRIVAL_MESSAGES.freeUntil(fromMinutes(next.start), next.name, next.guests)
    : ARRIVAL_MESSAGES.freeAllEvening;
}
