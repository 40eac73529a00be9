import { z } from 'zod';
import { allergensSchema } from '../content/allergens-schema.ts';
import { documentText } from '../schema/fields.ts';
import { TIME_PATTERN } from '../time/london-time.ts';
import { CHEESE_BOARD_ID, SITTING_IDS } from './ids.ts';

/** The zod schemas of this year's Christmas Day and its menu, two content documents staff edit. */

const christmasDishSchema = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a kebab-case id'),
  name: documentText(80).min(1),
  description: documentText(500, { multiline: true }).min(1),
  allergens: allergensSchema,
});

const christmasSittingSchema = z
  .object({
    id: z.enum(SITTING_IDS),
    /** London wall-clock times: every page writes them with the shared formatter (`sittingTimes`). */
    start: z.string().regex(TIME_PATTERN),
    end: z.string().regex(TIME_PATTERN),
    capacity: z.number().int().positive(),
  })
  .refine((sitting) => sitting.start < sitting.end, { message: 'must start before it ends', path: ['end'] });

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The christmas-season document: the day, its sittings, capacities, prices and cut-offs. */
export const christmasDaySchema = z
  .object({
    year: z.number().int(),
    date: z.string().regex(/^\d{4}-12-25$/),
    sittings: z.array(christmasSittingSchema).length(2),
    prices: z.object({
      adult: z.number().positive(),
      child: z.number().positive(),
      depositPerGuest: z.number().positive(),
      cheeseBoardSupplement: z.number().nonnegative(),
    }),
    /** Last moment (London wall clock, YYYY-MM-DDTHH:mm) an online order is taken. */
    onlineCutoff: z.string().regex(WALL_CLOCK, 'must be a date and time (YYYY-MM-DDTHH:MM)'),
    /** Until this moment (London wall clock) a guest who cancels gets the deposit back. */
    refundableUntil: z.string().regex(WALL_CLOCK, 'must be a date and time (YYYY-MM-DDTHH:MM)').optional(),
  })
  .refine((day) => new Set(day.sittings.map((sitting) => sitting.id)).size === 2, {
    message: 'needs one xmas-early and one xmas-late sitting',
    path: ['sittings'],
  })
  .refine((day) => day.onlineCutoff.slice(0, 10) < day.date, {
    message: 'must be before Christmas Day',
    path: ['onlineCutoff'],
  });

/** The christmas-menu document: its own, so the pages that only show dates and prices stay small. */
export const christmasMenuSchema = z
  .object({
    starters: z.array(christmasDishSchema).length(5),
    mains: z.array(christmasDishSchema).length(5),
    desserts: z
      .array(christmasDishSchema)
      .length(6)
      .refine((desserts) => desserts.at(-1)?.id === CHEESE_BOARD_ID, {
        message: `the last dessert must be the cheese board (id "${CHEESE_BOARD_ID}")`,
      }),
  })
  .refine(
    (menu) => {
      const ids = Object.values(menu).flatMap((dishes) => dishes.map((dish) => dish.id));
      return new Set(ids).size === ids.length;
    },
    { message: 'dish ids must be unique across the menu' },
  );

export type ChristmasDay = z.infer<typeof christmasDaySchema>;
export type ChristmasMenu = z.infer<typeof christmasMenuSchema>;
/** This year's Christmas Day with its menu: what the order rules work on. */
export type ChristmasSeason = ChristmasDay & { menu: ChristmasMenu };
export type ChristmasDish = z.infer<typeof christmasDishSchema>;
