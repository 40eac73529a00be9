import { describe, expect, it } from 'vitest';
import { OPEN_SITTINGS as open } from '#tests/helpers/christmas-order-input.ts';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import type { ChristmasAvailability } from './checkout-schemas.ts';
import { stillToAllocate } from './courses.ts';
import { type ChristmasAdminBookingInput, checkChristmasAdminBooking } from './validation.ts';

const season = seedSeason;

describe('checkChristmasAdminBooking (spec §5 "Christmas admin create", issue 27)', () => {
  function phoneBooking(overrides: Partial<ChristmasAdminBookingInput> = {}): ChristmasAdminBookingInput {
    return {
      name: 'Arthur Pennington',
      phone: '0118 496 0555',
      email: 'arthur@example.com',
      sittingId: 'xmas-late',
      partyAdults: 2,
      partyChildren: 1,
      selections: {
        starters: [{ item: 'parsnip-soup', count: 3 }],
        mains: [
          { item: 'roast-turkey', count: 2 },
          { item: 'sea-bass', count: 1 },
        ],
        desserts: [
          { item: 'cheese-board', count: 1 },
          { item: 'mulled-pear', count: 2 },
        ],
      },
      depositMethod: 'card-by-phone',
      ...overrides,
    };
  }
  const problemOf = (overrides: Partial<ChristmasAdminBookingInput>) =>
    checkChristmasAdminBooking(phoneBooking(overrides), season, null);
  const selections = phoneBooking().selections;

  it('takes a party of any size by phone: the online limit is not the staff’s', () => {
    const guests = 14;
    const everyCourse = (item: string) => [{ item, count: guests }];
    const largeParty = phoneBooking({
      partyAdults: guests,
      partyChildren: 0,
      selections: {
        starters: everyCourse('parsnip-soup'),
        mains: everyCourse('roast-turkey'),
        desserts: everyCourse('christmas-pudding'),
      },
    });
    expect(checkChristmasAdminBooking(largeParty, season, open)).toBeNull();
  });

  it('accepts every course allocated one per guest, in any sitting spelling', () => {
    expect(checkChristmasAdminBooking(phoneBooking(), season, open)).toBeNull();
    expect(problemOf({ sittingId: '2:30 – 4:30 PM' })).toBeNull();
  });

  it('takes a phone number or an e-mail address, either alone', () => {
    expect(problemOf({ email: '' })).toBeNull();
    expect(problemOf({ phone: '  ' })).toBeNull();
  });

  it('wants one of the two, asked for at the phone', () => {
    expect(problemOf({ phone: '', email: ' ' })).toEqual({
      kind: 'invalid',
      field: 'phone',
      message: 'Please enter a phone number or an e-mail address.',
    });
  });

  it('checks each contact detail that is given, on its own field', () => {
    expect(problemOf({ phone: 'the bar' })).toMatchObject({
      field: 'phone',
      message: 'Please enter a valid phone number.',
    });
    expect(problemOf({ phone: 'the bar', email: '' })?.field).toBe('phone');
    expect(problemOf({ email: 'arthur' })).toMatchObject({
      field: 'email',
      message: 'Please enter a valid email.',
    });
    expect(problemOf({ phone: '', email: 'arthur' })?.field).toBe('email');
  });

  it('wants name, contact and sitting, in that order', () => {
    expect(problemOf({ name: ' ', phone: '', email: '' })).toMatchObject({
      field: 'name',
      message: 'Please enter the guest’s name.',
    });
    expect(problemOf({ phone: '', email: '', sittingId: '' })?.field).toBe('phone');
    expect(problemOf({ sittingId: '' })).toMatchObject({
      field: 'session',
      message: 'Please choose a valid sitting.',
    });
  });

  it('wants a party above 0 of whole numbers', () => {
    for (const party of [
      { partyAdults: 0, partyChildren: 0 },
      { partyAdults: Number.NaN, partyChildren: 2 },
      { partyAdults: -1, partyChildren: 4 },
      { partyAdults: 1.5, partyChildren: 1.5 },
    ]) {
      expect(problemOf(party)?.message).toBe('Party size must be at least 1.');
    }
  });

  it('judges the courses as a guest’s own pre-order: one main each, starters and desserts up to one each', () => {
    const none = { starters: [], mains: selections.mains, desserts: [] };
    expect(problemOf({ selections: none })).toBeNull();
    expect(problemOf({ selections: { ...selections, mains: [{ item: 'sea-bass', count: 2 }] } })).toEqual({
      kind: 'invalid',
      field: 'mains',
      message: 'Please select exactly 3 mains (1 per guest).',
    });
    expect(
      problemOf({ selections: { ...selections, starters: [{ item: 'parsnip-soup', count: 4 }] } }),
    ).toEqual({
      kind: 'invalid',
      field: 'starters',
      message: 'Starters and desserts cannot exceed the number of guests.',
    });
    expect(
      problemOf({ selections: { ...selections, desserts: [{ item: 'mulled-pear', count: 4 }] } })?.field,
    ).toBe('desserts');
    expect(
      problemOf({ selections: { ...selections, mains: [{ item: 'roast-turkey', count: 2.5 }] } })?.message,
    ).toBe('Dish counts must be whole numbers, 0 or more.');
    expect(
      problemOf({ selections: { ...selections, starters: [{ item: 'roast-turkey', count: 1 }] } })?.message,
    ).toBe('Please choose dishes from our Christmas menu.');
  });

  it('wants to know how the deposit was taken, after the courses', () => {
    expect(problemOf({ depositMethod: '' })).toEqual({
      kind: 'invalid',
      field: 'depositMethod',
      message: 'Please choose how the deposit was taken.',
    });
    expect(problemOf({ depositMethod: 'cheque' })?.field).toBe('depositMethod');
    expect(problemOf({ depositMethod: '', selections: { ...selections, mains: [] } })?.field).toBe('mains');
    for (const depositMethod of ['card-by-phone', 'cash', 'waived']) {
      expect(problemOf({ depositMethod })).toBeNull();
    }
  });

  it('counts what is still to allocate, negative when too many are', () => {
    expect(stillToAllocate(selections, 'mains', 3)).toBe(0);
    expect(stillToAllocate(selections, 'starters', 5)).toBe(2);
    expect(stillToAllocate(selections, 'desserts', 2)).toBe(-1);
  });

  it('refuses more guests than seats left, but not a sitting closed to online orders', () => {
    const late = (remaining: number, closed: boolean): ChristmasAvailability => ({
      ...open,
      'xmas-late': { capacity: 32, remaining, closed },
    });
    expect(checkChristmasAdminBooking(phoneBooking(), season, late(2, false))).toEqual({
      kind: 'unavailable',
      field: 'session',
      message: 'Only 2 seats left in this sitting.',
    });
    expect(checkChristmasAdminBooking(phoneBooking(), season, late(3, true))).toBeNull();
  });
});
