import christmasJson from '../../content/christmas.json' with { type: 'json' };
import type { ChristmasDay } from './content-schemas.ts';

/**
 * This year's Christmas Day without its menu: date, sittings, prices and cut-off from
 * content/christmas.json. The home page shows these, so they stay out of the menu's way (and bytes).
 */
export const christmasDay = christmasJson as ChristmasDay;

export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`;
}
