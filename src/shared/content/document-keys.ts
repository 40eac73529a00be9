import { roleAllows, type StaffRole } from '../staff/roles.ts';

/**
 * Every content document staff edit, by key, with the names and roles staff see: no schema here, so a screen
 * that lists the documents does not carry every document's rules (`documents.ts` maps each key to its schema).
 */
export const CONTENT_KEYS = [
  'venue',
  'menu',
  'showtime-menu',
  'about',
  'gallery',
  'occasions',
  'booking-settings',
  'tables',
  'deposit-rules',
  'vouchers',
  'privacy',
] as const;

export type ContentKey = (typeof CONTENT_KEYS)[number];

/**
 * Documents of earlier releases whose content moved into another (Christmas Day's season and menu into the
 * occasions, decision 049): a database may still hold their versions, which only the content migrations read.
 */
export const RETIRED_CONTENT_KEYS = ['christmas-season', 'christmas-menu'] as const;
export type RetiredContentKey = (typeof RETIRED_CONTENT_KEYS)[number];

export function isContentKey(value: string): value is ContentKey {
  return (CONTENT_KEYS as readonly string[]).includes(value);
}

/** The names staff see for each document (admin navigation, version history). */
export const CONTENT_TITLES: Record<ContentKey, string> = {
  venue: 'Venue details and hours',
  menu: 'Food menu',
  'showtime-menu': 'Showtime menu',
  about: 'About page',
  gallery: 'Gallery',
  occasions: 'Occasions and ticketed events',
  'booking-settings': 'Table bookings',
  tables: 'Tables and pacing',
  'deposit-rules': 'Deposits and card guarantees',
  vouchers: 'Gift vouchers',
  privacy: 'Privacy notice',
};

/** Managers edit the site's content; the privacy notice, which speaks for the pub as controller, only the owner. */
export function contentEditorRole(key: ContentKey): StaffRole {
  return key === 'privacy' ? 'owner' : 'manager';
}

export function canEditContent(role: StaffRole, key: ContentKey): boolean {
  return roleAllows(role, contentEditorRole(key));
}
