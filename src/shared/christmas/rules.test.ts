import { describe, expect, it } from 'vitest';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { guestCountFromInput } from '../booking/party.ts';
import { formatMoney } from '../money/money.ts';
import { christmasAmounts, christmasTerms } from './amounts.ts';
import { preOrderLines, selectionsFromCounts, stillToAllocate, tidySelections } from './courses.ts';
import { CHRISTMAS_MESSAGES } from './messages.ts';
import type { ChristmasAvailability } from './schemas.ts';
import { christmasDaySchema, christmasMenuSchema } from './season-schema.ts';
import { normaliseSittingId } from './sittings.ts';
import {
  type ChristmasAdminBookingInput,
  type ChristmasOrderInput,
  checkChristmasAdminBooking,
  checkChristmasOrder,
  isPastOnlineCutoff,
} from './validation.ts';

const season = seedSeason;
const PUB_PHONE = seedContent.venue.phone;

function order(overrides: Partial<ChristmasOrderInput> = {}): ChristmasOrderInput {
  return {
    name: 'Margaret Ellis',
    phone: '07700 900123',
    email: 'margaret@example.com',
    session: 'xmas-early',
    partyAdults: 2,
    partyChildren: 1,
    selections: {
      starters: [{ item: 'parsnip-soup', count: 3 }],
      mains: [
        { item: 'roast-turkey', count: 2 },
        { item: 'chestnut-wellington', count: 1 },
      ],
      desserts: [{ item: 'christmas-pudding', count: 2 }],
    },
    ...overrides,
  };
}

const open: ChristmasAvailability = {
  'xmas-early': { capacity: 30, remaining: 30, closed: false },
  'xmas-late': { capacity: 32, remaining: 32, closed: false },
};

describe('the season content', () => {
  it('passes its schema: two sittings, 5 starters, 5 mains and 6 desserts ending with the cheese board', () => {
    const { menu, ...day } = season;
    expect(christmasDaySchema.safeParse(day).success).toBe(true);
    expect(christmasMenuSchema.safeParse(menu).success).toBe(true);
    expect(season.menu.starters).toHaveLength(5);
    expect(season.menu.mains).toHaveLength(5);
    expect(season.menu.desserts).toHaveLength(6);
    expect(season.menu.desserts.at(-1)?.id).toBe('cheese-board');
    expect(season.sittings.map((sitting) => [sitting.id, sitting.capacity])).toEqual([
      ['xmas-early', 30],
      ['xmas-late', 32],
    ]);
  });

  it('refuses a menu whose last dessert is not the cheese board', () => {
    const desserts = [...season.menu.desserts].reverse();
    const result = christmasMenuSchema.safeParse({ ...season.menu, desserts });
    expect(result.success).toBe(false);
  });

  it('refuses a dish id used twice across the menu', () => {
    const mains = season.menu.mains.map((dish, index) =>
      index === 0 ? { ...dish, id: 'parsnip-soup' } : dish,
    );
    expect(christmasMenuSchema.safeParse({ ...season.menu, mains }).success).toBe(false);
  });
});

describe('normaliseSittingId', () => {
  it.each([
    'xmas-early',
    'xmas_early',
    'early',
    'Early',
    'EARLY',
    ' early ',
    'christmas-early',
    'Early sitting',
    '12:00 – 2:00 PM',
    '12:00 - 2:00 PM',
    '12-2pm',
    '12–2pm',
    '12pm-2pm',
    '12:00-14:00',
    '12.00-2.00pm',
  ])('reads %j as xmas-early', (value) => {
    expect(normaliseSittingId(value, season)).toBe('xmas-early');
  });

  it.each([
    'xmas-late',
    'xmas_late',
    'late',
    'Late',
    'XMAS-LATE',
    '2:30 – 4:30 PM',
    '2:30-4:30pm',
    '2:30–4:30pm',
    '14:30-16:30',
    '2.30-4.30pm',
  ])('reads %j as xmas-late', (value) => {
    expect(normaliseSittingId(value, season)).toBe('xmas-late');
  });

  it.each(['', 'lunch', 'xmas-middle', '12-3pm', '25:00-26:00', '13pm-2pm', 'earlyish'])(
    'refuses %j',
    (value) => {
      expect(normaliseSittingId(value, season)).toBeNull();
    },
  );

  it('refuses anything that is not text', () => {
    expect(normaliseSittingId(12, season)).toBeNull();
    expect(normaliseSittingId(null, season)).toBeNull();
  });
});

