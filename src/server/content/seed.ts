import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { CONTENT_SCHEMAS, type ContentDocument, type ContentKey } from '#shared/content/documents.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { fieldIssues } from '#shared/schema/issues.ts';

const SEED_FOLDER = resolve(import.meta.dirname, '../../../content');

/** The first day on or after `today` (YYYY-MM-DD) that falls on the month and day of `date`. */
function nextOnOrAfter(date: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${date.slice(5)}`;
  return thisYear >= today ? thisYear : `${year + 1}-${date.slice(5)}`;
}

/** A date or a London wall-clock time (YYYY-…) `years` later. */
function yearsLater(moment: string, years: number): string {
  return `${Number(moment.slice(0, 4)) + years}${moment.slice(4)}`;
}

/** The special dates (Christmas Eve, Boxing Day, New Year's Day…) the next time each comes round. */
function comingSpecialDates(venue: Venue, today: string): Venue {
  const specialDates = venue.specialDates
    .map((day) => ({ ...day, date: nextOnOrAfter(day.date, today) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { ...venue, specialDates };
}

/** The next Christmas Day on or after `today`, its cut-offs moved with it. */
function comingChristmas(season: ChristmasDay, today: string): ChristmasDay {
  const years = Number(nextOnOrAfter(season.date, today).slice(0, 4)) - season.year;
  return {
    ...season,
    year: season.year + years,
    date: yearsLater(season.date, years),
    onlineCutoff: yearsLater(season.onlineCutoff, years),
    ...(season.refundableUntil ? { refundableUntil: yearsLater(season.refundableUntil, years) } : {}),
  };
}

/**
 * `content/<key>.json`, checked by its schema, as a database installed on `today` (London) starts from: the
 * file's dates are examples, so a site installed in any year opens with the days still to come.
 */
export function seedDocument<K extends ContentKey>(key: K, today: string): ContentDocument<K> {
  const file = join(SEED_FOLDER, `${key}.json`);
  const result = CONTENT_SCHEMAS[key].safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    const problems = fieldIssues(result.error).map((issue) => `${issue.path || '(root)'}: ${issue.message}`);
    throw new Error(`${file} does not fit its schema:\n${problems.join('\n')}`);
  }
  const document = result.data as ContentDocument<ContentKey>;
  if (key === 'venue') return comingSpecialDates(document as Venue, today) as ContentDocument<K>;
  if (key === 'christmas-season')
    return comingChristmas(document as ChristmasDay, today) as ContentDocument<K>;
  return document as ContentDocument<K>;
}

/**
 * A document new in this release, as a site already running starts it: the seed, with nothing the pub did not
 * write going live. The example occasions arrive as drafts (unpublished, not featured) for the pub to change
 * or remove: a running pub's site never takes money for a party night it did not plan, nor sells vouchers.
 */
export function upgradeDocument<K extends ContentKey>(key: K, today: string): ContentDocument<K> {
  const document = seedDocument(key, today);
  // Vouchers go on sale when the pub says so, not because the site was upgraded.
  if (key === 'vouchers')
    return { ...(document as ContentDocument<'vouchers'>), onSale: false } as ContentDocument<K>;
  if (key !== 'occasions') return document;
  const { occasions } = document as ContentDocument<'occasions'>;
  return {
    occasions: occasions.map((occasion) => ({ ...occasion, published: false, featured: false })),
  } as ContentDocument<K>;
}
