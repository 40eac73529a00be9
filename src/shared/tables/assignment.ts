import type { BookingSource } from '../booking/status.ts';
import {
  type Area,
  areaClosedOn,
  type SeatingChannel,
  type TablesDocument,
  type TableUse,
} from './layout.ts';

/**
 * A booking holding its tables: from `start` to `end`, minutes after midnight of its date (a table time ends
 * early once the party has left).
 */
export interface Sitting {
  bookingId: string;
  tables: readonly string[];
  start: number;
  end: number;
  guests: number;
  /** The guest's name, for staff: "taken from 19:00 by Smith". */
  name: string;
}

/** Where a party can sit: one table, or a join staff listed. */
export interface Place {
  kind: 'table' | 'join';
  id: string;
  name: string;
  tables: readonly string[];
  /** Where staff find it: a join's first table's area. */
  area: string;
  /** Every area its tables stand in: a join is closed when any of them is. */
  areas: readonly string[];
  minCovers: number;
  maxCovers: number;
  use: TableUse;
}

/** Why a place cannot take a party then; `below-minimum` only ranks a place lower, never refuses it. */
export type Refusal =
  | { kind: 'area-closed'; area: string }
  | { kind: 'use'; use: TableUse }
  | { kind: 'too-small'; maxCovers: number }
  | { kind: 'taken'; from: number; by: string; table: string };

export interface SeatingRequest {
  guests: number;
  /** The table time: minutes after midnight. */
  start: number;
  end: number;
  channel: SeatingChannel;
  /** The booking being placed again (a change): its own sitting does not block it. */
  bookingId?: string | undefined;
}

const USE_RANK: Record<TableUse, number> = { online: 0, staff: 1, 'walk-in': 2 };

/** The tables staff may give a booking: any but walk-ins-only, or any at all for a walk-in at the bar. */
export function staffChannelOf(source: BookingSource): SeatingChannel {
  return source === 'walk-in' ? 'walk-in' : 'staff';
}

/** Whether a place kept for `use` may take a booking that comes through `channel`. */
export function channelMayUse(channel: SeatingChannel, use: TableUse): boolean {
  if (channel === 'online') return use === 'online';
  if (channel === 'staff') return use !== 'walk-in';
  return true;
}

/**
 * Every place of the layout, tables first in the order staff gave them, then the joins: a join is shown in
 * the area of its first table, is closed with any of its tables' areas, and takes their most restricted use.
 */
export function placesOf(document: TablesDocument): Place[] {
  const tables = new Map(document.tables.map((table) => [table.id, table]));
  const single: Place[] = document.tables.map((table) => ({
    kind: 'table',
    id: table.id,
    name: table.name,
    tables: [table.id],
    area: table.area,
    areas: [table.area],
    minCovers: table.minCovers,
    maxCovers: table.maxCovers,
    use: table.use,
  }));
  const joined: Place[] = document.joins.map((join) => {
    const members = join.tables.flatMap((table) => tables.get(table) ?? []);
    const use = members.reduce<TableUse>(
      (most, table) => (USE_RANK[table.use] > USE_RANK[most] ? table.use : most),
      'online',
    );
    return {
      kind: 'join',
      id: join.id,
      name: join.name,
      tables: join.tables,
      area: members[0]?.area ?? '',
      areas: [...new Set(members.map((table) => table.area))],
      minCovers: join.minCovers,
      maxCovers: join.maxCovers,
      use,
    };
  });
  return [...single, ...joined];
}

/** The areas closed on `date`, by id. */
function closedAreas(document: TablesDocument, date: string): Map<string, Area> {
  return new Map(document.areas.filter((area) => areaClosedOn(area, date)).map((area) => [area.id, area]));
}

/** The first sitting on any of the place's tables that overlaps the request's table time, if any. */
export function clash(
  place: Place,
  request: SeatingRequest,
  sittings: readonly Sitting[],
): Sitting | undefined {
  return sittings
    .filter(
      (sitting) =>
        sitting.bookingId !== request.bookingId &&
        sitting.start < request.end &&
        request.start < sitting.end &&
        sitting.tables.some((table) => place.tables.includes(table)),
    )
    .sort((a, b) => a.start - b.start)[0];
}

