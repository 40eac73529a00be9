import { z } from 'zod';
import { CHRISTMAS_OCCASION_SLUG } from '../christmas/ids.ts';
import { CHRISTMAS_SHAPE_MESSAGES, christmasDayShapeIssues } from '../christmas/occasion.ts';
import { allergensSchema } from '../content/allergens-schema.ts';
import { documentText } from '../schema/fields.ts';
import { ISO_DATE_PATTERN, TIME_PATTERN } from '../time/london-time.ts';
import { RESERVED_OCCASION_SLUGS } from './links.ts';
import { NO_DISH } from './rules.ts';

/**
 * The `occasions` content document: every set-menu occasion and ticketed event of the year (party nights,
 * New Year's Eve, Mother's Day, a supper club), edited whole by a manager and versioned like every document.
 * Money is in integer pence.
 */

const KEBAB_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const kebabId = z.string().max(64).regex(KEBAB_ID, 'must be a kebab-case id');
const pence = z.number().int().nonnegative();
const isoDate = z.string().regex(ISO_DATE_PATTERN, 'must be a date (YYYY-MM-DD)');

export const occasionDishSchema = z.object({
  /** Never `NO_DISH`: a diner's choices keep that word for going without the course. */
  id: kebabId.refine((id) => id !== NO_DISH, {
    message: 'is the word kept for a diner who goes without the course',
  }),
  name: documentText(80).min(1),
  description: documentText(500, { multiline: true }),
  allergens: allergensSchema,
  /** Added to the diner's price when chosen (a cheese board, a steak); 0 for none. */
  supplementPence: pence,
});

export const occasionCourseSchema = z
  .object({
    id: kebabId,
    name: documentText(40).min(1),
    /** Diners may go without it (a starter, a dessert): their choice may be `NO_DISH`. */
    optional: z.boolean(),
    dishes: z.array(occasionDishSchema).min(1).max(12),
    /** Served to every diner who has not chosen by the pre-order deadline. */
    defaultDishId: kebabId,
  })
  .refine((course) => course.dishes.some((dish) => dish.id === course.defaultDishId), {
    message: 'must be one of the course’s dishes',
    path: ['defaultDishId'],
  });

export const occasionSittingSchema = z
  .object({
    id: kebabId,
    label: documentText(40).min(1),
    start: z.string().regex(TIME_PATTERN, 'must be a time (HH:MM)'),
    end: z.string().regex(TIME_PATTERN, 'must be a time (HH:MM)'),
    seats: z.number().int().positive().max(500),
  })
  .refine((sitting) => sitting.start < sitting.end, { message: 'must start before it ends', path: ['end'] });

/** ISO weekdays as the pub says them: 0 = Sunday … 6 = Saturday (`weekdayOf`). */
export const occasionDatesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dates'), dates: z.array(isoDate).min(1).max(120) }),
  z
    .object({
      kind: z.literal('weekly'),
      from: isoDate,
      to: isoDate,
      weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    })
    .refine((rule) => rule.from <= rule.to, { message: 'must not end before it starts', path: ['to'] }),
]);

export const OCCASION_PAYMENT_KINDS = ['none', 'deposit', 'full'] as const;
export type OccasionPaymentKind = (typeof OCCASION_PAYMENT_KINDS)[number];

export const occasionPaymentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('deposit'), perPersonPence: z.number().int().positive() }),
  z.object({ kind: z.literal('full') }),
]);

export const occasionSchema = z
  .object({
    /** Christmas Day's own slug is reserved to its entry, which must then fit Christmas Day's shape. */
    slug: kebabId.refine(
      (slug) =>
        slug === CHRISTMAS_OCCASION_SLUG || !(RESERVED_OCCASION_SLUGS as readonly string[]).includes(slug),
      { message: 'is a word the site’s own addresses use' },
    ),
    name: documentText(80).min(1),
    /** One line on What's On. */
    summary: documentText(200).min(1),
    /** The page's own words, in paragraphs. */
    description: documentText(4000, { multiline: true }),
    /** The terms shown before any payment and in every e-mail. */
    terms: documentText(4000, { multiline: true }),
    /** Shown on the site; an unpublished occasion is a draft only staff see. */
    published: z.boolean(),
    /** The one occasion What's On shows first. */
    featured: z.boolean(),
    dates: occasionDatesSchema,
    sittings: z.array(occasionSittingSchema).min(1).max(8),
    /** None makes a ticketed event (a supper club, a tasting): one ticket per guest, no pre-order. */
    courses: z.array(occasionCourseSchema).max(8),
    prices: z.object({
      adultPence: z.number().int().positive(),
      /** Null when children are not taken (a tasting). */
      childPence: pence.nullable(),
    }),
    payment: occasionPaymentSchema,
    party: z
      .object({ minOnline: z.number().int().positive(), maxOnline: z.number().int().positive() })
      .refine((party) => party.minOnline <= party.maxOnline, {
        message: 'must not be below the smallest party',
        path: ['maxOnline'],
      }),
    /** Every diner's choices are due by the end of the day this many days before the date. */
    preOrderDaysBefore: z.number().int().min(0).max(60),
    /** A guest who cancels by the end of the day this many days before gets their money back. */
    refundDaysBefore: z.number().int().min(0).max(60),
  })
  .refine(
    (occasion) => new Set(occasion.sittings.map((sitting) => sitting.id)).size === occasion.sittings.length,
    {
      message: 'sitting ids must be unique',
      path: ['sittings'],
    },
  )
  .refine(
    (occasion) => new Set(occasion.courses.map((course) => course.id)).size === occasion.courses.length,
    {
      message: 'course ids must be unique',
      path: ['courses'],
    },
  )
  .refine(
    (occasion) => {
      const ids = occasion.courses.flatMap((course) => course.dishes.map((dish) => dish.id));
      return new Set(ids).size === ids.length;
    },
    { message: 'dish ids must be unique across the courses', path: ['courses'] },
  )
  .superRefine((occasion, context) => {
    if (occasion.slug !== CHRISTMAS_OCCASION_SLUG) return;
    for (const issue of christmasDayShapeIssues(occasion))
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const occasionsDocumentSchema = z
  .object({ occasions: z.array(occasionSchema).max(40) })
  .refine(
    (document) =>
      new Set(document.occasions.map((occasion) => occasion.slug)).size === document.occasions.length,
    {
      message: 'each occasion needs its own slug',
      path: ['occasions'],
    },
  )
  .refine((document) => document.occasions.filter((occasion) => occasion.featured).length <= 1, {
    message: 'only one occasion can be featured',
    path: ['occasions'],
  })
  .refine((document) => document.occasions.some((occasion) => occasion.slug === CHRISTMAS_OCCASION_SLUG), {
    message: CHRISTMAS_SHAPE_MESSAGES.missing,
    path: ['occasions'],
  });

export type Occasion = z.infer<typeof occasionSchema>;
export type OccasionCourse = z.infer<typeof occasionCourseSchema>;
export type OccasionDish = z.infer<typeof occasionDishSchema>;
export type OccasionSitting = z.infer<typeof occasionSittingSchema>;
export type OccasionsDocument = z.infer<typeof occasionsDocumentSchema>;
