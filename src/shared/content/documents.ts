import { z } from 'zod';
import { bookingSettingsSchema } from '../booking/settings.ts';
import { depositRulesDocumentSchema } from '../deposits/rule-schemas.ts';
import { occasionsDocumentSchema } from '../occasions/schema.ts';
import { tablesDocumentSchema } from '../tables/layout.ts';
import { voucherSettingsSchema } from '../vouchers/settings.ts';
import type { ContentKey } from './document-keys.ts';
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
  occasions: occasionsDocumentSchema,
  'booking-settings': bookingSettingsSchema,
  tables: tablesDocumentSchema,
  'deposit-rules': depositRulesDocumentSchema,
  vouchers: voucherSettingsSchema,
  privacy: privacySchema,
} as const satisfies Record<ContentKey, z.ZodType>;

export {
  CONTENT_KEYS,
  CONTENT_TITLES,
  type ContentKey,
  canEditContent,
  contentEditorRole,
  isContentKey,
  RETIRED_CONTENT_KEYS,
  type RetiredContentKey,
} from './document-keys.ts';

export type ContentDocument<K extends ContentKey> = z.infer<(typeof CONTENT_SCHEMAS)[K]>;
/** Every document as it stands: what a request reads its settings and texts from. */
export type SiteContent = { [K in ContentKey]: ContentDocument<K> };

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