describe('checkChristmasOrder (spec §5 "Christmas public")', () => {
  it('accepts a complete order', () => {
    expect(checkChristmasOrder(order(), season, open, PUB_PHONE)).toBeNull();
  });

  it('asks for the contact details first, as the table booking does', () => {
    expect(checkChristmasOrder(order({ name: ' ' }), season, open, PUB_PHONE)?.message).toBe(
      'Please enter your name.',
    );
    expect(checkChristmasOrder(order({ phone: '' }), season, open, PUB_PHONE)?.message).toBe(
      'Please enter your phone number.',
    );
    expect(checkChristmasOrder(order({ email: 'margaret@' }), season, open, PUB_PHONE)?.message).toBe(
      'Please enter a valid email.',
    );
  });

  it('rule 1: a valid sitting', () => {
    expect(checkChristmasOrder(order({ session: 'boxing-day' }), season, open, PUB_PHONE)).toEqual({
      kind: 'invalid',
      message: 'Please choose a valid sitting.',
      field: 'session',
    });
    expect(checkChristmasOrder(order({ session: '' }), season, null, PUB_PHONE)?.message).toBe(
      'Please choose a valid sitting.',
    );
  });

  it('rule 2: a party of at least 1', () => {
    const problem = checkChristmasOrder(
      order({ partyAdults: 0, partyChildren: 0, selections: { starters: [], mains: [], desserts: [] } }),
      season,
      open,
      PUB_PHONE,
    );
    expect(problem?.message).toBe('Party size must be at least 1.');
  });

  it('our online limit, right after the party size: 12 guests order online, 13 are asked to call', () => {
    const party = (partyAdults: number, partyChildren: number) =>
      order({
        partyAdults,
        partyChildren,
        selections: {
          starters: [],
          mains: [{ item: 'roast-turkey', count: partyAdults + partyChildren }],
          desserts: [],
        },
      });
    expect(checkChristmasOrder(party(8, 4), season, open, PUB_PHONE)).toBeNull();
    const tooLarge = {
      kind: 'invalid',
      message:
        'For Christmas Day parties of more than 12, please call us on 0118 496 0000 so we can seat you together.',
      field: 'partyAdults',
    };
    expect(checkChristmasOrder(party(9, 4), season, open, PUB_PHONE)).toEqual(tooLarge);
    expect(checkChristmasOrder(party(13, 0), season, open, PUB_PHONE)).toEqual(tooLarge);
    // Before the mains, however wrong they are.
    expect(
      checkChristmasOrder({ ...party(13, 0), selections: order().selections }, season, open, PUB_PHONE),
    ).toEqual(tooLarge);
  });

  it('rule 3: exactly one main per guest', () => {
    const tooFew = order({
      selections: { ...order().selections, mains: [{ item: 'roast-turkey', count: 2 }] },
    });
    expect(checkChristmasOrder(tooFew, season, open, PUB_PHONE)?.message).toBe(
      'Please select exactly 3 mains (1 per guest).',
    );
    const tooMany = order({
      selections: { ...order().selections, mains: [{ item: 'roast-turkey', count: 4 }] },
    });
    expect(checkChristmasOrder(tooMany, season, open, PUB_PHONE)?.message).toBe(
      'Please select exactly 3 mains (1 per guest).',
    );
  });

  it('rule 4: starters and desserts no more than the guests', () => {
    const starters = order({
      selections: { ...order().selections, starters: [{ item: 'prawn-cocktail', count: 4 }] },
    });
    expect(checkChristmasOrder(starters, season, open, PUB_PHONE)).toMatchObject({
      message: 'Starters and desserts cannot exceed the number of guests.',
      field: 'starters',
    });
    const desserts = order({
      selections: {
        ...order().selections,
        desserts: [
          { item: 'cheese-board', count: 2 },
          { item: 'mulled-pear', count: 2 },
        ],
      },
    });
    expect(checkChristmasOrder(desserts, season, open, PUB_PHONE)).toMatchObject({
      message: 'Starters and desserts cannot exceed the number of guests.',
      field: 'desserts',
    });
  });

  it('allows fewer starters and desserts than guests, or none', () => {
    expect(
      checkChristmasOrder(
        order({ selections: { ...order().selections, starters: [], desserts: [] } }),
        season,
        open,
        PUB_PHONE,
      ),
    ).toBeNull();
  });

  it('rule 5: the seats known to be left', () => {
    const few = { ...open, 'xmas-early': { capacity: 30, remaining: 2, closed: false } };
    expect(checkChristmasOrder(order(), season, few, PUB_PHONE)).toEqual({
      kind: 'unavailable',
      message: 'Only 2 seats left in this sitting.',
      field: 'session',
    });
    // The other sitting is unaffected, and unknown availability is not a reason to refuse.
    expect(checkChristmasOrder(order({ session: 'xmas-late' }), season, few, PUB_PHONE)).toBeNull();
    expect(checkChristmasOrder(order(), season, null, PUB_PHONE)).toBeNull();
  });

  it('rule 6: dish counts are whole numbers, 0 or more, checked before any course is summed', () => {
    // -1 and 4 would add up to the 3 mains the party needs.
    const negative = order({
      selections: {
        ...order().selections,
        mains: [
          { item: 'roast-turkey', count: 4 },
          { item: 'sea-bass', count: -1 },
        ],
      },
    });
    expect(checkChristmasOrder(negative, season, open, PUB_PHONE)?.message).toBe(CHRISTMAS_MESSAGES.counts);
    const fraction = order({
      selections: {
        ...order().selections,
        mains: [
          { item: 'roast-turkey', count: 2.5 },
          { item: 'sea-bass', count: 0.5 },
        ],
      },
    });
    expect(checkChristmasOrder(fraction, season, open, PUB_PHONE)?.message).toBe(CHRISTMAS_MESSAGES.counts);
  });

  it('refuses dishes that are not on that course of the menu', () => {
    const wrongCourse = order({
      selections: { ...order().selections, starters: [{ item: 'roast-turkey', count: 1 }] },
    });
    expect(checkChristmasOrder(wrongCourse, season, open, PUB_PHONE)?.message).toBe(
      CHRISTMAS_MESSAGES.unknownDish,
    );
  });

  it('refuses a closed sitting before anything else about the order', () => {
    const closed = { ...open, 'xmas-early': { capacity: 30, remaining: 30, closed: true } };
    expect(
      checkChristmasOrder(order({ partyAdults: 0, partyChildren: 0 }), season, closed, PUB_PHONE),
    ).toMatchObject({
      kind: 'unavailable',
      message: CHRISTMAS_MESSAGES.sittingClosed,
    });
  });

  it('keeps the spec order: the first failure wins', () => {
    const everythingWrong = order({
      session: 'nope',
      partyAdults: 0,
      partyChildren: 0,
      selections: { starters: [{ item: 'parsnip-soup', count: 9 }], mains: [], desserts: [] },
    });
    expect(checkChristmasOrder(everythingWrong, season, open, PUB_PHONE)?.message).toBe(
      'Please choose a valid sitting.',
    );
    expect(
      checkChristmasOrder({ ...everythingWrong, session: 'late' }, season, open, PUB_PHONE)?.message,
    ).toBe('Party size must be at least 1.');
    expect(
      checkChristmasOrder({ ...everythingWrong, session: 'late', partyAdults: 2 }, season, open, PUB_PHONE)
        ?.message,
    ).toBe('Please select exactly 2 mains (1 per guest).');
  });
});

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

