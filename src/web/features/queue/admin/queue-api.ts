import type { QueueAddRequestInput, QueueDay, QueueParty, QueueSeatRequest } from '#shared/queue/api.ts';
import { call } from '#web/lib/api.ts';

/** Tonight's walk-in queue (issue 31); import as `* as queueApi`. */
export const queueDay = () => call<QueueDay>('GET', '/api/admin/queue');

/** Puts a party at the bar on the queue; 400 with the fields' issues when a detail will not do. */
export const addParty = (request: QueueAddRequestInput) =>
  call<QueueParty>('POST', '/api/admin/queue', { body: request });

const partyPath = (id: string, step: 'notify' | 'seat' | 'remove') =>
  `/api/admin/queue/${encodeURIComponent(id)}/${step}`;

/** Tells the party their table is ready (e-mail and/or text). */
export const notifyParty = (id: string) => call<QueueParty>('POST', partyPath(id, 'notify'));

/** Seats the party now as a walk-in booking; 409 in words when no place can take them. */
export const seatParty = (id: string, request: QueueSeatRequest = {}) =>
  call<QueueParty>('POST', partyPath(id, 'seat'), { body: request });

/** Takes the party off the queue. */
export const removeParty = (id: string) => call<QueueParty>('POST', partyPath(id, 'remove'));
