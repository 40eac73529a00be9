import { beforeAll, describe, expect, it } from 'vitest';
import { contentVersions } from '#db/schema.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { menuSchema } from '#shared/content/schemas.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';
import { servableDocument } from './servable-document.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

/** A venue saved before the text rule (issue 26): a line break in the pub's name, an essay for a tagline. */
const looseVenue = {
  ...seedContent.venue,
  name: 'The Rose\r\n& Crown\u0007',
  tagline: 'Ale. '.repeat(1000),
  description: 'First paragraph.\n\nSecond, with a bell\u0007.',
};

describe('a menu saved under the old rules', () => {
  it('is served with its texts mended, section titles included, in their order', () => {
    type Dishes = (typeof seedContent.menu.sections)[string];
    const [first, ...others] = Object.entries(seedContent.menu.sections);
    const [title, dishes] = first as [string, Dishes];
    const longTitle = `${title}\t${'x'.repeat(100)}`;
    const stored = {
      ...seedContent.menu,
      sections: {
        [longTitle]: dishes.map((dish, index) => (index === 0 ? { ...dish, name: `${dish.name}\n!` } : dish)),
        ...Object.fromEntries(others),
      },
    };
    const served = servableDocument(menuSchema, stored) as typeof seedContent.menu;
    expect(menuSchema.safeParse(served).success).toBe(true);
    const titles = Object.keys(served.sections);
    expect(titles).toHaveLength(Object.keys(seedContent.menu.sections).length);
    expect(titles[0]).toBe(`${title} ${'x'.repeat(100)}`.slice(0, 80));
    expect(served.sections[titles[0] as string]?.[0]?.name).toBe(`${dishes[0]?.name} !`);
  });

  it('is served as stored when it breaks its schema in another way', () => {
    const stored = { ...seedContent.menu, lunchDeal: 'none' };
    expect(servableDocument(menuSchema, stored)).toBe(stored);
  });
});

describe.each(databaseTargets)('a document saved under the old rules on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });

  beforeAll(async () => {
    await t.database.db
      .insert(contentVersions)
      .values({ key: 'venue', version: 2, document: looseVenue, savedBy: 'old@pub.test' });
    // Written past the server, as another process would: its announcement is heard a moment after.
    await t.app.tableChanges.caughtUp();
  });

  it('still serves the site, its texts mended to fit the rule', async () => {
    const published = await t.app.inject({ method: 'GET', url: '/api/content/venue' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      name: 'The Rose & Crown',
      tagline: 'Ale. '.repeat(1000).slice(0, 160).trim(),
      description: 'First paragraph.\n\nSecond, with a bell.',
    });
    const page = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<title>[^<\n]*The Rose &amp; Crown<\/title>/);
  });

  it('gives staff the stored text to correct, and saves it only once corrected', async () => {
    const staff = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: t.cookie }, ...(payload ? { payload } : {}) });
    const latest = await staff('GET', '/api/admin/content/venue');
    expect(latest.json()).toEqual({ version: 2, document: looseVenue });

    const unchanged = await staff('PUT', '/api/admin/content/venue', {
      baseVersion: 2,
      document: looseVenue,
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toEqual({
      error: CONTENT_MESSAGES.invalid,
      issues: expect.arrayContaining([
        { path: 'name', message: 'must be on one line' },
        { path: 'tagline', message: 'must be 160 characters or fewer' },
        { path: 'description', message: 'contains characters we cannot accept' },
      ]),
    });

    const corrected = { ...looseVenue, name: 'The Rose & Crown', tagline: 'Ale.', description: 'One.' };
    const saved = await staff('PUT', '/api/admin/content/venue', { baseVersion: 2, document: corrected });
    expect(saved.json()).toEqual({ version: 3 });
  });
});
