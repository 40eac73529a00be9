import type { OccasionSummary } from '#shared/occasions/api.ts';
import {
  fromPricePence,
  isTicketed,
  occasionDates,
  preOrderDeadline,
  refundCutoff,
  sellsOnline,
} from '#shared/occasions/rules.ts';
import type { Occasion } from '#shared/occasions/schema.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { occasionSeats } from './availability.ts';
import { findOccasion, type OccasionDeps } from './booking.ts';

/* What guests read of the occasions: What's On's list and each occasion's page, for the API and the server's pages. */

/** The dates of an occasion from today (London) on. */
function datesToCome(occasion: Occasion, now: Date): string[] {
  const today = londonToday(now);
  return occasionDates(occasion).filter((date) => date >= today);
}

function summaryOf(occasion: Occasion, dates: string[]): OccasionSummary {
  return {
    slug: occasion.slug,
    name: occasion.name,
    summary: occasion.summary,
    firstDate: dates[0] as string,
    lastDate: dates.at(-1) as string,
    fromPricePence: fromPricePence(occasion),
    featured: occasion.featured,
    ticketed: isTicketed(occasion),
  };
}

/** What's On's list (and its server-rendered page): the published occasions with a date to come. */
export function publishedOccasions(occasions: readonly Occasion[], now: Date): OccasionSummary[] {
  return occasions.flatMap((occasion) => {
    const dates = occasion.published ? datesToCome(occasion, now) : [];
    return dates.length > 0 ? [summaryOf(occasion, dates)] : [];
  });
}

/** An occasion's page (and its server-rendered page): the published occasion and its dates to come with their seats. */
export async function occasionPage(deps: OccasionDeps, slug: string) {
  const occasion = findOccasion(deps, slug);
  const { now } = deps;
  const dates = await occasionSeats(deps.db, now, occasion, datesToCome(occasion, now));
  return {
    occasion,
    dates: dates.map(({ date, sittings }) => ({
      date,
      preOrderDeadline: preOrderDeadline(occasion, date).toISOString(),
      refundCutoff: refundCutoff(occasion, date).toISOString(),
      bookable: occasion.sittings.some((sitting) => sellsOnline(occasion, date, sitting.start, now)),
      sittings: sittings.map(({ sittingId, seats, remaining, closed }) => ({
        sittingId,
        seats,
        remaining,
        closed,
      })),
    })),
  };
}
