import { z } from 'zod';
import { bookingSettingsSchema } from '../booking/settings.ts';
import { christmasDaySchema, christmasMenuSchema } from '../christmas/season-schema.ts';
import { depositRulesDocumentSchema } from '../deposits/rule-schemas.ts';
import { occasionsDocumentSchema } from '../occasions/schema.ts';
import { roleAllows, type StaffRole } from '../staff/roles.ts';
import { tablesDocumentSchema } from '../tables/layout.ts';
import { gallerySchema } from './gallery.ts';
import { aboutSchema, menuSchema, privacySchema, showtimeMenuSchema, venueSchema } from './schemas.ts';

/**
 * Every content document staff edit, and the schema that checks it. The database holds each one's versions;
 * `content/<key>.json` seeds an empty database and is the format of an export.
 */
export const CONTENT_SCHEMAS = {
  venue: venueSchema,
  menu: menuSchema,
  'showtime-menu': showtimeMenuSchema,
  about: aboutSchema,
  gallery: gallerySchema,
  'christmas-season': christmasDaySchema,
  'christmas-menu': christmasMenuSchema,
  occasions: occasionsDocumentSchema,
  'booking-settings': bookingSettingsSchema,
  tables: tablesDocumentSchema,
  'deposit-rules': depositRulesDocumentSchema,
  privacy: privacySchema,
} as const;

export type ContentKey = keyof typeof CONTENT_SCHEMAS;
export const CONTENT_KEYS = Object.keys(CONTENT_SCHEMAS) as ContentKey[];

export type ContentDocument<K extends ContentKey> = z.infer<(typeof CONTENT_SCHEMAS)[K]>;
/** Every document as it stands: what a request reads its settings and texts from. */
export type SiteContent = { [K in ContentKey]: ContentDocument<K> };

export function isContentKey(value: string): value is ContentKey {
  return Object.hasOwn(CONTENT_SCHEMAS, value);
}

/** The names staff see for each document (admin navigation, version history). */
export const CONTENT_TITLES: Record<ContentKey, string> = {
  venue: 'Venue details and hours',
  menu: 'Food menu',
  'showtime-menu': 'Showtime menu',
  about: 'About page',
  gallery: 'Gallery',
  'christmas-season': 'Christmas Day',
  'christmas-menu': 'Christmas menu',
  occasions: 'Occasions and ticketed events',
  'booking-settings': 'Table bookings',
  tables: 'Tables and pacing',
  'deposit-rules': 'Deposits and card guarantees',
  privacy: 'Privacy notice',
};

/** Managers edit the site's content; the privacy notice, which speaks for the pub as controller, only the owner. */
export function contentEditorRole(key: ContentKey): StaffRole {
  return key === 'privacy' ? 'owner' : 'manager';
}

export function canEditContent(role: StaffRole, key: ContentKey): boolean {
  return roleAllows(role, contentEditorRole(key));
}

/** `GET /api/admin/content/:key`: the newest version and its document. */
export const contentVersionSchema = z.object({ version: z.number().int().positive(), document: z.unknown() });
export type ContentVersion = z.infer<typeof contentVersionSchema>;

/** `PUT /api/admin/content/:key`: the whole document and the version the editor started from. */
export const contentSaveSchema = z.object({
  baseVersion: z.number().int().positive(),
  document: z.unknown(),
});

export const contentSavedSchema = z.object({ version: z.number().int().positive() });

/** `GET /api/admin/content/:key/versions`: who saved each version and when, newest first. */
export const contentVersionSummarySchema = z.object({
  version: z.number().int().positive(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
});
export type ContentVersionSummary = z.infer<typeof contentVersionSummarySchema>;
