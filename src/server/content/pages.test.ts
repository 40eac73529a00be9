import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#db/schema.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** The JSON-LD blocks of a page. */
function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}

describe('app shell and page meta', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
    await t.database.db.insert(events).values({
      title: 'Folk & "Friends" <Live>',
      slug: 'folk-and-friends',
      date: '2026-12-05',
      time: '20:00',
      summary: 'Fiddles by the fire.',
      cover: '/images/events/live-music.svg',
    });
    await t.database.db.insert(events).values({
      title: 'Quiz night',
      slug: 'quiz-night',
      date: '2026-12-06',
      time: '20:00',
      summary: 'Teams of up to six.',
      cover: 'https://photos.example/quiz.jpg',
    });
  });
  afterAll(() => t.close());

  it('serves the shell with the page’s title, description, canonical and Open Graph tags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/menu' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Food Menu · The Rose &amp; Crown</title>');
    expect(html).toMatch(/<meta name="description" content="Seasonal British pub food[^"]*"\/>/);
    expect(html).toContain('<link rel="canonical" href="https://pub.test/menu"/>');
    expect(html).toContain('<meta property="og:title" content="Food Menu · The Rose &amp; Crown"/>');
    // A link's preview shows a JPEG of the home page picture, made by the build: never the SVG drawing.
    expect(html).toContain('<meta property="og:image" content="https://pub.test/images/_r/share.jpg"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta name="twitter:image" content="https://pub.test/images/_r/share.jpg"/>');
    expect(html).not.toMatch(/<meta [^>]*content="[^"]*\.svg"/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves deep links so a refresh works', async () => {
    for (const url of [
      '/',
      '/events',
      '/gallery',
      '/about',
      '/contact',
      '/menu/showtimeMenu',
      '/bookings',
      '/christmas',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('uses the event’s own title, summary and cover, escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/events/folk-and-friends' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<meta property="og:title" content="Folk &amp; &quot;Friends&quot; &lt;Live&gt; · The Rose &amp; Crown"/>',
    );
    expect(response.body).toContain('Fiddles by the fire.');
    expect(response.body).not.toContain('<Live>');
  });

  it('previews an event with its cover photo, or with the home page picture’s when its cover is a drawing', async () => {
    const drawn = (await t.app.inject({ method: 'GET', url: '/events/folk-and-friends' })).body;
    expect(drawn).toContain('<meta property="og:image" content="https://pub.test/images/_r/share.jpg"/>');
    const photographed = (await t.app.inject({ method: 'GET', url: '/events/quiz-night' })).body;
    expect(photographed).toContain('<meta property="og:image" content="https://photos.example/quiz.jpg"/>');
    expect(photographed).not.toContain('og:image:width');
  });

  it('answers 404 with the shell for an unknown event and an unknown path', async () => {
    const unknownEvent = await t.app.inject({ method: 'GET', url: '/events/nope' });
    expect(unknownEvent.statusCode).toBe(404);
    expect(unknownEvent.body).toContain('<title>Event not found');
    const unknownPage = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.body).toContain('<title>Page not found');
    expect(unknownPage.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('describes the pub, the menu and each event as schema.org data', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const pub = jsonLd(home.body)[0];
    expect(pub).toMatchObject({
      '@type': 'BarOrPub',
      name: 'The Rose & Crown',
      telephone: '0118 496 0000',
      address: { postalCode: 'RG40 0AA', addressCountry: 'GB' },
      geo: { '@type': 'GeoCoordinates' },
      menu: 'https://pub.test/menu',
      acceptsReservations: 'https://pub.test/bookings',
      image: 'https://pub.test/images/_r/share.jpg',
    });
    expect(pub.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ['Friday', 'Saturday'], closes: '23:59' }),
    );
    expect(jsonLd((await t.app.inject({ method: 'GET', url: '/contact' })).body)[0]['@type']).toBe(
      'BarOrPub',
    );
    const menu = jsonLd((await t.app.inject({ method: 'GET', url: '/menu' })).body)[0];
    expect(menu['@type']).toBe('Menu');
    expect(menu.hasMenuSection.map((section: { name: string }) => section.name)).toContain('Sunday Roast');

    const event = jsonLd((await t.app.inject({ method: 'GET', url: '/events/folk-and-friends' })).body)[0];
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Folk & "Friends" <Live>',
      startDate: '2026-12-05T20:00:00+00:00',
      location: { '@type': 'Place', name: 'The Rose & Crown' },
      image: ['https://pub.test/images/events/live-music.svg'],
    });
  });

  it('preloads the home page picture the venue document names, on the home page only', async () => {
    const preload = '<link rel="preload" href="/images/hero.svg" as="image" fetchpriority="high">';
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain(preload);
    expect((await t.app.inject({ method: 'GET', url: '/menu' })).body).not.toContain(
      'rel="preload" href="/images/',
    );
  });

  it('keeps a hostile event title inside its structured data block', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/events/folk-and-friends' });
    expect(response.body).not.toMatch(/<Live>/);
    expect(response.body).toContain('\\u003cLive>');
  });

  it('serves robots.txt and a sitemap with the public pages and upcoming events', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /api');
    expect(robots.body).toContain('Sitemap: https://pub.test/sitemap.xml');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/events',
      '/menu',
      '/gallery',
      '/about',
      '/contact',
      '/bookings',
      '/christmas',
    ]) {
      expect(sitemap.body).toContain(`<loc>https://pub.test${path}</loc>`);
    }
    expect(sitemap.body).toContain('<loc>https://pub.test/events/folk-and-friends</loc>');
    expect(sitemap.body).not.toContain('/admin');
    expect(sitemap.body).not.toContain('/christmas/success');
  });

  it('marks admin pages noindex', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/bookings' });
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the favicon and content images', async () => {
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toContain('image/svg+xml');
    const missing = await t.app.inject({ method: 'GET', url: '/images/nope.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('compresses responses for clients that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/images/hero.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });
});
