/** The largest Christmas Day party that orders online; a larger one calls the pub, so it can be seated together. */
export const MAX_ONLINE_CHRISTMAS_PARTY = 12;