describe('amounts', () => {
  it('takes £25 a guest as the deposit and shows it to two decimals', () => {
    const amounts = christmasAmounts(order(), season);
    expect(amounts.guests).toBe(3);
    expect(amounts.depositPence).toBe(7500);
    expect(formatMoney(amounts.depositPence)).toBe('£75.00');
    expect(formatMoney(2500)).toBe('£25.00');
  });

  it('totals adults at £95, children at £50 and £10 a cheese board, less the deposit on the day', () => {
    const withCheese = order({
      selections: { ...order().selections, desserts: [{ item: 'cheese-board', count: 2 }] },
    });
    const amounts = christmasAmounts(withCheese, season);
    expect(amounts.cheeseBoards).toBe(2);
    expect(amounts.totalPence).toBe(2 * 9500 + 5000 + 2 * 1000);
    expect(amounts.balancePence).toBe(26_000 - 7500);
    expect(formatMoney(amounts.balancePence)).toBe('£185.00');
    expect(formatMoney(123_456)).toBe('£1,234.56');
  });
});

describe('tidySelections and preOrderLines', () => {
  it('keeps dishes with a count, in menu order, adding up a dish named twice', () => {
    const tidy = tidySelections(
      {
        starters: [],
        mains: [
          { item: 'chestnut-wellington', count: 1 },
          { item: 'roast-turkey', count: 0 },
          { item: 'sirloin-of-beef', count: 1 },
          { item: 'chestnut-wellington', count: 1 },
        ],
        desserts: [],
      },
      season,
    );
    expect(tidy.mains).toEqual([
      { item: 'sirloin-of-beef', count: 1 },
      { item: 'chestnut-wellington', count: 2 },
    ]);
    expect(preOrderLines(tidy, season)).toEqual([
      'Starters: none',
      'Mains: 1 × Roast sirloin of beef, 2 × Chestnut & cranberry wellington',
      'Desserts: none',
    ]);
  });
});

