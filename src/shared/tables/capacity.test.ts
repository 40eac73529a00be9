import { describe, expect, it } from 'vitest';
import bookingSettings from '#content/booking-settings.json' with { type: 'json' };
import sample from '#content/tables.json' with { type: 'json' };
import { toMinutes } from '../booking/rules.ts';
import { bookingSettingsSchema } from '../booking/settings.ts';
import type { Sitting } from './assignment.ts';
import { type TablesDay, tablesRemaining } from './capacity.ts';
import { type SeatingChannel, type TablesDocument, tablesDocumentSchema } from './layout.ts';
import type { Starter } from './pacing.ts';

/**
 * The sample layout in tables mode, dinner paced at 16 covers online and 24 for staff a quarter hour. Its
 * tables seat 26 online (Tables 1–5, Garden 1–2), 16 more for staff (Table 6, the snug), 8 more for walk-ins
 * (Bar 1–3). Seeded settings: tables held 90 minutes, 120 from five guests; slots every 30 minutes.
 */
const layout: TablesDocument = { ...tablesDocumentSchema.parse(sample), mode: 'tables' };
const unpaced: TablesDocument = {
  ...layout,
  pacing: { ...layout.pacing, dinner: { online: null, staff: null } },
};
const settings = bookingSettingsSchema.parse(bookingSettings);

function dayOf(extra: Partial<TablesDay> = {}): TablesDay {
  return { document: layout, settings, date: '2026-07-10', sittings: [], starters: [], ...extra };
}

function sitting(tables: string[], from: string, to: string): Sitting {
  return {
    bookingId: tables.join('+'),
    tables,
    start: toMinutes(from),
    end: toMinutes(to),
    guests: 2,
    name: 'Smith',
  };
}

const remaining = (
  day: TablesDay,
  guests: number | undefined,
  channel: SeatingChannel = 'online',
  time = '19:00',
) => tablesRemaining(day, { service: 'dinner', time }, guests, channel);

/** Every online table but `free` taken all evening. */
const allOnlineBut = (...free: string[]) =>
  ['table-1', 'table-2', 'table-3', 'table-4', 'table-5', 'garden-1', 'garden-2']
    .filter((table) => !free.includes(table))
    .map((table) => sitting([table], '18:00', '22:00'));

describe('tablesRemaining for a party', () => {
  it('is at least the party when a place is free, within pacing', () => {
    expect(remaining(dayOf(), 2)).toBe(16);
    expect(remaining(dayOf({ document: unpaced }), 2)).toBe(26);
    const nearlyFull = [{ start: toMinutes('19:00'), guests: 13 }];
    expect(remaining(dayOf({ starters: nearlyFull }), 3)).toBe(3);
  });

  it('is 0 when no place seats the party for the channel', () => {
    expect(remaining(dayOf(), 9)).toBe(0);
    expect(remaining(dayOf(), 9, 'staff')).toBeGreaterThanOrEqual(9);
    const twoTwos = dayOf({ sittings: allOnlineBut('table-1', 'table-2') });
    expect(remaining(twoTwos, 5)).toBe(0);
    expect(remaining(twoTwos, 4)).toBe(4);
    const twoUnjoined = dayOf({ sittings: allOnlineBut('table-3', 'garden-1') });
    expect(remaining(twoUnjoined, 5)).toBe(0);
    expect(remaining(twoUnjoined, 4)).toBe(8);
  });

  it('is the party when the only free place is a join that seats more than its tables', () => {
    const withEndSeat = {
      ...unpaced,
      joins: unpaced.joins.map((join) => (join.id === 'tables-1-2' ? { ...join, maxCovers: 5 } : join)),
    };
    const day = dayOf({ document: withEndSeat, sittings: allOnlineBut('table-1', 'table-2') });
    expect(remaining(day, 5)).toBe(5);
    expect(remaining(day, undefined)).toBe(4);
  });

  it('is 0 when no place is free for the party’s whole table time', () => {
    const laterOn = [...allOnlineBut('table-3'), sitting(['table-3'], '20:15', '22:00')];
    expect(remaining(dayOf({ sittings: laterOn }), 2, 'online', '18:30')).toBe(4);
    expect(remaining(dayOf({ sittings: laterOn }), 2, 'online', '19:00')).toBe(0);
  });

  it('is 0 when pacing is full, online at its own limit and staff at theirs', () => {
    const sixteen: Starter[] = [{ start: toMinutes('19:00'), guests: 16 }];
    expect(remaining(dayOf({ starters: sixteen }), 1)).toBe(0);
    expect(remaining(dayOf({ starters: sixteen }), 1, 'online', '19:15')).toBe(16);
    expect(remaining(dayOf({ starters: sixteen }), 8, 'staff')).toBe(8);
    expect(remaining(dayOf({ starters: sixteen }), 9, 'staff')).toBe(0);
    expect(remaining(dayOf({ starters: [{ start: toMinutes('19:00'), guests: 40 }] }), 2, 'walk-in')).toBe(
      50,
    );
  });

  it('refuses the 41st cover starting at 19:00 online when the limit is 40', () => {
    const forty = { ...unpaced, pacing: { ...unpaced.pacing, dinner: { online: 40, staff: 50 } } };
    const startingAtSeven = (count: number) =>
      Array.from({ length: count }, (): Starter => ({ start: toMinutes('19:00'), guests: 1 }));
    expect(remaining(dayOf({ document: forty, starters: startingAtSeven(39) }), 1)).toBe(1);
    expect(remaining(dayOf({ document: forty, starters: startingAtSeven(40) }), 1)).toBe(0);
    expect(remaining(dayOf({ document: forty, starters: startingAtSeven(40) }), 1, 'staff')).toBe(10);
  });
});