/** The first rule that keeps the party off the place then, or null when it may sit there. */
export function refusalAt(
  place: Place,
  request: SeatingRequest,
  sittings: readonly Sitting[],
  closed: ReadonlyMap<string, Area>,
): Refusal | null {
  const tables = place.tables;
  const closedArea = place.areas.map((area) => closed.get(area)).find((area) => area !== undefined);
  if (closedArea) return { kind: 'area-closed', area: closedArea.name };
  if (!channelMayUse(request.channel, place.use)) return { kind: 'use', use: place.use };
  if (request.guests > place.maxCovers) return { kind: 'too-small', maxCovers: place.maxCovers };
  const taken = clash(place, request, sittings);
  if (taken) {
    const table = taken.tables.find((each) => tables.includes(each)) ?? '';
    return { kind: 'taken', from: taken.start, by: taken.name, table };
  }
  return null;
}

/** Each place of the layout with the rule that refuses it for the request, on `date`. */
export function checkPlaces(
  document: TablesDocument,
  date: string,
  request: SeatingRequest,
  sittings: readonly Sitting[],
): { place: Place; refusal: Refusal | null }[] {
  const closed = closedAreas(document, date);
  return placesOf(document).map((place) => ({ place, refusal: refusalAt(place, request, sittings, closed) }));
}

/**
 * The place assignment gives the party (issue 28): of the places free for its whole table time that its
 * channel may use, one whose minimum it reaches before one whose minimum it does not, then the smallest, then
 * a table before a join, then the order staff gave. A change keeps the booking's own tables while they still
 * take it. Null when no place can take the party.
 */
export function assignPlace(
  document: TablesDocument,
  date: string,
  request: SeatingRequest,
  sittings: readonly Sitting[],
  keep: readonly string[] = [],
): Place | null {
  const free = checkPlaces(document, date, request, sittings)
    .filter((check) => check.refusal === null)
    .map((check) => check.place);
  const kept = free.find(
    (place) => place.tables.length === keep.length && place.tables.every((table) => keep.includes(table)),
  );
  if (kept) return kept;
  // Tables come before joins in `placesOf`, and a tie keeps the earlier place.
  const rank = (place: Place) => [request.guests < place.minCovers ? 1 : 0, place.maxCovers];
  let best: Place | null = null;
  for (const place of free) {
    if (best === null) {
      best = place;
      continue;
    }
    const [a, b] = [rank(place), rank(best)];
    const index = a.findIndex((value, position) => value !== b[position]);
    if (index !== -1 && (a[index] ?? 0) < (b[index] ?? 0)) best = place;
  }
  return best;
}

/**
 * The seats of the places a channel may use that are free for the whole span: each table counted once (the
 * staff day view's figure, and an online slot's "few tables left").
 */
export function freeSeats(
  document: TablesDocument,
  date: string,
  span: { start: number; end: number; channel: SeatingChannel },
  sittings: readonly Sitting[],
): number {
  return checkPlaces(document, date, { ...span, guests: 1 }, sittings)
    .filter((check) => check.place.kind === 'table' && check.refusal === null)
    .reduce((sum, check) => sum + check.place.maxCovers, 0);
}

/** When the place is next taken after `from` (minutes), or null when it stays free for the rest of the day. */
export function freeUntil(place: Place, from: number, sittings: readonly Sitting[]): Sitting | null {
  return (
    sittings
      .filter(
        (sitting) => sitting.start >= from && sitting.tables.some((table) => place.tables.includes(table)),
      )
      .sort((a, b) => a.start - b.start)[0] ?? null
  );
}

/** Whether any two sittings share a table at the same moment: what the engine must never allow. */
export function doubleBooked(sittings: readonly Sitting[]): [Sitting, Sitting] | null {
  for (const [index, a] of sittings.entries()) {
    for (const b of sittings.slice(index + 1)) {
      const overlap = a.start < b.end && b.start < a.end;
      if (overlap && a.tables.some((table) => b.tables.includes(table))) return [a, b];
    }
  }
  return null;
}
