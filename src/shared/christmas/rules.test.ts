import { describe, expect, it } from 'vitest';
import { christmasOrderInput as order } from '#tests/helpers/christmas-order-input.ts';
import { seedSeason } from '#tests/helpers/seed-content.ts';
import { guestCountFromInput } from '../booking/party.ts';
import { formatMoney } from '../money/money.ts';
import { christmasAmounts, christmasTerms } from './amounts.ts';
import { preOrderLines, selectionsFromCounts, tidySelections } from './courses.ts';
import { isPastOnlineCutoff } from './online-cutoff.ts';
import { christmasDaySchema, christmasMenuSchema } from './season-schema.ts';
import { normaliseSittingId } from './sittings.ts';

const season = seedSeason;

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
    '12pm–2pm',
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
    '2:30pm–4:30pm',
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
    for (const term of [
      '£95 per adult',
      '£50 per child',
      '£25 per guest',
      'non-refundable if you or your guests do not attend',
      '£10 extra',
      'balance is paid at the pub on Christmas Day',
      'Wednesday 23 December',
    ]) {
      expect(terms).toContain(term);
    }
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
