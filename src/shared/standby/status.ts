/**
 * A standby entry (issue 31): WAITING for a place, BOOKED once a claim (or staff) made its booking, REMOVED by
 * the guest from their own link or by staff. An entry is forgotten once its date has passed (retention).
 */
export const STANDBY_STATUSES = ['WAITING', 'BOOKED', 'REMOVED'] as const;
export type StandbyStatus = (typeof STANDBY_STATUSES)[number];

export const STANDBY_STATUS_LABELS: Record<StandbyStatus, string> = {
  WAITING: 'Waiting',
  BOOKED: 'Booked',
  REMOVED: 'Removed',
};

/**
 * An offer of a freed place to one entry: OPEN until its claim link expires (EXPIRED), it is claimed (CLAIMED),
 * or the place went to someone else first (GONE). A claim whose deposit was never paid lets the table go
 * (UNPAID): its booking is released and the guest waits on the list again.
 */
export const STANDBY_OFFER_STATES = ['OPEN', 'CLAIMED', 'EXPIRED', 'GONE', 'UNPAID'] as const;
export type StandbyOfferState = (typeof STANDBY_OFFER_STATES)[number];

export const STANDBY_OFFER_STATE_LABELS: Record<StandbyOfferState, string> = {
  OPEN: 'Offered',
  CLAIMED: 'Claimed',
  EXPIRED: 'Offer expired',
  GONE: 'Place taken',
  UNPAID: 'Claimed, deposit not paid',
};

/** Who put the guest on the list: themselves online, or staff by phone. */
export const STANDBY_SOURCES = ['online', 'staff'] as const;
export type StandbySource = (typeof STANDBY_SOURCES)[number];
