import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import bookingSettings from '#content/booking-settings.json' with { type: 'json' };
import { fromMinutes, serviceForTime, toMinutes, turnMinutesFor } from '../booking/rules.ts';
import { bookingSettingsSchema } from '../booking/settings.ts';
import {
  assignPlace,
  checkPlaces,
  doubleBooked,
  freeSeats,
  freeUntil,
  type Place,
  placesOf,
  type SeatingRequest,
  type Sitting,
} from './assignment.ts';
import { tablesRemaining } from './capacity.ts';
import {
  areaClosedOn,
  SEATING_CHANNELS,
  type SeatingChannel,
  TABLE_USES,
  type Table,
  type TableJoin,
  type TablesDocument,
  type TableUse,
  tablesDocumentSchema,
} from './layout.ts';
import { pacingLeft } from './pacing.ts';

const DATE = '2026-07-10';

const NO_PACING = {
  intervalMinutes: 15,
  lunch: { online: null, staff: null },
  dinner: { online: null, staff: null },
} as const;

const table = (
  id: string,
  minCovers: number,
  maxCovers: number,
  use: TableUse = 'online',
  area = 'dining',
) => ({
  id,
  name: id.toUpperCase(),
  area,
  minCovers,
  maxCovers,
  use,
});
const join = (id: string, tables: string[], minCovers: number, maxCovers: number) => ({
  id,
  name: tables.join(' + '),
  tables,
  minCovers,
  maxCovers,
});

/** A layout of the dining room and a garden closed on DATE, checked by the schema. */
function layoutOf(tables: Table[], joins: TableJoin[] = []): TablesDocument {
  return tablesDocumentSchema.parse({
    mode: 'tables',
    areas: [
      { id: 'dining', name: 'Dining room', closed: [] },
      { id: 'garden', name: 'Garden', closed: [{ from: '2026-07-01', to: '2026-07-31', reason: 'Marquee' }] },
    ],
    tables,
    joins,
    pacing: NO_PACING,
    noShowAfterMinutes: 15,
  });
}

/** A party of `guests` at 19:00 for two hours. */
function party(guests: number, extra: Partial<SeatingRequest> = {}): SeatingRequest {
  return { guests, start: toMinutes('19:00'), end: toMinutes('21:00'), channel: 'online', ...extra };
}

function sitting(tables: string[], from: string, to: string, name = 'Smith', bookingId = name): Sitting {
  return { bookingId, tables, start: toMinutes(from), end: toMinutes(to), guests: 2, name };
}

const assigned = (
  document: TablesDocument,
  request: SeatingRequest,
  sittings: Sitting[] = [],
  keep?: string[],
) => assignPlace(document, DATE, request, sittings, keep)?.id ?? null;

