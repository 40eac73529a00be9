import { describe, expect, it } from 'vitest';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  type AvailabilityInput,
  bookableDateRange,
  buildAvailability,
  isClosedDate,
  outsideSpecialHours,
  type Service,
  seatingTimes,
  serviceForTime,
  servicesOn,
  shortenedHoursOn,
  slotTimes,
  turnMinutesFor,
} from './rules.ts';
import type { BookingSettings } from './settings.ts';

/** The seeded booking settings: lunch Sun and Tue–Sat 12–4, dinner Tue–Sat 6–10, 7 covers a slot. */
const settings = seedContent['booking-settings'];

const LUNCH_TIMES = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30'];
const DINNER_TIMES = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];

/** Monday 1 June 2026, 10:00 in London (BST). */
const JUNE_MORNING = new Date('2026-06-01T09:00:00Z');

function availability(date: string, now: Date, extra: Partial<AvailabilityInput> = {}) {
  return buildAvailability({
    date,
    now,
    settings,
    specialDates: [],
    closedServices: new Set(),
    seated: [],
    ...extra,
  });
}

describe('a slot whose time has gone by', () => {
  it('is marked passed as well as closed; one only within the notice is closed, not passed', () => {
    // Tuesday 2 June 2026, 12:40 in London: 12:00 and 12:30 have gone by, 13:00 is inside the notice.
    const slots = availability('2026-06-02', new Date('2026-06-02T11:40:00Z'));
    const at = (time: string) => slots.find((slot) => slot.time === time);
    expect(at('12:00')).toMatchObject({ closed: true, passed: true });
    expect(at('12:30')).toMatchObject({ closed: true, passed: true });
    expect(at('13:00')?.closed).toBe(true);
    expect(at('13:00')).not.toHaveProperty('passed');
    expect(at('18:00')).not.toHaveProperty('passed');
  });
});

function closedTimes(date: string, now: Date): string[] {
  return availability(date, now)
    .filter((slot) => slot.closed)
    .map((slot) => slot.time);
}

