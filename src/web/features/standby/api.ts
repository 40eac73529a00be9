import type {
  StandbyClaimed,
  StandbyEntryView,
  StandbyJoined,
  StandbyOfferView,
} from '#shared/standby/api.ts';
import type { StandbyJoinInput } from '#shared/standby/rules.ts';
import { ApiError, call } from '#web/lib/api.ts';

/** The standby list's guest calls (issue 31). Each goes through the one API client; import this module as `* as api`. */

/** Null for a link that opens nothing (unknown, or its date gone by). */
function nullIfNotFound(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}

const entryPath = (token: string) => `/api/standby/entries/${encodeURIComponent(token)}`;
const offerPath = (token: string) => `/api/standby/offers/${encodeURIComponent(token)}`;

/** A place on the list: the answer carries the guest's own link, also e-mailed. */
export const joinStandby = (request: StandbyJoinInput) =>
  call<StandbyJoined>('POST', '/api/standby', { body: request });

export const standbyEntry = (token: string) =>
  call<StandbyEntryView>('GET', entryPath(token)).catch(nullIfNotFound);

/** Leaves the list (again is no harm): the entry as it now stands, REMOVED. */
export const leaveStandby = (token: string) => call<StandbyEntryView>('DELETE', entryPath(token));

export const standbyOffer = (token: string) =>
  call<StandbyOfferView>('GET', offerPath(token)).catch(nullIfNotFound);

/** The first guest to claim the freed place gets the booking (and its payment, when a deposit rule asks one). */
export const claimOffer = (token: string) => call<StandbyClaimed>('POST', `${offerPath(token)}/claim`);
