import { type Service, toMinutes, turnMinutesFor } from '../booking/rules.ts';
import type { BookingSettings } from '../booking/settings.ts';
import { assignPlace, freeSeats, type Sitting } from './assignment.ts';
import type { SeatingChannel, TablesDocument } from './layout.ts';
import { pacingLeft, type Starter } from './pacing.ts';

/** A date as tables mode sees it: its layout, the bookings holding tables, and every party starting then. */
export interface TablesDay {
  document: TablesDocument;
  settings: BookingSettings;
  date: string;
  sittings: readonly Sitting[];
  starters: readonly Starter[];
}

/**
 * Covers a slot has left in tables mode, in the shape covers mode answers (issue 28). For a party: 0 unless
 * assignment would give it a place for its whole table time and pacing lets it start, else the seats still free
 * then (at least the party). Without one: the seats free in the slot, within pacing.
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
  const seats = freeSeats(day.document, day.date, { start, end, channel }, day.sittings);
  const left = Math.min(seats, pacing ?? Number.POSITIVE_INFINITY);
  if (guests === undefined) return left;
  if (pacing !== null && pacing < guests) return 0;
  const place = assignPlace(day.document, day.date, { guests, start, end, channel }, day.sittings);
  return place === null ? 0 : Math.max(left, guests);
}
