import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerPath, organiserPath } from '#shared/occasions/links.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** The party's own links are pages of the site: served (the page asks for the booking itself), never indexed. */
describe('the organiser’s and the diners’ links on the server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  it.each([
    [organiserPath('o'.repeat(43)), 'Your party booking'],
    [dinerPath('d'.repeat(43)), 'Choose your dishes'],
  ])('serves %s as its own page, not indexed', async (url, title) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${title} · The Rose &amp; Crown</title>`);
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
  });
});