describe('assignment', () => {
  it('refuses a party of 6 when 6 seats are free only across tables that are not joined', () => {
    const twos = layoutOf([table('t1', 1, 2), table('t2', 1, 2), table('t3', 1, 2)]);
    expect(
      freeSeats(twos, DATE, { start: toMinutes('19:00'), end: toMinutes('21:00'), channel: 'online' }, []),
    ).toBe(6);
    expect(assigned(twos, party(6))).toBeNull();
    expect(checkPlaces(twos, DATE, party(6), []).map((check) => check.refusal)).toEqual([
      { kind: 'too-small', maxCovers: 2 },
      { kind: 'too-small', maxCovers: 2 },
      { kind: 'too-small', maxCovers: 2 },
    ]);
  });

  it('uses a listed join when no single table seats the party, and a table when one does', () => {
    const room = layoutOf([table('t4', 2, 4), table('t5', 2, 5)], [join('t4-t5', ['t4', 't5'], 6, 10)]);
    expect(assigned(room, party(8))).toBe('t4-t5');
    expect(assigned(room, party(5))).toBe('t5');
    expect(assigned(room, party(8), [sitting(['t4'], '20:30', '22:00')])).toBeNull();
  });

  it('chooses the smallest table that seats the party, whatever the order staff gave', () => {
    const room = layoutOf([table('big', 1, 8), table('four', 1, 4), table('two', 1, 2)]);
    expect(assigned(room, party(2))).toBe('two');
    expect(assigned(room, party(3))).toBe('four');
    expect(assigned(room, party(6))).toBe('big');
    expect(assigned(room, party(2), [sitting(['two'], '18:00', '19:30')])).toBe('four');
  });

  it('keeps to the order staff gave between tables of the same size', () => {
    const room = layoutOf([table('window', 1, 4), table('door', 1, 4)]);
    expect(assigned(room, party(3))).toBe('window');
    expect(assigned(room, party(3), [sitting(['window'], '19:00', '21:00')])).toBe('door');
  });

  it('puts a party below a table’s minimum elsewhere when a better table is free, there when nothing else fits', () => {
    const room = layoutOf([table('six', 4, 6), table('eight', 1, 8)]);
    expect(assigned(room, party(3))).toBe('eight');
    expect(assigned(room, party(5))).toBe('six');
    expect(assigned(room, party(3), [sitting(['eight'], '18:00', '20:00')])).toBe('six');
  });

  it('gives online guests only online tables, staff never walk-in tables by themselves, walk-ins any', () => {
    const room = layoutOf(
      [table('online', 1, 4, 'online'), table('staff', 1, 4, 'staff'), table('bar', 1, 4, 'walk-in')],
      [join('online-bar', ['online', 'bar'], 5, 8)],
    );
    const busy = (...tables: string[]) => tables.map((table) => sitting([table], '19:00', '21:00', table));
    expect(assigned(room, party(2, { channel: 'online' }), busy('online'))).toBeNull();
    expect(assigned(room, party(2, { channel: 'staff' }), busy('online'))).toBe('staff');
    expect(assigned(room, party(2, { channel: 'staff' }), busy('online', 'staff'))).toBeNull();
    expect(assigned(room, party(2, { channel: 'walk-in' }), busy('online', 'staff'))).toBe('bar');
    expect(assigned(room, party(7, { channel: 'online' }))).toBeNull();
    expect(assigned(room, party(7, { channel: 'staff' }))).toBeNull();
    expect(assigned(room, party(7, { channel: 'walk-in' }))).toBe('online-bar');
    const refusals = checkPlaces(room, DATE, party(2), []).map((check) => check.refusal);
    expect(refusals).toEqual([
      null,
      { kind: 'use', use: 'staff' },
      { kind: 'use', use: 'walk-in' },
      { kind: 'use', use: 'walk-in' },
    ]);
  });

  it('refuses a closed area by its name, a join reaching into it too', () => {
    const room = layoutOf(
      [
        table('g1', 1, 4, 'online', 'garden'),
        table('d1', 1, 2, 'online', 'dining'),
        table('d2', 1, 4, 'online', 'dining'),
      ],
      [join('d1-g1', ['d1', 'g1'], 5, 8), join('d1-d2', ['d1', 'd2'], 5, 6)],
    );
    const refusals = checkPlaces(room, DATE, party(6), []).map((check) => check.refusal);
    expect(refusals[0]).toEqual({ kind: 'area-closed', area: 'Garden' });
    expect(refusals[3]).toEqual({ kind: 'area-closed', area: 'Garden' });
    expect(refusals[4]).toBeNull();
    expect(assigned(room, party(7))).toBeNull();
    expect(assigned(room, party(3))).toBe('d2');
    expect(checkPlaces(room, '2026-08-01', party(3), [])[0]?.refusal).toBeNull();
  });

  it('keeps a changed booking on its own tables while they still seat it', () => {
    const room = layoutOf(
      [table('two', 1, 2), table('big', 1, 6), table('four', 1, 4)],
      [join('big-four', ['big', 'four'], 7, 10)],
    );
    const own = [sitting(['big'], '19:00', '21:00', 'Patel', 'b1')];
    expect(assigned(room, party(2, { bookingId: 'b1' }), own, ['big'])).toBe('big');
    expect(assigned(room, party(2, { bookingId: 'b1' }), own)).toBe('two');
    expect(assigned(room, party(2), own, ['big'])).toBe('two');
    expect(assigned(room, party(8, { bookingId: 'b1' }), own, ['big'])).toBe('big-four');
    const joined = [sitting(['big', 'four'], '19:00', '21:00', 'Patel', 'b1')];
    expect(assigned(room, party(7, { bookingId: 'b1' }), joined, ['big', 'four'])).toBe('big-four');
  });

  it('says a table is taken, from when and by whom', () => {
    const room = layoutOf([table('t1', 1, 4)]);
    const evening = [sitting(['t1'], '20:30', '22:00', 'Patel'), sitting(['t1'], '19:00', '20:30', 'Smith')];
    const refusalFor = (from: string, to: string) =>
      checkPlaces(room, DATE, party(2, { start: toMinutes(from), end: toMinutes(to) }), evening)[0]?.refusal;
    const taken = (from: string, by: string) => ({ kind: 'taken', from: toMinutes(from), by, table: 't1' });
    expect(refusalFor('18:00', '19:30')).toEqual(taken('19:00', 'Smith'));
    expect(refusalFor('20:00', '21:00')).toEqual(taken('19:00', 'Smith'));
    expect(refusalFor('21:30', '23:00')).toEqual(taken('20:30', 'Patel'));
    expect(refusalFor('17:00', '19:00')).toBeNull();
    expect(refusalFor('22:00', '23:00')).toBeNull();
  });

  it('tells when a place is next taken, and finds two bookings on one table at once', () => {
    const [t1] = placesOf(layoutOf([table('t1', 1, 4)])) as [Place];
    const evening = [sitting(['t1'], '21:00', '22:00', 'Patel'), sitting(['t1'], '19:30', '21:00', 'Smith')];
    expect(freeUntil(t1, toMinutes('18:00'), evening)?.name).toBe('Smith');
    expect(freeUntil(t1, toMinutes('21:00'), evening)?.name).toBe('Patel');
    expect(freeUntil(t1, toMinutes('21:30'), evening)).toBeNull();
    expect(doubleBooked(evening)).toBeNull();
    const clashing = [...evening, sitting(['t2', 't1'], '20:45', '21:15', 'Jones')];
    expect(doubleBooked(clashing)?.map((each) => each.name)).toEqual(['Patel', 'Jones']);
  });
});

