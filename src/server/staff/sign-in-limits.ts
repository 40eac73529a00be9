import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { plural } from '#shared/text/plural.ts';
import { clientAddressKey } from '../http/rate-limits.ts';
import { DomainError, tooManyAttempts } from '../lib/errors.ts';
import { normaliseEmail } from './admins.ts';

const WINDOW_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

/** The wait named is what is left of the counter's window, in whole minutes rounded up. */
function tooManySignInAttempts(waitMs: number): DomainError {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  return tooManyAttempts(`Too many sign-in attempts. Try again in ${plural(minutes, 'minute', 'minutes')}.`);
}

/** One counter of failed sign-ins, and how many failures it allows in its 15-minute window. */
interface FailureLimit {
  key: string;
  max: number;
}

/** Which counters a sign-in attempt counts against (issue 26). */
export function signInLimits(app: FastifyInstance) {
  const { loginRateLimitPer15Min, loginAddressRateLimitPer15Min } = app.config;
  return {
    /** Failures of either step from one address: generous, since a pub's staff share one broadband address. */
    address: (request: FastifyRequest): FailureLimit => ({
      key: `sign-in ip:${clientAddressKey(request)}`,
      max: loginAddressRateLimitPer15Min,
    }),
    /** Wrong passwords for one e-mail, from any address: strict. */
    email: (email: string): FailureLimit => ({
      key: `sign-in email:${normaliseEmail(email)}`,
      max: loginRateLimitPer15Min,
    }),
    /** Wrong codes for one account, from any address, so a stolen password cannot try every code. */
    account: (accountId: string): FailureLimit => ({
      key: `two-step account:${accountId}`,
      max: loginRateLimitPer15Min,
    }),
  };
}

const isFailure = (error: unknown) => error instanceof DomainError && error.kind === 'unauthorized';

/**
 * Runs a sign-in attempt under its limits, which count failures only. The attempt is counted as it arrives,
 * so guesses sent all at once cannot overshoot a limit while they are being checked, and taken back once it
 * proves not to be a failure: it signed in, the server failed, or a limit refused it untried. A success
 * leaves the account's earlier failures counted, so its owner signing in gives a guesser no fresh allowance.
 */
export async function countingFailures<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  limits: readonly FailureLimit[],
  attempt: () => Promise<T>,
): Promise<T> {
  const counted: string[] = [];
  const takeBack = () => Promise.all(counted.map((key) => app.attemptCounters.takeBack(key)));
  for (const limit of limits) {
    const count = await app.attemptCounters.hit(limit.key, WINDOW_MS);
    if (!count) continue;
    counted.push(limit.key);
    if (count.current > limit.max) {
      await takeBack();
      reply.header('retry-after', Math.ceil(count.ttl / 1000));
      throw tooManySignInAttempts(count.ttl);
    }
  }
  try {
    const result = await attempt();
    await takeBack();
    return result;
  } catch (error) {
    if (!isFailure(error)) await takeBack();
    throw error;
  }
}
