import about from '../../content/about.json' with { type: 'json' };
import bookingSettings from '../../content/booking-settings.json' with { type: 'json' };
import christmasMenu from '../../content/christmas-menu.json' with { type: 'json' };
import christmasSeasonDocument from '../../content/christmas-season.json' with { type: 'json' };
import depositRules from '../../content/deposit-rules.json' with { type: 'json' };
import gallery from '../../content/gallery.json' with { type: 'json' };
import menu from '../../content/menu.json' with { type: 'json' };
import occasions from '../../content/occasions.json' with { type: 'json' };
import privacy from '../../content/privacy.json' with { type: 'json' };
import showtimeMenu from '../../content/showtime-menu.json' with { type: 'json' };
import tables from '../../content/tables.json' with { type: 'json' };
import venue from '../../content/venue.json' with { type: 'json' };
import vouchers from '../../content/vouchers.json' with { type: 'json' };
import { christmasSeasonOf } from '../../src/shared/christmas/season.ts';
import type { ChristmasSeason } from '../../src/shared/christmas/season-schema.ts';
import { CONTENT_SCHEMAS, type SiteContent } from '../../src/shared/content/documents.ts';
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
    'christmas-season': christmasSeasonDocument,
    'christmas-menu': christmasMenu,
    occasions,
    'booking-settings': bookingSettings,
    tables,
    'deposit-rules': depositRules,
    vouchers,
    privacy,
  }).map(([key, document]) => [key, CONTENT_SCHEMAS[key as keyof SiteContent].parse(document)]),
) as SiteContent;

export const seedSeason: ChristmasSeason = christmasSeasonOf(
  seedContent['christmas-season'],
  seedContent['christmas-menu'],
);

/** Every seeded document as the page data the server renders a page with. */
export function seedPageData(): Map<string, unknown> {
  return new Map(Object.entries(seedContent).map(([key, document]) => [pageDataKey.content(key), document]));
}
