import { describe, expect, it } from 'vitest';
import { type AvailabilitySlot, bookingRequestSchema } from './schemas.ts';
import {
  BOOKING_MESSAGES,
  type BookingCheckInput,
  checkBooking,
  checkStaffBooking,
  isPlausiblePhone,
} from './validation.ts';

const VALID: BookingCheckInput = {
  website: '',
  name: 'Margaret Ellis',
  phone: '07700 900123',
  email: 'margaret@example.com',
  date: '2026-06-09',
  timeSlot: '19:00',
  partyAdults: 2,
  partyChildren: 1,
};

const OPEN_SLOTS: AvailabilitySlot[] = [
  { service: 'lunch', time: '12:00', closed: false, remaining: 7 },
  { service: 'dinner', time: '19:00', closed: false, remaining: 10 },
];

interface Case {
  input: BookingCheckInput;
  slots: AvailabilitySlot[];
}

type Breaker = (value: Case) => Case;

const withInput =
  (patch: Partial<BookingCheckInput>): Breaker =>
  (value) => ({ ...value, input: { ...value.input, ...patch } });
const withSlot =
  (patch: Partial<AvailabilitySlot>): Breaker =>
  (value) => ({
    ...value,
    slots: value.slots.map((slot) => (slot.time === value.input.timeSlot ? { ...slot, ...patch } : slot)),
  });

const TOO_MANY_GUESTS = withInput({ partyAdults: 6, partyChildren: 3 });

/** Spec §5, in order: how to break each rule, its message and whether the slot is the problem. */
const RULES: [number, string, Breaker, 'invalid' | 'unavailable'][] = [
  [1, BOOKING_MESSAGES.spam, withInput({ website: 'http://cheap-pills.example' }), 'invalid'],
  [2, BOOKING_MESSAGES.name, withInput({ name: '   ' }), 'invalid'],
  [3, BOOKING_MESSAGES.phone, withInput({ phone: '' }), 'invalid'],
  [4, BOOKING_MESSAGES.email, withInput({ email: 'margaret.example.com' }), 'invalid'],
  [5, BOOKING_MESSAGES.date, withInput({ date: '' }), 'invalid'],
  // A Monday has no slots unless the pub's settings give it services.
  [
    6,
    BOOKING_MESSAGES.monday,
    (value) => ({ input: { ...value.input, date: '2026-06-08' }, slots: [] }),
    'invalid',
  ],
  [7, BOOKING_MESSAGES.time, withInput({ timeSlot: '' }), 'invalid'],
  [8, BOOKING_MESSAGES.timeUnavailable, withInput({ timeSlot: '19:15' }), 'invalid'],
  [9, BOOKING_MESSAGES.slotClosed, withSlot({ closed: true, remaining: 0 }), 'unavailable'],
  [10, BOOKING_MESSAGES.slotFull, withSlot({ remaining: 0 }), 'unavailable'],
  [11, BOOKING_MESSAGES.partyEmpty, withInput({ partyAdults: 0, partyChildren: 0 }), 'invalid'],
  [12, BOOKING_MESSAGES.partyTooLarge, TOO_MANY_GUESTS, 'invalid'],
];

function check(breakers: Breaker[]) {
  const value = breakers.reduce<Case>((current, breaker) => breaker(current), {
    input: VALID,
    slots: OPEN_SLOTS,
  });
  return checkBooking(value.input, value.slots);
}

