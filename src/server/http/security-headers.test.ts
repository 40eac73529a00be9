import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** Every security header helmet sets with our policy (HSTS too, in production). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const json = { 'content-type': 'application/json' };

/**
 * One request for each kind of answer. Bookings are limited to one per address here: each comes from an
 * address of its own, and the last is a second attempt (the first is made before).
 */
const ANSWERS: { label: string; status: number; request: InjectOptions }[] = [
  { label: 'a page', status: 200, request: { url: '/' } },
  { label: 'an API answer', status: 200, request: { url: '/api/ping' } },
  { label: 'an unknown API path', status: 404, request: { url: '/api/no-such-thing' } },
  {
    label: 'malformed JSON',
    status: 400,
    request: {
      method: 'POST',
      url: '/api/bookings',
      headers: json,
      payload: '{"name":',
      remoteAddress: '203.0.113.1',
    },
  },
  {
    label: 'a body too large',
    status: 413,
    request: {
      method: 'POST',
      url: '/api/bookings',
      headers: json,
      payload: `"${'x'.repeat(70_000)}"`,
      remoteAddress: '203.0.113.2',
    },
  },
  {
    label: 'a media type not taken',
    status: 415,
    request: {
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/xml' },
      payload: '<booking/>',
      remoteAddress: '203.0.113.3',
    },
  },
  { label: 'a malformed URL', status: 400, request: { url: '/%' } },
  {
    label: 'too many attempts',
    status: 429,
    request: {
      method: 'POST',
      url: '/api/bookings',
      headers: json,
      payload: '{}',
      remoteAddress: '203.0.113.5',
    },
  },
];

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));
}

describe.each(databaseTargets)('security headers on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, new Date(), { env: { BOOKING_RATE_LIMIT_PER_15_MIN: '1' } });
    await t.app.inject(ANSWERS.at(-1)?.request ?? {});
  });
  afterAll(() => t.close());

  it('are the same on every answer, errors and answers made before routing included', async () => {
    const page = await t.app.inject({ url: '/' });
    const expected = securityHeadersOf(page.headers);
    for (const name of SECURITY_HEADERS) expect(expected[name], name).toEqual(expect.any(String));

    for (const { label, status, request } of ANSWERS) {
      const response = await t.app.inject(request);
      expect(response.statusCode, label).toBe(status);
      expect(securityHeadersOf(response.headers), label).toEqual(expected);
      if (status >= 400) expect(response.json(), label).toEqual({ error: expect.any(String) });
    }
  });
});
