import { z } from 'zod';
import { allergensSchema } from '../content/allergens-schema.ts';
import { documentText } from '../schema/fields.ts';
import { TIME_PATTERN } from '../time/london-time.ts';
import { CHEESE_BOARD_ID, SITTING_IDS } from './ids.ts';
import { CHRISTMAS_COURSE_SHAPES } from './occasion.ts';

/**
 * The zod schemas of this year's Christmas Day and its menu: once two content documents (now the occasions
 * document's `christmas-day` entry, decision 049), still what the Christmas rules and pages speak of.
 */

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

/** The day, its sittings, capacities, prices and cut-offs (the retired `christmas-season` document). */
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

/** Its menu (the retired `christmas-menu` document): apart, so the pages that only show dates and prices stay small. */
export const christmasMenuSchema = z
  .object({
    starters: z.array(christmasDishSchema).length(CHRISTMAS_COURSE_SHAPES.starters.dishes),
    mains: z.array(christmasDishSchema).length(CHRISTMAS_COURSE_SHAPES.mains.dishes),
    desserts: z
      .array(christmasDishSchema)
      .length(CHRISTMAS_COURSE_SHAPES.desserts.dishes)
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

/** `GET /api/christmas/season`: Christmas Day with its menu, as the occasions document's entry reads. */
export const christmasSeasonSchema = christmasDaySchema.and(z.object({ menu: christmasMenuSchema }));

export type ChristmasDay = z.infer<typeof christmasDaySchema>;
export type ChristmasMenu = z.infer<typeof christmasMenuSchema>;
/** This year's Christmas Day with its menu: what the order rules work on. */
export type ChristmasSeason = ChristmasDay & { menu: ChristmasMenu };
export type ChristmasDish = z.infer<typeof christmasDishSchema>;
