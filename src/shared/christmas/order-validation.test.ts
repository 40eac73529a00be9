import { describe, expect, it } from 'vitest';
import { OPEN_SITTINGS as open, christmasOrderInput as order } from '#tests/helpers/christmas-order-input.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { CHRISTMAS_MESSAGES } from './messages.ts';
import { checkChristmasOrder } from './validation.ts';

const season = seedSeason;
const PUB_PHONE = seedContent.venue.phone;

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

  it('rule 2: a party of whole numbers, said on the field, before any course is counted', () => {
    expect(checkChristmasOrder(order({ partyAdults: 2.5 }), season, open, PUB_PHONE)).toEqual({
      kind: 'invalid',
      message: 'Adults must be a whole number, 0 or more.',
      field: 'partyAdults',
    });
    expect(checkChristmasOrder(order({ partyChildren: -1 }), season, open, PUB_PHONE)).toEqual({
      kind: 'invalid',
      message: 'Children must be a whole number, 0 or more.',
      field: 'partyChildren',
    });
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
