import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Proves a limit per client address: `limit` requests from one address are answered `answered`, the next
 * is refused 429 with `error` in JSON and a Retry-After, and another address is still answered.
 */
export async function expectLimitPerAddress(
  send: (remoteAddress: string) => Promise<LightMyRequestResponse>,
  { limit, answered, error }: { limit: number; answered: number; error: string },
): Promise<void> {
  for (let index = 0; index < limit; index++) expect((await send('203.0.113.7')).statusCode).toBe(answered);
  const blocked = await send('203.0.113.7');
  expect(blocked.statusCode).toBe(429);
  expect(blocked.headers['content-type']).toContain('application/json');
  expect(blocked.headers['retry-after']).toBeDefined();
  expect(blocked.json()).toEqual({ error });
  expect((await send('203.0.113.8')).statusCode).toBe(answered);
}
