import type {
  StaffStandbyBookRequest,
  StaffStandbyDay,
  StaffStandbyEntry,
  StaffStandbyOfferRequest,
} from '#shared/standby/api.ts';
import { call } from '#web/lib/api.ts';

/** The standby list's staff calls (issue 31); import as `* as standbyApi`. */
export const standbyDay = (date: string) =>
  call<StaffStandbyDay>('GET', `/api/admin/standby?date=${encodeURIComponent(date)}`);

const entryPath = (id: string, step: 'offer' | 'book' | 'remove') =>
  `/api/admin/standby/${encodeURIComponent(id)}/${step}`;

/** Offers the entry a time: the guest is e-mailed a link to claim it. */
export const offerTime = (id: string, request: StaffStandbyOfferRequest) =>
  call<StaffStandbyEntry>('POST', entryPath(id, 'offer'), { body: request });

/** Books the entry at a time; 409 in words when the time lacks the covers, unless `overCapacity`. */
export const bookEntry = (id: string, request: StaffStandbyBookRequest) =>
  call<StaffStandbyEntry>('POST', entryPath(id, 'book'), { body: request });

/** Takes the entry off the list. */
export const removeEntry = (id: string) => call<StaffStandbyEntry>('POST', entryPath(id, 'remove'));
