import about from '../../content/about.json' with { type: 'json' };
import bookingSettings from '../../content/booking-settings.json' with { type: 'json' };
import depositRules from '../../content/deposit-rules.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import menu from '../../content/menu.json' with { type: 'json' };
import occasions from '../../content/occasions.json' with { type: 'json' };
import privacy from '../../content/privacy.json' with { type: 'json' };
import showtimeMenu from '../../content/showtime-menu.json' with { type: 'json' };
import tables from '../../content/tables.json' with { type: 'json' };
import venue from '../../content/venue.json' with { type: 'json' };
import vouchers from '../../content/vouchers.json' with { type: 'json' };
import {
  christmasDayOccasionIn,
  christmasDayOf,
  christmasSeasonOf,
} from '../../src/shared/christmas/occasion.ts';
import type { ChristmasSeason } from '../../src/shared/christmas/season-schema.ts';
import {
  CONTENT_SCHEMAS,
  type RetiredContentKey,
  type SiteContent,
} from '../../src/shared/content/documents.ts';
import { pageDataKey } from '../../src/shared/content/page-data.ts';

/**
 * The seeded content documents (content/*.json), as a fresh database installed before Christmas Eve 2026 (the
 * suites' clocks) holds them: what tests expect to see. Installed later, its dates are later
 * (server/content/seed.ts).
 */
export const seedContent = Object.fromEntries(
  Object.entries({
    venue,
    menu,
    'showtime-menu': showtimeMenu,
    about,
    gallery,
    occasions,
    'booking-settings': bookingSettings,
    tables,
    'deposit-rules': depositRules,
    vouchers,
    privacy,
  }).map(([key, document]) => [key, CONTENT_SCHEMAS[key as keyof SiteContent].parse(document)]),
) as SiteContent;

/** The seeded Christmas Day, as the Christmas rules read the occasions document's entry. */
export const seedSeason: ChristmasSeason = christmasSeasonOf(
  christmasDayOccasionIn(seedContent.occasions.occasions),
);

/** The seeded Christmas Day as the two documents it was before it became one of the occasions (decision 049). */
export const seedChristmasDocuments: Record<RetiredContentKey, unknown> = {
  'christmas-season': christmasDayOf(seedSeason),
  'christmas-menu': seedSeason.menu,
};

/** Every seeded document, and Christmas Day, as the page data the server renders a page with. */
export function seedPageData(): Map<string, unknown> {
  return new Map<string, unknown>([
    ...Object.entries(seedContent).map(([key, document]) => [pageDataKey.content(key), document] as const),
    [pageDataKey.christmasDay, christmasDayOf(seedSeason)],
    [pageDataKey.christmasSeason, seedSeason],
  ]);
}