describe('checkBooking (spec §5)', () => {
  it('says a time chosen before it went by has passed, rather than that bookings closed', () => {
    expect(check([withSlot({ closed: true, remaining: 0, passed: true })])).toEqual({
      kind: 'unavailable',
      message: 'That time has passed: please choose a later one.',
    });
  });

  it('accepts a good booking', () => {
    expect(check([])).toBeNull();
  });

  it('refuses a party the slot has too few covers for, after the party checks', () => {
    const slots = OPEN_SLOTS.map((slot) => ({ ...slot, remaining: 2 }));
    expect(checkBooking(VALID, slots)).toEqual({ kind: 'unavailable', message: BOOKING_MESSAGES.slotFull });
    expect(checkBooking({ ...VALID, partyChildren: 0 }, slots)).toBeNull();
  });

  it('accepts a Monday when the booking settings give Mondays a service', () => {
    expect(checkBooking({ ...VALID, date: '2026-06-08' }, OPEN_SLOTS)).toBeNull();
  });

  it.each(RULES)('rule %i answers “%s”, before any later rule', (rule, message, breaker, kind) => {
    expect(check([breaker])).toEqual({ kind, message });
    // Rule 12 is also broken, yet the earlier rule's message wins (11 and 12 cannot both fail).
    if (rule < 11) expect(check([breaker, TOO_MANY_GUESTS])).toEqual({ kind, message });
  });

  it('reports rule 2 for a booking that fails rules 2 and 5', () => {
    expect(check([withInput({ name: '' }), withInput({ date: '' })])).toEqual({
      kind: 'invalid',
      message: 'Please enter your name.',
    });
  });

  it('reports spam first when every field is wrong', () => {
    // A form sent empty, its blanks filled as the request schema fills them, but for the hidden spam field.
    const everythingWrong = withInput({ ...bookingRequestSchema.parse({}), website: 'x' });
    expect(check([everythingWrong])?.message).toBe('Spam detected.');
  });

  it('uses the spec’s words exactly', () => {
    expect(RULES.map(([, message]) => message)).toEqual([
      'Spam detected.',
      'Please enter your name.',
      'Please enter your phone number.',
      'Please enter a valid email.',
      'Please choose a date.',
      'We’re closed for food on Mondays. Please choose Tue–Sun.',
      'Please choose a time.',
      'That time is not available on the selected day.',
      'Bookings are closed for that time.',
      'Sorry, that time is fully booked. Please choose another.',
      'Please enter adults or children (at least 1).',
      'For groups of 9 or more, please call us so we can seat you comfortably.',
    ]);
  });

  it('treats a date that does not exist as no date', () => {
    expect(check([withInput({ date: '2026-02-30' })])?.message).toBe(BOOKING_MESSAGES.date);
    expect(check([withInput({ date: 'next tuesday' })])?.message).toBe(BOOKING_MESSAGES.date);
  });

  it('allows exactly 8 guests, and 1 adult with children', () => {
    expect(check([withInput({ partyAdults: 5, partyChildren: 3 })])).toBeNull();
    expect(check([withInput({ partyAdults: 1, partyChildren: 7 })])).toBeNull();
  });

  it('refuses children without an adult, after an empty party and before a large one', () => {
    const childrenAlone = withInput({ partyAdults: 0, partyChildren: 2 });
    const noAdult = { kind: 'invalid', message: BOOKING_MESSAGES.partyNoAdult };
    expect(check([childrenAlone])).toEqual(noAdult);
    expect(check([withInput({ partyAdults: 0, partyChildren: 12 })])).toEqual(noAdult);
    expect(check([withInput({ partyAdults: 0, partyChildren: 0 })])?.message).toBe(
      BOOKING_MESSAGES.partyEmpty,
    );
    expect(check([childrenAlone, withSlot({ remaining: 1 })])).toEqual(noAdult);
    // Staff may book any party: a school trip's children, their teachers booked separately.
    const { website: _website, ...staffInput } = VALID;
    expect(
      checkStaffBooking({ ...staffInput, partyAdults: 0, partyChildren: 2, overCapacity: false }, OPEN_SLOTS),
    ).toBeNull();
    expect(BOOKING_MESSAGES.partyNoAdult).toBe(
      'Please include at least 1 adult: children must be accompanied by an adult.',
    );
  });

  it('refuses a party that is not a number as no party at all', () => {
    expect(check([withInput({ partyAdults: Number.NaN, partyChildren: 2 })])?.message).toBe(
      BOOKING_MESSAGES.partyEmpty,
    );
  });
});

describe('isPlausiblePhone', () => {
  it.each(['07700 900123', '+44 (0)118 496 0000', '0118-496-0000', '1234567', '+123456789012345'])(
    'accepts %s',
    (phone) => {
      expect(isPlausiblePhone(phone)).toBe(true);
    },
  );

  it.each(['123456', '+1234567890123456', 'call me', '07700 900123 ext 4', '07700\n900123', ''])(
    'refuses %j',
    (phone) => {
      expect(isPlausiblePhone(phone)).toBe(false);
    },
  );
});
