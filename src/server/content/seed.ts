import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isChristmasDayOccasion, setMenuOccasions } from '#shared/christmas/occasion.ts';
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

/** The special dates (Christmas Eve, Boxing Day, New Year's Day…) the next time each comes round. */
function comingSpecialDates(venue: Venue, today: string): Venue {
  const specialDates = venue.specialDates
    .map((day) => ({ ...day, date: nextOnOrAfter(day.date, today) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { ...venue, specialDates };
}

/** The occasions with Christmas Day on the next 25 December on or after `today` (its cut-offs count back from it). */
function comingChristmas(
  document: ContentDocument<'occasions'>,
  today: string,
): ContentDocument<'occasions'> {
  return {
    occasions: document.occasions.map((occasion) =>
      isChristmasDayOccasion(occasion) && occasion.dates.kind === 'dates'
        ? {
            ...occasion,
            dates: { kind: 'dates', dates: occasion.dates.dates.map((date) => nextOnOrAfter(date, today)) },
          }
        : occasion,
    ),
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
  if (key === 'occasions')
    return comingChristmas(document as ContentDocument<'occasions'>, today) as ContentDocument<K>;
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
  // Christmas Day is the pub's own: content migration 11 makes it from the season and menu the site already has.
  const { occasions } = document as ContentDocument<'occasions'>;
  return {
    occasions: setMenuOccasions(occasions).map((occasion) => ({
      ...occasion,
      published: false,
      featured: false,
    })),
  } as ContentDocument<K>;
}
