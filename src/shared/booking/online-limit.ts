/** The largest party that books a table online; a larger one calls the pub (spec §9). */
export const MAX_ONLINE_PARTY = 8;
/** "groups of 9 or more" */
export const LARGE_PARTY_FROM = MAX_ONLINE_PARTY + 1;