/** Random layouts the schema accepts: areas (some closed on DATE), tables, and joins of existing tables. */
const layouts = fc
  .record({
    closedAreas: fc.array(fc.constantFrom(false, false, false, true), { minLength: 1, maxLength: 3 }),
    tables: fc.array(
      fc.record({
        area: fc.nat(2),
        min: fc.integer({ min: 1, max: 6 }),
        extra: fc.integer({ min: 0, max: 6 }),
        use: fc.constantFrom(...TABLE_USES),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    joins: fc.array(
      fc.record({
        members: fc.uniqueArray(fc.nat(9), { minLength: 2, maxLength: 3 }),
        min: fc.integer({ min: 1, max: 8 }),
        extra: fc.integer({ min: 0, max: 6 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ closedAreas, tables, joins }) =>
    tablesDocumentSchema.parse({
      mode: 'tables',
      areas: closedAreas.map((closed, index) => ({
        id: `area-${index}`,
        name: `Area ${index}`,
        closed: closed ? [{ from: DATE, to: DATE, reason: 'Closed' }] : [],
      })),
      tables: tables.map(({ area, min, extra, use }, index) =>
        table(`t${index}`, min, min + extra, use, `area-${area % closedAreas.length}`),
      ),
      joins: joins
        .map(({ members, min, extra }) => ({
          ids: [...new Set(members.map((at) => `t${at % tables.length}`))],
          min,
          extra,
        }))
        .filter(({ ids }) => ids.length >= 2)
        .map(({ ids, min, extra }, index) => join(`j${index}`, ids, min, min + extra)),
      pacing: NO_PACING,
      noShowAfterMinutes: 15,
    }),
  );

const channels = fc.constantFrom<SeatingChannel>(...SEATING_CHANNELS);

/** A party of 1–12 starting on a quarter hour from 12:00 to 21:30, for 60–150 minutes. */
const requests = fc
  .record({
    guests: fc.integer({ min: 1, max: 12 }),
    step: fc.nat(38),
    turn: fc.integer({ min: 60, max: 150 }),
    channel: channels,
  })
  .map(({ guests, step, turn, channel }): SeatingRequest => {
    const start = toMinutes('12:00') + step * 15;
    return { guests, start, end: start + turn, channel };
  });

/** Each request assigned in turn, with what assignment saw when it made its choice. */
function night(document: TablesDocument, parties: SeatingRequest[]) {
  const sittings: Sitting[] = [];
  const steps = parties.map((request, index) => {
    const before = [...sittings];
    const place = assignPlace(document, DATE, request, before);
    if (place)
      sittings.push({ bookingId: `b${index}`, tables: place.tables, ...request, name: `Guest ${index}` });
    return { request, place, checks: checkPlaces(document, DATE, request, before) };
  });
  return { sittings, steps };
}

const RUNS = { numRuns: 150 };
const nights = fc.tuple(layouts, fc.array(requests, { minLength: 1, maxLength: 30 }));

describe('assignment over random layouts and nights', () => {
  it('never puts two bookings on one table at the same time', () => {
    fc.assert(
      fc.property(nights, ([document, parties]) => {
        expect(doubleBooked(night(document, parties).sittings)).toBeNull();
      }),
      RUNS,
    );
  });

  it('gives a party only a place that seats it, that its channel may use, in an open area', () => {
    fc.assert(
      fc.property(nights, ([document, parties]) => {
        const areaOf = new Map(document.tables.map((table) => [table.id, table.area]));
        const closed = new Set(
          document.areas.filter((area) => areaClosedOn(area, DATE)).map((area) => area.id),
        );
        for (const { request, place } of night(document, parties).steps) {
          if (!place) continue;
          expect(request.guests).toBeLessThanOrEqual(place.maxCovers);
          expect(channelAllows(request.channel, place.use)).toBe(true);
          expect(place.tables.filter((table) => closed.has(areaOf.get(table) ?? ''))).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('puts a party below a minimum only when no free place seats it at or above one, and on the smallest', () => {
    fc.assert(
      fc.property(nights, ([document, parties]) => {
        for (const { request, place, checks } of night(document, parties).steps) {
          if (!place) continue;
          const below = (each: Place) => request.guests < each.minCovers;
          const free = checks.filter((check) => check.refusal === null).map((check) => check.place);
          expect(free).toContainEqual(place);
          if (below(place)) expect(free.filter((each) => !below(each))).toEqual([]);
          const smaller = free.filter(
            (each) => below(each) === below(place) && each.maxCovers < place.maxCovers,
          );
          expect(smaller).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('refuses a party only when every place has a rule against it', () => {
    fc.assert(
      fc.property(nights, ([document, parties]) => {
        for (const { place, checks } of night(document, parties).steps) {
          if (place) continue;
          expect(checks.filter((check) => check.refusal === null)).toEqual([]);
        }
      }),
      RUNS,
    );
  });
});

const settings = bookingSettingsSchema.parse(bookingSettings);

/** Pacing limits the schema accepts: each service's online limit at most its staff one, either possibly none. */
const limits = fc
  .tuple(fc.option(fc.integer({ min: 1, max: 40 })), fc.option(fc.integer({ min: 1, max: 40 })))
  .map(([online, staff]) => ({
    online: online !== null && staff !== null ? Math.min(online, staff) : online,
    staff,
  }));
const pacings = fc.record({
  intervalMinutes: fc.constantFrom(15 as const, 30 as const),
  lunch: limits,
  dinner: limits,
});

describe('availability over random layouts and nights', () => {
  it('opens a slot for a party exactly when assignment would seat it and pacing lets it start', () => {
    fc.assert(
      fc.property(nights, pacings, requests, ([layout, parties], pacing, query) => {
        const document = tablesDocumentSchema.parse({ ...layout, pacing });
        const { sittings } = night(document, parties);
        const starters = sittings.map(({ start, guests }) => ({ start, guests }));
        const { guests, start, channel } = query;
        const time = fromMinutes(start);
        const service = serviceForTime(time);
        const day = { document, settings, date: DATE, sittings, starters };
        const remaining = tablesRemaining(day, { service, time }, guests, channel);
        const end = start + turnMinutesFor(guests, settings);
        const place = assignPlace(document, DATE, { guests, start, end, channel }, sittings);
        const left = pacingLeft(document, service, start, channel, starters);
        const seated = place !== null && (left === null || left >= guests);
        expect(remaining >= guests).toBe(seated);
        if (!seated) expect(remaining).toBe(0);
      }),
      RUNS,
    );
  });
});

/** The channel rule as issue 28 states it, written out apart from the engine's. */
function channelAllows(channel: SeatingChannel, use: TableUse): boolean {
  if (channel === 'online') return use === 'online';
  if (channel === 'staff') return use === 'online' || use === 'staff';
  return true;
}
