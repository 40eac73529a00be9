import { describe, expect, it } from 'vitest';
import sample from '#content/tables.json' with { type: 'json' };
import { toMinutes } from '../booking/rules.ts';
import { type ServicePacing, type TablesDocument, tablesDocumentSchema } from './layout.ts';
import { pacingInterval, pacingLeft, type Starter } from './pacing.ts';

/** The sample layout with dinner paced at `dinner`, in intervals of `intervalMinutes`. */
function pacedAt(dinner: ServicePacing, intervalMinutes: 15 | 30 = 15): TablesDocument {
  const layout = tablesDocumentSchema.parse(sample);
  return { ...layout, pacing: { ...layout.pacing, intervalMinutes, dinner } };
}

const starting = (time: string, guests: number): Starter => ({ start: toMinutes(time), guests });

/** 40 covers starting at 19:00: ten parties of four. */
const FORTY_AT_SEVEN = Array.from({ length: 10 }, () => starting('19:00', 4));

describe('pacingInterval', () => {
  it('is aligned to the clock', () => {
    expect(pacingInterval(toMinutes('19:10'), 15)).toEqual({
      from: toMinutes('19:00'),
      to: toMinutes('19:15'),
    });
    expect(pacingInterval(toMinutes('19:15'), 15)).toEqual({
      from: toMinutes('19:15'),
      to: toMinutes('19:30'),
    });
    expect(pacingInterval(toMinutes('19:29'), 30)).toEqual({
      from: toMinutes('19:00'),
      to: toMinutes('19:30'),
    });
    expect(pacingInterval(toMinutes('19:45'), 30)).toEqual({
      from: toMinutes('19:30'),
      to: toMinutes('20:00'),
    });
  });
});

describe('pacingLeft', () => {
  const paced = pacedAt({ online: 40, staff: 50 });
  const at = (time: string, channel: 'online' | 'staff' | 'walk-in', starters: Starter[], document = paced) =>
    pacingLeft(document, 'dinner', toMinutes(time), channel, starters);

  it('leaves no room online for a 41st cover starting at 19:00 when the limit is 40', () => {
    expect(at('19:00', 'online', FORTY_AT_SEVEN.slice(1))).toBe(4);
    expect(at('19:00', 'online', FORTY_AT_SEVEN)).toBe(0);
    expect(at('19:10', 'online', FORTY_AT_SEVEN)).toBe(0);
    expect(at('19:00', 'online', [...FORTY_AT_SEVEN, starting('19:05', 3)])).toBe(0);
  });

  it('gives staff their higher limit', () => {
    expect(at('19:00', 'staff', FORTY_AT_SEVEN)).toBe(10);
    expect(at('19:00', 'staff', [...FORTY_AT_SEVEN, starting('19:00', 10)])).toBe(0);
  });

  it('holds online to the staff limit when online has none of its own', () => {
    const staffOnly = pacedAt({ online: null, staff: 44 });
    expect(at('19:00', 'online', FORTY_AT_SEVEN, staffOnly)).toBe(4);
    expect(at('19:00', 'staff', FORTY_AT_SEVEN, staffOnly)).toBe(4);
  });

  it('sets no limit for walk-ins, nor for anyone when the service has none', () => {
    expect(at('19:00', 'walk-in', FORTY_AT_SEVEN)).toBeNull();
    const unpaced = pacedAt({ online: null, staff: null });
    expect(at('19:00', 'online', FORTY_AT_SEVEN, unpaced)).toBeNull();
    expect(at('19:00', 'staff', FORTY_AT_SEVEN, unpaced)).toBeNull();
  });

  it('counts only the covers starting in the same interval', () => {
    const around = [starting('18:59', 20), starting('19:15', 20), starting('19:14', 6)];
    expect(at('19:00', 'online', around)).toBe(34);
    expect(at('19:15', 'online', around)).toBe(20);
    expect(at('19:00', 'online', around, pacedAt({ online: 40, staff: 50 }, 30))).toBe(14);
  });

  it('paces each service by its own limits', () => {
    const lunchOnly = { ...paced, pacing: { ...paced.pacing, lunch: { online: 8, staff: 12 } } };
    const lunch = [starting('12:30', 6)];
    expect(pacingLeft(lunchOnly, 'lunch', toMinutes('12:30'), 'online', lunch)).toBe(2);
    expect(pacingLeft(lunchOnly, 'dinner', toMinutes('19:00'), 'online', FORTY_AT_SEVEN.slice(2))).toBe(8);
  });
});
