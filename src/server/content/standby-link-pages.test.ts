import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standbyClaimPath, standbyEntryPath } from '#shared/standby/links.ts';
import { pglite, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/** The standby list's links are pages of the site: served (the page asks for the place itself), never indexed. */
describe('the standby list’s guest links on the server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(pglite, new Date('2026-11-22T12:00:00Z'));
  });
  afterAll(() => t.close());

  it.each([
    [standbyEntryPath('s'.repeat(43)), 'Your place on the standby list'],
    [standbyClaimPath('c'.repeat(43)), 'A table has come free'],
  ])('serves %s as its own page, not indexed', async (url, title) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${title} · The Rose &amp; Crown</title>`);
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
  });
});
