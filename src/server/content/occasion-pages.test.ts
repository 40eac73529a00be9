import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}

/** The data a page is served with, for the browser to start from. */
function pageData(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? '{}');
}

describe('occasion pages on the server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  it('serves an occasion’s page with its title, its data and a schema.org Event', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/occasions/christmas-party-nights' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Christmas party nights · The Rose &amp; Crown</title>');
    expect(response.body).not.toContain('<meta name="robots" content="noindex"/>');
    const served = pageData(response.body)['occasion:christmas-party-nights'] as {
      occasion: { name: string };
      dates: { date: string; sittings: { remaining: number }[] }[];
    };
    expect(served.occasion.name).toBe('Christmas party nights');
    expect(served.dates.map((day) => day.date)).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-11',
      '2026-12-12',
      '2026-12-18',
      '2026-12-19',
    ]);
    expect(served.dates[0]?.sittings[0]?.remaining).toBe(40);
    const [event] = jsonLd(response.body);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Christmas party nights',
      startDate: '2026-12-04T12:30:00+00:00',
      url: 'https://pub.test/occasions/christmas-party-nights',
      location: { '@type': 'Place', name: 'The Rose & Crown' },
      offers: { '@type': 'Offer', price: '38.00', priceCurrency: 'GBP' },
    });
  });

  it('answers 404 for an occasion it does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/occasions/no-such-night' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Occasion not found');
    expect(pageData(response.body)['occasion:no-such-night']).toBeNull();
    expect(jsonLd(response.body)).toEqual([]);
  });

  it('serves the payment pages, never indexed', async () => {
    for (const url of ['/occasions/checkout?pid=abc', '/occasions/demo-checkout?pid=abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('serves What’s On with the published occasions, and lists their pages in the sitemap', async () => {
    const events = await t.app.inject({ method: 'GET', url: '/events' });
    const occasions = pageData(events.body).occasions as { slug: string }[];
    expect(occasions.map((occasion) => occasion.slug)).toEqual([
      'christmas-party-nights',
      'winter-supper-club',
      'christmas-day',
    ]);
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('<loc>https://pub.test/occasions/christmas-party-nights</loc>');
    expect(sitemap).toContain('<loc>https://pub.test/occasions/winter-supper-club</loc>');
    expect(sitemap).not.toContain('/occasions/checkout');
  });
});