describe('services and slots', () => {
  it.each([
    ['2026-06-07', 'Sunday', ['lunch']],
    ['2026-06-08', 'Monday', []],
    ['2026-06-09', 'Tuesday', ['lunch', 'dinner']],
    ['2026-06-10', 'Wednesday', ['lunch', 'dinner']],
    ['2026-06-11', 'Thursday', ['lunch', 'dinner']],
    ['2026-06-12', 'Friday', ['lunch', 'dinner']],
    ['2026-06-13', 'Saturday', ['lunch', 'dinner']],
  ] as const)('%s (%s) has %j', (date, _weekday, services) => {
    expect(servicesOn(date, settings)).toEqual(services);
  });

  it('seats every 30 minutes until 30 minutes before the service ends', () => {
    expect(slotTimes('lunch', settings)).toEqual(LUNCH_TIMES);
    expect(slotTimes('dinner', settings)).toEqual(DINNER_TIMES);
  });

  it('follows the settings staff save: other windows, interval, capacity and days', () => {
    const changed: BookingSettings = {
      ...settings,
      services: { ...settings.services, dinner: { opens: '17:30', closes: '21:00', weekdays: [1, 5] } },
      slotEveryMinutes: 45,
      coversPerSlot: 12,
    };
    expect(slotTimes('dinner', changed)).toEqual(['17:30', '18:15', '19:00', '19:45', '20:30']);
    expect(servicesOn('2026-06-08', changed)).toEqual(['dinner']);
    const monday = availability('2026-06-08', JUNE_MORNING, { settings: changed });
    expect(monday.map((slot) => slot.remaining)).toEqual([12, 12, 12, 12, 12]);
  });

  it('counts a time before 17:00 as lunch and from 17:00 as dinner', () => {
    expect(serviceForTime('12:00')).toBe('lunch');
    expect(serviceForTime('16:59')).toBe('lunch');
    expect(serviceForTime('17:00')).toBe('dinner');
    expect(serviceForTime('21:30')).toBe('dinner');
  });

  it('offers a weekday’s slots of its services only, with the covers left', () => {
    // Three guests at 19:00 keep their table for 90 minutes: the 19:00, 19:30 and 20:00 slots.
    const tuesday = availability('2026-06-09', JUNE_MORNING, { seated: [{ timeSlot: '19:00', guests: 3 }] });
    expect(tuesday.map((slot) => slot.time)).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
    expect(tuesday.filter((slot) => slot.service === 'dinner')).toHaveLength(8);
    expect(tuesday.find((slot) => slot.time === '19:00')).toEqual({
      service: 'dinner',
      time: '19:00',
      closed: false,
      remaining: 21,
    });
    const left = (slots: typeof tuesday, time: string) => slots.find((slot) => slot.time === time)?.remaining;
    // Each slot's own covers: the party is seated in 19:00, 19:30 and 20:00.
    expect(['18:30', '19:30', '20:00', '20:30'].map((time) => left(tuesday, time))).toEqual([24, 21, 21, 24]);
    // For a guest being booked: one sitting at 18:00 would still be at the table at 19:00.
    const forOne = availability('2026-06-09', JUNE_MORNING, {
      seated: [{ timeSlot: '19:00', guests: 3 }],
      guests: 1,
    });
    expect(['18:00', '17:30', '20:30'].map((time) => left(forOne, time))).toEqual([21, undefined, 24]);

    const sunday = availability('2026-06-07', JUNE_MORNING);
    expect(sunday.map((slot) => slot.time)).toEqual(LUNCH_TIMES);
    expect(sunday.every((slot) => slot.service === 'lunch')).toBe(true);

    expect(availability('2026-06-08', JUNE_MORNING)).toEqual([]);
  });

  it('never shows fewer than 0 covers, even when a slot is overfilled by staff', () => {
    const slots = availability('2026-06-09', JUNE_MORNING, { seated: [{ timeSlot: '12:00', guests: 30 }] });
    expect(slots[0]).toMatchObject({ time: '12:00', remaining: 0, closed: false });
  });

  it('counts covers for the party being booked: its table time and the service’s total', () => {
    const seated = [{ timeSlot: '19:30', guests: 20 }];
    const forTwo = availability('2026-06-09', JUNE_MORNING, { seated, guests: 2 });
    const forEight = availability('2026-06-09', JUNE_MORNING, { seated, guests: 8 });
    const left = (slots: { time: string; remaining: number }[], time: string) =>
      slots.find((slot) => slot.time === time)?.remaining;
    // Two guests at 18:00 are gone by 19:30 (90 minutes); eight keep their table for 120, into 19:30.
    expect(left(forTwo, '18:00')).toBe(24);
    expect(left(forEight, '18:00')).toBe(4);
    expect(turnMinutesFor(4, settings)).toBe(90);
    expect(turnMinutesFor(5, settings)).toBe(120);

    // 80 covers a service: with 76 seated through the evening, a party of 8 fits nowhere.
    const full = [18, 19, 20, 21].map((hour) => ({ timeSlot: `${hour}:00`, guests: 19 }));
    const roomy = { ...settings, coversPerSlot: 200 };
    const evening = availability('2026-06-09', JUNE_MORNING, { settings: roomy, seated: full, guests: 8 });
    expect(evening.filter((slot) => slot.service === 'dinner').map((slot) => slot.remaining)).toEqual(
      Array(8).fill(4),
    );
  });

  it('closes every slot of a closed service and only those', () => {
    const slots = availability('2026-06-09', JUNE_MORNING, { closedServices: new Set<Service>(['dinner']) });
    expect(slots.filter((slot) => slot.closed).map((slot) => slot.time)).toEqual(DINNER_TIMES);
  });
});

