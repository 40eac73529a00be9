import { christmasSeasonOf } from '#shared/christmas/season.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { useChristmasDay } from '../content/site-content.tsx';
import { useContent } from '../content/use-content.ts';

/** This year's Christmas Day with its menu; undefined until the menu has arrived. */
export function useChristmasSeason(): ChristmasSeason | undefined {
  const day = useChristmasDay();
  const menu = useContent('christmas-menu');
  return menu ? christmasSeasonOf(day, menu) : undefined;
}