describe('the online cut-off', () => {
  it('takes orders until 23:59 on 23 December in London, and none after', () => {
    expect(isPastOnlineCutoff(season, new Date('2026-12-23T23:59:30Z'))).toBe(false);
    expect(isPastOnlineCutoff(season, new Date('2026-12-24T00:00:00Z'))).toBe(true);
    expect(isPastOnlineCutoff(season, new Date('2026-12-25T12:00:00Z'))).toBe(true);
  });

  it('is stated in the terms with the deposit, the supplement and the balance', () => {
    const terms = christmasTerms(season).join(' ');
    expect(terms).toContain('£95 per adult');
    expect(terms).toContain('£50 per child');
    expect(terms).toContain('£25 per guest');
    expect(terms).toContain('non-refundable if you or your guests do not attend');
    expect(terms).toContain('£10 extra');
    expect(terms).toContain('balance is paid at the pub on Christmas Day');
    expect(terms).toContain('Wednesday 23 December');
  });
});

describe('form counters', () => {
  it('turns dish counters into selections, leaving out dishes nobody chose', () => {
    expect(
      selectionsFromCounts({ starters: { soup: 2, pate: 0 }, mains: { turkey: 3 }, desserts: {} }),
    ).toEqual({
      starters: [{ item: 'soup', count: 2 }],
      mains: [{ item: 'turkey', count: 3 }],
      desserts: [],
    });
  });

  it('reads a blank party field as 0 and keeps anything else for the rules to judge', () => {
    expect(guestCountFromInput('  ')).toBe(0);
    expect(guestCountFromInput('3')).toBe(3);
    expect(guestCountFromInput('2.5')).toBe(2.5);
    expect(Number.isNaN(guestCountFromInput('two'))).toBe(true);
  });
});
