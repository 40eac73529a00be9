import type { ChristmasAvailability } from '../../src/shared/christmas/checkout-schemas.ts';
import type { ChristmasOrderInput } from '../../src/shared/christmas/validation.ts';

/** A valid online order as the checkout form sends it: Margaret Ellis, 2 adults and 1 child, early sitting. */
export function christmasOrderInput(overrides: Partial<ChristmasOrderInput> = {}): ChristmasOrderInput {
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

/** Both sittings open and empty. */
export const OPEN_SITTINGS: ChristmasAvailability = {
  'xmas-early': { capacity: 30, remaining: 30, closed: false },
  'xmas-late': { capacity: 32, remaining: 32, closed: false },
};
