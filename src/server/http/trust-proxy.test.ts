import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const LIMIT = 3;
const PROXY = '127.0.0.1';

/** A booking attempt (refused as incomplete, but counted first) from `remoteAddress`, claiming `forwardedFor`. */
function attempt(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: {},
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe.each(databaseTargets)('X-Forwarded-For on $name', (target) => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target, new Date(), { env: { BOOKING_RATE_LIMIT_PER_15_MIN: String(LIMIT) } });
    });
    afterAll(() => t.close());

    it('is ignored: a client cannot dodge the booking limit by claiming other addresses', async () => {
      for (let index = 1; index <= LIMIT; index++) {
        expect((await attempt(t, '203.0.113.7', `198.51.100.${index}`)).statusCode).toBe(400);
      }
      expect((await attempt(t, '203.0.113.7', '198.51.100.99')).statusCode).toBe(429);
      expect((await attempt(t, '203.0.113.8', '203.0.113.7')).statusCode).toBe(400);
    });
  });

  describe('with TRUST_PROXY=loopback', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target, new Date(), {
        env: { BOOKING_RATE_LIMIT_PER_15_MIN: String(LIMIT), TRUST_PROXY: 'loopback' },
      });
    });
    afterAll(() => t.close());

    it('names the client when the trusted proxy sends it', async () => {
      for (let index = 1; index <= LIMIT; index++) {
        expect((await attempt(t, PROXY, '198.51.100.1')).statusCode).toBe(400);
      }
      expect((await attempt(t, PROXY, '198.51.100.1')).statusCode).toBe(429);
      // Another guest behind the same proxy has limits of their own.
      expect((await attempt(t, PROXY, '198.51.100.2')).statusCode).toBe(400);
    });

    it('is still ignored from anyone but the proxy', async () => {
      for (let index = 1; index <= LIMIT; index++) {
        expect((await attempt(t, '203.0.113.9', `198.51.100.${10 + index}`)).statusCode).toBe(400);
      }
      expect((await attempt(t, '203.0.113.9', '198.51.100.20')).statusCode).toBe(429);
    });

    it('takes the address the proxy saw, not one the client prepended', async () => {
      for (let index = 1; index <= LIMIT; index++) {
        expect((await attempt(t, PROXY, `10.9.9.${index}, 198.51.100.30`)).statusCode).toBe(400);
      }
      expect((await attempt(t, PROXY, '10.9.9.99, 198.51.100.30')).statusCode).toBe(429);
    });
  });
});
