import type { OccasionSummary } from '#shared/occasions/api.ts';
import { seedSeason } from '#tests/helpers/seed-content.ts';

/** Christmas Day as What's On lists it (`GET /api/occasions`) when staff feature it: the promo offers it. */
export const FEATURED_CHRISTMAS_DAY: OccasionSummary = {
  slug: 'christmas-day',
  name: 'Christmas Day',
  summary: 'Three courses with prosecco on arrival, at an early or a late sitting.',
  firstDate: seedSeason.date,
  lastDate: seedSeason.date,
  fromPricePence: seedSeason.prices.adult * 100,
  featured: true,
  ticketed: false,
};
