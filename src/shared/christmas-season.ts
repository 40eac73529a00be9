import christmasJson from '../../content/christmas.json' with { type: 'json' };
import type { ChristmasSeason } from './content-schemas.ts';

/** This year's Christmas Day: sittings, prices and cut-off come from content/christmas.json. */
export const christmasSeason = christmasJson as ChristmasSeason;

export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`;
}
