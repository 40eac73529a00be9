import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

describe('the short booking link /book', () => {
  let t: TestApp;

  beforeAll(async () => {
    // 22 November 2026; the seeded settings take bookings 180 days ahead, to 21 May 2027.
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  const redirectOf = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(302);
    return response.headers.location;
  };

  it('opens the booking form with the party, the date and the source it carries', async () => {
    expect(await redirectOf('/book?party=4&date=2026-12-05&utm_source=google')).toBe(
      '/bookings?party=4&date=2026-12-05&utm_source=google',
    );
  });

  it('opens the plain booking form without any, and needs no sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/book' });
    expect(response.headers.location).toBe('/bookings');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/bookings?party=4' })).statusCode).toBe(200);
  });

  it('drops a value that will not do, keeping the others', async () => {
    for (const [url, location] of [
      ['/book?party=9&date=2026-12-05', '/bookings?date=2026-12-05'],
      ['/book?party=0', '/bookings'],
      ['/book?party=2.5', '/bookings'],
      ['/book?party=4&date=2026-02-30', '/bookings?party=4'],
      ['/book?party=4&date=2026-11-21', '/bookings?party=4'],
      ['/book?party=4&date=2027-05-21', '/bookings?party=4&date=2027-05-21'],
      ['/book?party=4&date=2027-05-22', '/bookings?party=4'],
      ['/book?utm_source=Google%20Maps', '/bookings'],
      [`/book?utm_source=${'a'.repeat(61)}`, '/bookings'],
      ['/book?party=3&party=5&utm_source=gbp', '/bookings?utm_source=gbp'],
      ['/book?party=<script>&date=%22', '/bookings'],
    ] as const) {
      expect(await redirectOf(url), url).toBe(location);
    }
  });
});