describe('tablesRemaining without a party', () => {
  it('is the free seats of the tables the channel may use in the slot', () => {
    const day = dayOf({ document: unpaced });
    expect(remaining(day, undefined, 'online')).toBe(26);
    expect(remaining(day, undefined, 'staff')).toBe(42);
    expect(remaining(day, undefined, 'walk-in')).toBe(50);
  });

  it('counts a table taken during the slot, not one free by then', () => {
    const day = dayOf({ document: unpaced, sittings: [sitting(['table-5'], '18:00', '19:15')] });
    expect(remaining(day, undefined, 'online', '19:00')).toBe(20);
    expect(remaining(day, undefined, 'online', '19:30')).toBe(26);
    const joined = dayOf({
      document: unpaced,
      sittings: [sitting(['table-3', 'table-4'], '19:00', '21:00')],
    });
    expect(remaining(joined, undefined, 'online')).toBe(18);
  });

  it('leaves out a closed area', () => {
    const closedGarden = {
      ...unpaced,
      areas: unpaced.areas.map((area) =>
        area.id === 'garden'
          ? { ...area, closed: [{ from: '2026-07-01', to: '2026-07-31', reason: 'Marquee' }] }
          : area,
      ),
    };
    expect(remaining(dayOf({ document: closedGarden }), undefined)).toBe(18);
  });

  it('is capped by the covers pacing still lets start', () => {
    expect(remaining(dayOf(), undefined, 'online')).toBe(16);
    expect(remaining(dayOf(), undefined, 'staff')).toBe(24);
    const ten: Starter[] = [{ start: toMinutes('19:00'), guests: 10 }];
    expect(remaining(dayOf({ starters: ten }), undefined, 'online')).toBe(6);
    expect(remaining(dayOf({ starters: ten }), undefined, 'staff')).toBe(14);
  });
});

describe('tablesRemaining beside an occasion’s parties (issue 30, decision 034)', () => {
  /** Staff may give 42 seats of the sample layout (all but the bar's): the party night's dinner holds 40. */
  const partyNight = (guests: number) => [{ start: toMinutes('19:00'), end: toMinutes('22:30'), guests }];
  const unpacedWith = (guests: number) => dayOf({ document: unpaced, occasionHolds: partyNight(guests) });

  it('offers a table only when the tables left free still seat the occasion’s guests', () => {
    expect(remaining(unpacedWith(40), 2)).toBe(2);
    expect(remaining(unpacedWith(40), 3)).toBe(0);
    expect(remaining(unpacedWith(40), 2, 'online', '18:00')).toBe(2);
    expect(remaining(unpacedWith(41), 2, 'online', '18:00')).toBe(0);
    expect(remaining(unpacedWith(30), 4)).toBe(4);
  });

  it('takes the occasion’s guests off the seats a slot shows, and leaves other times alone', () => {
    expect(remaining(unpacedWith(20), undefined)).toBe(6);
    expect(remaining(unpacedWith(40), undefined)).toBe(0);
    const lunch = dayOf({
      document: unpaced,
      occasionHolds: [{ start: toMinutes('12:30'), end: toMinutes('15:00'), guests: 40 }],
    });
    expect(remaining(lunch, 4)).toBe(remaining(dayOf({ document: unpaced }), 4));
  });
});