describe('the 60-minute notice', () => {
  it('closes slots starting less than 60 minutes from now, on a summer day', () => {
    // 12:00 in London on Tuesday 9 June (BST, UTC+1).
    expect(closedTimes('2026-06-09', new Date('2026-06-09T11:00:00Z'))).toEqual(['12:00', '12:30']);
    // One minute later 13:00 is 59 minutes away.
    expect(closedTimes('2026-06-09', new Date('2026-06-09T11:01:00Z'))).toEqual(['12:00', '12:30', '13:00']);
  });

  it('uses London’s clock on the Sunday the clocks go forward (29 March 2026)', () => {
    // 11:00 UTC is 12:00 BST: 13:00 is exactly an hour away. A UTC reading would leave 12:00 open.
    expect(closedTimes('2026-03-29', new Date('2026-03-29T11:00:00Z'))).toEqual(['12:00', '12:30']);
  });

  it('uses London’s clock on the Sunday the clocks go back (25 October 2026)', () => {
    // 12:00 UTC is 12:00 GMT again: a BST reading would close 13:00 as well.
    expect(closedTimes('2026-10-25', new Date('2026-10-25T12:00:00Z'))).toEqual(['12:00', '12:30']);
  });

  it('closes the whole day once its last slot is within the hour', () => {
    const slots = availability('2026-06-09', new Date('2026-06-09T20:00:00Z'));
    expect(slots).toHaveLength(16);
    expect(slots.every((slot) => slot.closed)).toBe(true);
  });
});

describe('dates', () => {
  it('closes 25 December automatically, and not the days around it', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const christmas = availability('2026-12-25', now);
    expect(christmas).toHaveLength(16);
    expect(christmas.every((slot) => slot.closed)).toBe(true);
    expect(availability('2026-12-24', now).some((slot) => slot.closed)).toBe(false);
    expect(isClosedDate('2027-12-25', [])).toBe(true);
    expect(isClosedDate('2026-12-26', [])).toBe(false);
  });

  it('closes a special date the pub marks closed', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const specialDates = [{ date: '2026-12-29', label: 'Staff party', closed: true }];
    const closedDay = availability('2026-12-29', now, { specialDates });
    expect(closedDay).toHaveLength(16);
    expect(closedDay.every((slot) => slot.closed)).toBe(true);
  });

  it('takes "today" from London just after midnight (23:15 UTC on 30 June is 1 July)', () => {
    const now = new Date('2026-06-30T23:15:00Z');
    expect(bookableDateRange(now, settings).first).toBe('2026-07-01');
    expect(availability('2026-06-30', now)).toEqual([]);
    const today = availability('2026-07-01', now);
    expect(today).toHaveLength(16);
    expect(today.some((slot) => slot.closed)).toBe(false);
  });

  it('runs from today to 180 days ahead and offers nothing outside', () => {
    expect(bookableDateRange(JUNE_MORNING, settings)).toEqual({ first: '2026-06-01', last: '2026-11-28' });
    expect(availability('2026-05-31', JUNE_MORNING)).toEqual([]);
    // Saturday 28 November is the last bookable day; Sunday 29 November is one too far.
    expect(availability('2026-11-28', JUNE_MORNING)).toHaveLength(16);
    expect(availability('2026-11-29', JUNE_MORNING)).toEqual([]);
  });
});

