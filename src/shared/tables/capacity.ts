import { type Service, toMinutes, turnMinutesFor } from '../booking/rules.ts';
import type { BookingSettings } from '../booking/settings.ts';
import { assignPlace, freeSeats, type Sitting } from './assignment.ts';
import type { SeatingChannel, TablesDocument } from './layout.ts';
import { pacingLeft, type Starter } from './pacing.ts';

/** An occasion's party holding seats for its sitting (issue 30): minutes after midnight, and how many. */
export interface OccasionHold {
  start: number;
  end: number;
  guests: number;
}

/** A date as tables mode sees it: its layout, the bookings holding tables, and every party starting then. */
export interface TablesDay {
  document: TablesDocument;
  settings: BookingSettings;
  date: string;
  sittings: readonly Sitting[];
  starters: readonly Starter[];
  /** Occasion parties: they hold no table of their own, but the seats they need stay free (decision 034). */
  occasionHolds?: readonly OccasionHold[];
}

/** The occasion guests whose sittings overlap the span. */
function occasionGuestsDuring(day: TablesDay, span: { start: number; end: number }): number {
  return (day.occasionHolds ?? [])
    .filter((hold) => hold.start < span.end && span.start < hold.end)
    .reduce((sum, hold) => sum + hold.guests, 0);
}

/**
 * Whether the tables staff may use that stay free for each occasion sitting overlapping the party's table time,
 * once the party sits at `tables`, still seat every occasion guest of that sitting's time.
 */
function leavesOccasionSeats(
  day: TablesDay,
  party: { start: number; end: number; guests: number; tables: readonly string[] },
): boolean {
  const sittings: Sitting[] = [...day.sittings, { ...party, bookingId: '', name: '' }];
  return (day.occasionHolds ?? [])
    .filter((hold) => hold.start < party.end && party.start < hold.end)
    .every(
      (hold) =>
        freeSeats(day.document, day.date, { ...hold, channel: 'staff' }, sittings) >=
        occasionGuestsDuring(day, hold),
    );
}

/**
 * Covers a slot has left in tables mode, in the shape covers mode answers (issue 28). For a party: 0 unless
 * assignment would give it a place for its whole table time, pacing lets it start and the occasions' parties
 * still have their seats, else the seats still free then (at least the party). Without one: the seats free in
 * the slot less the occasions' guests then, within pacing.
 */
export function tablesRemaining(
  day: TablesDay,
  slot: { service: Service; time: string },
  guests: number | undefined,
  channel: SeatingChannel,
): number {
  const start = toMinutes(slot.time);
  const pacing = pacingLeft(day.document, slot.service, start, channel, day.starters);
  const end =
    start + (guests === undefined ? day.settings.slotEveryMinutes : turnMinutesFor(guests, day.settings));
  const seats =
    freeSeats(day.document, day.date, { start, end, channel }, day.sittings) -
    occasionGuestsDuring(day, { start, end });
  const left = Math.max(0, Math.min(seats, pacing ?? Number.POSITIVE_INFINITY));
  if (guests === undefined) return left;
  if (pacing !== null && pacing < guests) return 0;
  const place = assignPlace(day.document, day.date, { guests, start, end, channel }, day.sittings);
  if (place === null || !leavesOccasionSeats(day, { start, end, guests, tables: place.tables })) return 0;
  return Math.max(left, guests);
}
