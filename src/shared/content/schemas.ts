import { z } from 'zod';
import { publicEventSchema } from '../events/schemas.ts';
import { documentText } from '../schema/fields.ts';
import { isRealIsoDate, TIME_PATTERN } from '../time/london-time.ts';
import { allergensSchema } from './allergens-schema.ts';
import { galleryImageSchema } from './gallery.ts';

const hoursRowSchema = z.object({
  days: documentText(40).min(1),
  /** schema.org day codes (Mo, Tu, …) for structured data. */
  dayCodes: z.array(z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])).min(1),
  opens: z.string().regex(TIME_PATTERN),
  closes: z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/),
  label: documentText(40).optional(),
});

const specialDateSchema = z
  .object({
    date: z.string().refine(isRealIsoDate, 'must be a date (YYYY-MM-DD)'),
    label: documentText(80).min(1, 'needs a name, e.g. Boxing Day'),
    closed: z.boolean(),
    opens: z.string().regex(TIME_PATTERN, 'must be a time (HH:MM)').optional(),
    closes: z
      .string()
      .regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be a time (HH:MM)')
      .optional(),
  })
  .refine((day) => day.closed || (day.opens !== undefined && day.closes !== undefined), {
    message: 'needs opening and closing times, or to be marked closed',
    path: ['opens'],
  });
export type SpecialDate = z.infer<typeof specialDateSchema>;

export const venueSchema = z.object({
  name: documentText(80).min(1),
  tagline: documentText(160).min(1),
  description: documentText(1000, { multiline: true }).min(1),
  address: z.object({
    street: documentText(100).min(1),
    locality: documentText(100).min(1),
    town: documentText(100).min(1),
    county: documentText(100).min(1),
    postcode: documentText(16).min(1),
  }),
  phone: documentText(30).min(1),
  email: z.email().max(254),
  map: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number().int().min(1).max(19) }),
  openingHours: z.array(hoursRowSchema).min(1),
  kitchenHours: z.array(hoursRowSchema).min(1),
  kitchenNote: documentText(200),
  /** Days with other hours than the week's, or closed (bank holidays); a closed day takes no table bookings. */
  specialDates: z
    .array(specialDateSchema)
    .refine((dates) => new Set(dates.map((day) => day.date)).size === dates.length, {
      message: 'lists a date twice',
    }),
  /** The picture behind the home page's welcome: the site's own artwork or a photo staff uploaded. */
  heroPicture: galleryImageSchema,
});
export type Venue = z.infer<typeof venueSchema>;
export type HoursRow = z.infer<typeof hoursRowSchema>;

export const menuItemSchema = z.object({
  name: documentText(80).min(1, 'needs a name'),
  ingredients: documentText(500, { multiline: true }).optional(),
  badge: documentText(30).optional(),
  /** In pence; staff type pounds. A dish without one is priced in its section's heading or deal. */
  pricePence: z.number().int('must be whole pence').nonnegative().max(100_000).optional(),
  allergens: allergensSchema,
  /** Sold out or not cooked today: shown struck through, still on the menu. */
  offToday: z.boolean().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Section titles read "Tab: Heading", e.g. "Main: Starters" (spec §3 Menu data). */
export const MENU_SECTION_TITLE = /^(Lunch|Main|Sunday|Children): .+$/;

const dealSchema = z.object({
  title: documentText(80),
  price: documentText(20),
  description: documentText(500, { multiline: true }),
});

export const menuSchema = z.object({
  sections: z.record(
    documentText(80).regex(MENU_SECTION_TITLE, 'must start with Lunch:, Main:, Sunday: or Children:'),
    z.array(menuItemSchema).min(1),
  ),
  lunchDeal: dealSchema,
  kidsDeal: dealSchema,
});
export type Menu = z.infer<typeof menuSchema>;

export const showtimeMenuSchema = z.object({
  title: documentText(80).min(1),
  intro: documentText(1000, { multiline: true }),
  sections: z.record(documentText(80).min(1), z.array(menuItemSchema.omit({ badge: true }))),
});
export type ShowtimeMenu = z.infer<typeof showtimeMenuSchema>;

export const fallbackEventsSchema = z.array(publicEventSchema);

export const aboutSchema = z.object({
  intro: documentText(1000, { multiline: true }).min(1),
  story: z.array(documentText(2000, { multiline: true }).min(1)).min(1),
  values: z
    .array(z.object({ title: documentText(60).min(1), text: documentText(500, { multiline: true }).min(1) }))
    .length(4),
  timeline: z
    .array(
      z.object({
        when: documentText(20).min(1),
        title: documentText(80).min(1),
        text: documentText(500, { multiline: true }).min(1),
      }),
    )
    .min(2),
  /** The picture beside the story. */
  picture: galleryImageSchema,
});
export type About = z.infer<typeof aboutSchema>;

/**
 * The privacy notice (issue 19), the owner's to edit: an introduction, then sections, each a heading and its
 * paragraphs (a blank line between paragraphs). The page adds the pub's contact details from the venue document.
 */
export const privacySchema = z.object({
  intro: documentText(2000, { multiline: true }).min(1, 'needs an introduction'),
  sections: z
    .array(
      z.object({
        heading: documentText(120).min(1, 'needs a heading'),
        text: documentText(10_000, { multiline: true }).min(1, 'needs some text'),
      }),
    )
    .min(1, 'needs at least one section'),
  /** When the notice last changed, as the page says it, e.g. "1 December 2026". */
  updated: documentText(40).min(1, 'needs a date'),
});
export type PrivacyNotice = z.infer<typeof privacySchema>;
