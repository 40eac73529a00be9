import type { OccasionSummary } from '../../src/shared/occasions/api.ts';

/** What's On's entries (`GET /api/occasions`) as the web's tests serve them: none featured. */
export const PARTY_NIGHTS_SUMMARY: OccasionSummary = {
  slug: 'christmas-party-nights',
  name: 'Christmas party nights',
  summary: 'Three courses for office and family parties.',
  firstDate: '2026-12-04',
  lastDate: '2026-12-19',
  fromPricePence: 3800,
  featured: false,
  ticketed: false,
};

export const SUPPER_CLUB_SUMMARY: OccasionSummary = {
  slug: 'winter-supper-club',
  name: 'Winter supper club',
  summary: 'A long-table supper with the chef.',
  firstDate: '2027-01-22',
  lastDate: '2027-01-22',
  fromPricePence: 4500,
  featured: false,
  ticketed: true,
};
