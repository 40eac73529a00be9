import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { DomainError, tooManyAttempts } from '../lib/errors.ts';
import { signedInAdmin } from '../staff/guard.ts';

/**
 * The guessing defence of the staff's voucher look-ups (issue 33): each signed-in staff member may name this
 * many codes that match no voucher in a quarter of an hour. Codes that are found are not counted, so a busy bar
 * is never held up, while a guesser (80 bits a code) gets nowhere.
 */
export const VOUCHER_LOOKUP_MISSES_PER_15_MIN = 20;
const WINDOW_MS = 15 * 60_000;

const isMiss = (error: unknown) => error instanceof DomainError && error.kind === 'not-found';

/**
 * Runs a look-up by code under the staff member's limit. It is counted as it arrives, so look-ups sent all at
 * once cannot overshoot the limit, and taken back unless it proves to be a miss.
 */
export async function countingMisses<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  lookUp: () => Promise<T>,
): Promise<T> {
  const key = `voucher-lookup staff:${signedInAdmin(request).id}`;
  const count = await app.attemptCounters.hit(key, WINDOW_MS);
  const takeBack = () => (count ? app.attemptCounters.takeBack(key) : Promise.resolve());
  if (count && count.current > VOUCHER_LOOKUP_MISSES_PER_15_MIN) {
    await takeBack();
    reply.header('retry-after', Math.ceil(count.ttl / 1000));
    throw tooManyAttempts(VOUCHER_MESSAGES.tooManyLookups);
  }
  try {
    const result = await lookUp();
    await takeBack();
    return result;
  } catch (error) {
    if (!isMiss(error)) await takeBack();
    throw error;
  }
}
