import { describe, expect, it } from 'vitest';
import bookingSettings from '#content/booking-settings.json' with { type: 'json' };
import { type SeatedParty, seatingTimes, toMinutes } from '../booking/rules.ts';
import { bookingSettingsSchema } from '../booking/settings.ts';
import type { Sitting } from '../tables/assignment.ts';
import type { TablesDocument } from '../tables/layout.ts';
import { estimateWaits, type QueueFloor, type SeatingTime, waitTimes } from './estimate.ts';

/** Seeded settings: slots every 30 minutes, dinner seats 18:00–21:30, tables held 90 minutes (120 from five). */
const settings = bookingSettingsSchema.parse(bookingSettings);
const DATE = '2026-12-08';
const dinner: SeatingTime[] = seatingTimes('dinner', DATE, settings, []).map((time) => ({
  service: 'dinner',
  time,
}));
const lunch: SeatingTime[] = seatingTimes('lunch', DATE, settings, []).map((time) => ({
  service: 'lunch',
  time,
}));
const seating = [...lunch, ...dinner];

/** Two tables of four in one room, no pacing. */
const layout: TablesDocument = {
  mode: 'tables',
  noShowAfterMinutes: 20,
  areas: [{ id: 'room', name: 'Dining room', closed: [] }],
  tables: ['t1', 't2'].map((id) => ({
    id,
    name: `Table ${id}`,
    area: 'room',
    minCovers: 1,
    maxCovers: 4,
    use: 'online' as const,
  })),
  joins: [],
  pacing: {
    intervalMinutes: 15,
    lunch: { online: null, staff: null },
    dinner: { online: null, staff: null },
  },
};

function sitting(table: string, from: string, to: string): Sitting {
  return {
    bookingId: `b-${table}-${from}`,
    tables: [table],
    start: toMinutes(from),
    end: toMinutes(to),
    guests: 2,
    name: 'Smith',
  };
}

function tablesFloor(sittings: Sitting[]): QueueFloor {
  return {
    mode: 'tables',
    day: { document: layout, settings, date: DATE, sittings, starters: [] },
  };
}

const AT_1810 = toMinutes('18:10');
const waits = (parties: { id: string; guests: number }[], floor: QueueFloor, now = AT_1810) =>
  Object.fromEntries(estimateWaits(parties, floor, { now, seating }));

describe('the times a walk-in could sit', () => {
  it('are now, then the service’s later seating times', () => {
    const times = waitTimes(AT_1810, seating);
    expect(times[0]).toEqual({ service: 'dinner', start: AT_1810 });
    expect(times.slice(1, 3)).toEqual([
      { service: 'dinner', start: toMinutes('18:30') },
      { service: 'dinner', start: toMinutes('19:00') },
    ]);
    expect(times.at(-1)).toEqual({ service: 'dinner', start: toMinutes('21:30') });
  });

  it('between services are the next service’s, not now; after the last seating there are none', () => {
    expect(waitTimes(toMinutes('16:20'), seating)[0]).toEqual({
      service: 'dinner',
      start: toMinutes('18:00'),
    });
    expect(waitTimes(toMinutes('21:45'), seating)).toEqual([]);
  });
});

describe('the queue’s waits in tables mode', () => {
  const busy = [sitting('t1', '17:30', '19:00'), sitting('t2', '18:00', '19:30')];

  it('serve the queue in order: a party behind waits for the table the first one takes', () => {
    expect(
      waits(
        [
          { id: 'a', guests: 2 },
          { id: 'b', guests: 2 },
          { id: 'c', guests: 4 },
        ],
        tablesFloor(busy),
      ),
    ).toEqual({
      a: { waitMinutes: 50, readyAt: '19:00' },
      b: { waitMinutes: 80, readyAt: '19:30' },
      // A holds t1 from 19:00 to 20:30, B t2 from 19:30 to 21:00.
      c: { waitMinutes: 140, readyAt: '20:30' },
    });
  });

  it('is 0 when a place is free now, at the current minute', () => {
    expect(waits([{ id: 'a', guests: 2 }], tablesFloor([busy[1] as Sitting]))).toEqual({
      a: { waitMinutes: 0, readyAt: '18:10' },
    });
  });

  it('shortens when a party leaves, and grows when a table is seated', () => {
    const left = [sitting('t1', '17:30', '18:10'), busy[1] as Sitting];
    expect(waits([{ id: 'a', guests: 2 }], tablesFloor(left)).a).toEqual({
      waitMinutes: 0,
      readyAt: '18:10',
    });
    const seatedNow = [...left, sitting('t1', '18:10', '19:40')];
    expect(waits([{ id: 'a', guests: 2 }], tablesFloor(seatedNow)).a).toEqual({
      waitMinutes: 80,
      readyAt: '19:30',
    });
  });

  it('is null when nothing frees up before the service’s last seating', () => {
    const allEvening = [sitting('t1', '17:30', '23:00'), sitting('t2', '18:00', '23:00')];
    expect(waits([{ id: 'a', guests: 2 }], tablesFloor(allEvening)).a).toEqual({
      waitMinutes: null,
      readyAt: null,
    });
    expect(waits([{ id: 'a', guests: 6 }], tablesFloor([])).a).toEqual({ waitMinutes: null, readyAt: null });
  });
});

describe('the queue’s waits in covers mode', () => {
  const small = { ...settings, coversPerSlot: 6 };
  const coversFloor = (seated: SeatedParty[]): QueueFloor => ({ mode: 'covers', settings: small, seated });

  it('wait for the covers of every slot the party’s turn overlaps, the parties ahead taking theirs', () => {
    // Six from 18:00 fill every slot to 19:30 (120 minutes at five or more).
    const floor = coversFloor([{ timeSlot: '18:00', guests: 6 }]);
    expect(
      waits(
        [
          { id: 'a', guests: 2 },
          { id: 'b', guests: 6 },
          { id: 'c', guests: 1 },
        ],
        floor,
      ),
    ).toEqual({
      a: { waitMinutes: 110, readyAt: '20:00' },
      // A's two sit 20:00–21:30: six fit only from 21:30.
      b: { waitMinutes: 200, readyAt: '21:30' },
      c: { waitMinutes: 110, readyAt: '20:00' },
    });
  });

  it('is 0 when the covers are there now', () => {
    expect(waits([{ id: 'a', guests: 4 }], coversFloor([{ timeSlot: '18:00', guests: 2 }])).a).toEqual({
      waitMinutes: 0,
      readyAt: '18:10',
    });
  });
});
