import christmasJson from '../../../content/christmas.json' with { type: 'json' };
import type { ChristmasDay } from './season-schema.ts';

/**
 * This year's Christmas Day without its menu: date, sittings, prices and cut-off from
 * content/christmas.json. The home page and the promo show only these; importing this module rather
 * than `christmas-season.ts` keeps the menu out of the public entry.
 */
export const christmasDay = christmasJson as ChristmasDay;