describe('special hours (issue 26)', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  /** Thursday 31 December 2026: the pub shuts at 5pm. */
  const newYearsEve = {
    date: '2026-12-31',
    label: 'New Year’s Eve',
    closed: false,
    opens: '12:00',
    closes: '17:00',
  };
  const openTimes = (date: string, specialDates: AvailabilityInput['specialDates']) =>
    availability(date, now, { specialDates })
      .filter((slot) => !slot.closed)
      .map((slot) => slot.time);

  it('closes a whole service the hours leave out, and keeps its slots to show it closed', () => {
    const slots = availability('2026-12-31', now, { specialDates: [newYearsEve] });
    expect(slots.map((slot) => slot.time)).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
    expect(slots.filter((slot) => slot.closed).map((slot) => slot.time)).toEqual(DINNER_TIMES);
    expect(seatingTimes('dinner', '2026-12-31', settings, [newYearsEve])).toEqual([]);
    expect(seatingTimes('lunch', '2026-12-31', settings, [newYearsEve])).toEqual(LUNCH_TIMES);
  });

  it('seats the last table as long before the special closing as before a service’s own close', () => {
    // Lunch runs 12–4 (last table 3:30pm); closing at 3pm makes the last table 2:30pm.
    const early = { ...newYearsEve, closes: '15:00' };
    expect(openTimes('2026-12-31', [early])).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '14:30']);
    // Closing at 7pm seats dinner at 6pm and 6:30pm; the special day also opens later, at 1pm.
    const late = { ...newYearsEve, opens: '13:00', closes: '19:00' };
    expect(openTimes('2026-12-31', [late])).toEqual([...LUNCH_TIMES.slice(2), '18:00', '18:30']);
    expect(outsideSpecialHours('18:30', late, settings)).toBe(false);
    expect(outsideSpecialHours('19:00', late, settings)).toBe(true);
    expect(outsideSpecialHours('12:30', late, settings)).toBe(true);
    // Other settings, other last table: with 60 minutes before the close, 6pm is the last at 7pm.
    const hourBefore = { ...settings, lastSeatingBeforeCloseMinutes: 60 };
    expect(outsideSpecialHours('18:00', late, hourBefore)).toBe(false);
    expect(outsideSpecialHours('18:30', late, hourBefore)).toBe(true);
  });

  it('never adds times: longer hours, or a closing past midnight, trim nothing', () => {
    const longer = { ...newYearsEve, opens: '10:00', closes: '24:00' };
    const pastMidnight = { ...newYearsEve, opens: '12:00', closes: '01:00' };
    expect(openTimes('2026-12-31', [longer])).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
    expect(openTimes('2026-12-31', [pastMidnight])).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
    expect(shortenedHoursOn('2026-12-31', settings, [longer])).toBeUndefined();
    expect(shortenedHoursOn('2026-12-31', settings, [newYearsEve])).toEqual({
      date: '2026-12-31',
      label: 'New Year’s Eve',
      opens: '12:00',
      closes: '17:00',
    });
    // Only that date: the day after has its usual hours.
    expect(openTimes('2027-01-02', [newYearsEve])).toEqual([...LUNCH_TIMES, ...DINNER_TIMES]);
  });

  it('closes an event’s own time outside the hours, as it would a regular slot', () => {
    const event = { slug: 'fireworks', date: '2026-12-31', time: '19:00', covers: 40, taken: 0 };
    const slots = availability('2026-12-31', now, { specialDates: [newYearsEve], event });
    expect(slots.find((slot) => slot.event === 'fireworks')).toMatchObject({ closed: true, remaining: 40 });
  });

  it('trims the seeded Christmas Eve and Boxing Day (12pm–6pm): lunch as usual, no dinner', () => {
    const { specialDates } = seedContent.venue;
    for (const date of ['2026-12-24', '2026-12-26']) {
      expect(openTimes(date, specialDates)).toEqual(LUNCH_TIMES);
      expect(seatingTimes('dinner', date, settings, specialDates)).toEqual([]);
    }
  });
});

describe('a party held for a set time (an occasion’s sitting, issue 30)', () => {
  it('counts in every slot of either service its time overlaps, and in no other', () => {
    const held = { timeSlot: '15:00', guests: 20, until: '18:30' };
    const slots = availability('2026-06-09', JUNE_MORNING, { seated: [held] });
    const left = (time: string) => slots.find((slot) => slot.time === time)?.remaining;
    const full = settings.coversPerSlot;
    expect([left('14:30'), left('15:00'), left('15:30')]).toEqual([full, full - 20, full - 20]);
    expect([left('18:00'), left('18:30')]).toEqual([full - 20, full]);
    const forFour = availability('2026-06-09', JUNE_MORNING, { seated: [held], guests: 4 });
    // A table of four at 18:00 sits beside the held party until it leaves at 18:30.
    expect(forFour.find((slot) => slot.time === '18:00')?.remaining).toBe(full - 20);
  });
});
