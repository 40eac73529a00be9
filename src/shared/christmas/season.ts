import christmasMenuJson from '../../../content/christmas-menu.json' with { type: 'json' };
import { christmasDay } from './day.ts';
import type { ChristmasMenu, ChristmasSeason } from './season-schema.ts';

/** This year's Christmas Day and its menu (content/christmas.json and content/christmas-menu.json). */
export const christmasSeason: ChristmasSeason = { ...christmasDay, menu: christmasMenuJson as ChristmasMenu };
