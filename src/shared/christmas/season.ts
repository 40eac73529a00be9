import type { ChristmasDay, ChristmasMenu, ChristmasSeason } from './season-schema.ts';

/** The season the order rules work on, from its two documents (no zod here: the browser imports it). */
export function christmasSeasonOf(day: ChristmasDay, menu: ChristmasMenu): ChristmasSeason {
  return { ...day, menu };
}
