import type { FastifyInstance } from 'fastify';
import type { SittingId } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { christmasDayOccasionIn, christmasSeasonOf } from '#shared/christmas/occasion.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { normaliseSittingId } from '#shared/christmas/sittings.ts';
import type { SiteContent } from '#shared/content/documents.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { invalid } from '../lib/errors.ts';

/** This season's day and menu, and the pub, as the content documents stand for this request. */
export interface ChristmasContent {
  season: ChristmasSeason;
  venue: Venue;
}

const seasons = new WeakMap<SiteContent['occasions'], ChristmasSeason>();

/**
 * This season: the occasions document's Christmas Day entry, read as the Christmas rules speak of it. The same
 * object while the document is, so answers kept for a season stay kept.
 */
export function christmasSeasonIn(content: Pick<SiteContent, 'occasions'>): ChristmasSeason {
  const kept = seasons.get(content.occasions);
  if (kept) return kept;
  const season = christmasSeasonOf(christmasDayOccasionIn(content.occasions.occasions));
  seasons.set(content.occasions, season);
  return season;
}

export async function christmasContent(app: FastifyInstance): Promise<ChristmasContent> {
  const content = await app.content.current();
  return { season: christmasSeasonIn(content), venue: content.venue };
}

/** A sitting as a request spelt it (spec §5 "Sitting ids"), read against this season's sittings. */
export function sittingIdIn(season: ChristmasSeason, spelling: string): SittingId {
  const sittingId = normaliseSittingId(spelling, season);
  if (!sittingId) throw invalid(CHRISTMAS_MESSAGES.sitting);
  return sittingId;
}

/** `?sittingId=`: one sitting, or null for both. */
export function sittingFilterIn(season: ChristmasSeason, spelling: string | null): SittingId | null {
  return spelling === null ? null : sittingIdIn(season, spelling);
}
