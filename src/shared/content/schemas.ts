import { z } from 'zod';
import { christmasDaySchema, christmasMenuSchema } from '../christmas/season-schema.ts';
import { publicEventSchema } from '../events/schemas.ts';
import { TIME_PATTERN } from '../time/london-time.ts';

const hoursRowSchema = z.object({
  days: z.string().min(1),
  /** schema.org day codes (Mo, Tu, …) for structured data. */
  dayCodes: z.array(z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])).min(1),
  opens: z.string().regex(TIME_PATTERN),
  closes: z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/),
  label: z.string().optional(),
});

export const venueSchema = z.object({
  name: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  address: z.object({
    street: z.string().min(1),
    locality: z.string().min(1),
    town: z.string().min(1),
    county: z.string().min(1),
    postcode: z.string().min(1),
  }),
  phone: z.string().min(1),
  email: z.email(),
  map: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number().int().min(1).max(19) }),
  openingHours: z.array(hoursRowSchema).min(1),
  kitchenHours: z.array(hoursRowSchema).min(1),
  kitchenNote: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;
export type HoursRow = z.infer<typeof hoursRowSchema>;

export const menuItemSchema = z.object({
  name: z.string().min(1),
  ingredients: z.string().optional(),
  badge: z.string().optional(),
  price: z.string().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Section titles read "Tab: Heading", e.g. "Main: Starters" (spec §3 Menu data). */
export const MENU_SECTION_TITLE = /^(Lunch|Main|Sunday|Children): .+$/;

export const menuSchema = z.object({
  sections: z.record(
    z.string().regex(MENU_SECTION_TITLE, 'must start with Lunch:, Main:, Sunday: or Children:'),
    z.array(menuItemSchema).min(1),
  ),
  lunchDeal: z.object({ title: z.string(), price: z.string(), description: z.string() }),
  kidsDeal: z.object({ title: z.string(), price: z.string(), description: z.string() }),
});
export type Menu = z.infer<typeof menuSchema>;

export const showtimeMenuSchema = z.object({
  title: z.string().min(1),
  intro: z.string(),
  sections: z.record(z.string().min(1), z.array(menuItemSchema.omit({ badge: true }))),
});
export type ShowtimeMenu = z.infer<typeof showtimeMenuSchema>;

export const galleryImageSchema = z.object({
  src: z.string().min(1),
  alt: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

export const galleryCategorySchema = z.object({
  name: z.string().min(1),
  images: z.array(galleryImageSchema),
});
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;
export const gallerySchema = z.array(galleryCategorySchema);

export const fallbackEventsSchema = z.array(publicEventSchema);

export const aboutSchema = z.object({
  intro: z.string().min(1),
  story: z.array(z.string().min(1)).min(1),
  values: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).length(4),
  timeline: z
    .array(z.object({ when: z.string().min(1), title: z.string().min(1), text: z.string().min(1) }))
    .min(2),
});
export type About = z.infer<typeof aboutSchema>;

/** Every content file and the schema that checks it, for the build and the server. */
export const CONTENT_FILES = {
  'venue.json': venueSchema,
  'menu.json': menuSchema,
  'showtime-menu.json': showtimeMenuSchema,
  'gallery.json': gallerySchema,
  'events.json': fallbackEventsSchema,
  'about.json': aboutSchema,
  'christmas.json': christmasDaySchema,
  'christmas-menu.json': christmasMenuSchema,
} as const;

/** A readable "content/menu.json: sections.Main: Starters.0.name: expected string" style message. */
export function describeContentErrors(file: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `content/${file}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('\n');
}
