import { describe, expect, it } from 'vitest';
import { DECLARE_ALLERGENS_MESSAGE } from '#shared/content/allergens.ts';
import { CONTENT_KEYS, type ContentKey, type SiteContent } from '#shared/content/documents.ts';
import { CONTENT_MESSAGES } from '#shared/content/messages.ts';
import { TEST_ADMIN } from '#tests/helpers/admin-session.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London. */
const NOW = new Date('2026-11-22T12:00:00Z');
/** A Tuesday with lunch and dinner, three weeks on. */
const TUESDAY = '2026-12-15';

const clone = <T>(value: T): T => structuredClone(value);
const firstSection = (sections: Record<string, unknown[]>) => Object.keys(sections)[0] as string;

/** For each document, one way to break it and the path of the field the answer must name. */
const BREAKERS: { [K in ContentKey]: (document: SiteContent[K]) => { document: object; path: string } } = {
  venue: (venue) => ({ document: { ...venue, email: 'not an address' }, path: 'email' }),
  menu: (menu) => {
    const broken = clone(menu);
    const title = firstSection(broken.sections);
    (broken.sections[title] as { pricePence?: number }[])[0] = {
      ...broken.sections[title]?.[0],
      pricePence: 7.5,
    };
    return { document: broken, path: `sections.${title}.0.pricePence` };
  },
  'showtime-menu': (menu) => {
    const broken = clone(menu) as { sections: Record<string, { allergens: object }[]> };
    const title = firstSection(broken.sections);
    (broken.sections[title]?.[0] as { allergens: object }).allergens = {
      declared: true,
      contains: ['gluten', 'chocolate'],
    };
    return { document: broken, path: `sections.${title}.0.allergens.contains.1` };
  },
  about: (about) => ({ document: { ...about, values: about.values.slice(0, 3) }, path: 'values' }),
  gallery: (gallery) => ({ document: [{ ...gallery[0], name: '' }, ...gallery.slice(1)], path: '0.name' }),
  occasions: (document) => {
    const broken = clone(document);
    const [first] = broken.occasions;
    if (first) broken.occasions[0] = { ...first, party: { minOnline: 10, maxOnline: 2 } };
    return { document: broken, path: 'occasions.0.party.maxOnline' };
  },
  'booking-settings': (settings) => ({
    document: { ...settings, coversPerSlot: 0 },
    path: 'coversPerSlot',
  }),
  tables: (tables) => {
    const broken = clone(tables);
    const [first] = broken.tables;
    if (first) broken.tables[0] = { ...first, minCovers: first.maxCovers + 1 };
    return { document: broken, path: 'tables.0.maxCovers' };
  },
  'deposit-rules': () => ({
    document: {
      rules: [
        {
          id: 'large-parties',
          name: 'Large parties',
          bookings: 'all',
          partyFrom: 8,
          weekdays: [],
          dateRanges: [],
          services: [],
          eventSlugs: [],
          kind: 'deposit',
          perPersonPence: 50,
          cancelHours: 48,
        },
      ],
    },
    path: 'rules.0.perPersonPence',
  }),
  vouchers: (vouchers) => ({
    document: { ...vouchers, customMinPence: 5000, customMaxPence: 2500 },
    path: 'customMaxPence',
  }),
  privacy: (privacy) => ({
    document: { ...privacy, sections: [{ heading: '', text: 'Who we are' }] },
    path: 'sections.0.heading',
  }),
};

describe.each(databaseTargets)('content documents API on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true, per: 'test' });

  const staff = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: t.cookie }, ...(payload ? { payload } : {}) });

  async function save(key: ContentKey, baseVersion: number, document: object) {
    return staff('PUT', `/api/admin/content/${key}`, { baseVersion, document });
  }

  it.each(CONTENT_KEYS)('starts %s from its seed, as version 1, and publishes it', async (key) => {
    const latest = await staff('GET', `/api/admin/content/${key}`);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({ version: 1, document: seedContent[key] });
    const published = await t.app.inject({ method: 'GET', url: `/api/content/${key}` });
    expect(published.json()).toEqual(seedContent[key]);
  });

  it.each(CONTENT_KEYS)('refuses an invalid %s naming the field, and changes nothing', async (key) => {
    const { document, path } = BREAKERS[key](clone(seedContent[key]) as never);
    const response = await save(key, 1, document);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toBe(CONTENT_MESSAGES.invalid);
    expect(body.issues.map((issue) => issue.path)).toContain(path);
    expect((await staff('GET', `/api/admin/content/${key}`)).json()).toMatchObject({ version: 1 });
  });

  it('refuses to publish a dish whose allergens are not declared, naming that dish, as it refuses the old list', async () => {
    const title = 'Main: Starters';
    for (const [allergens, message] of [
      [{ declared: false }, DECLARE_ALLERGENS_MESSAGE],
      [[], 'must say which of the 14 allergens the dish contains'],
    ] as const) {
      const menu = clone(seedContent.menu) as { sections: Record<string, object[]> };
      menu.sections[title]?.push({ name: 'Potted Shrimps', allergens });
      const response = await save('menu', 1, menu);
      expect(response.statusCode).toBe(400);
      const index = (menu.sections[title]?.length ?? 0) - 1;
      expect(response.json().issues).toEqual([{ path: `sections.${title}.${index}.allergens`, message }]);
    }
    const declared = clone(seedContent.menu);
    declared.sections[title]?.push({ name: 'Potted Shrimps', allergens: { declared: true, contains: [] } });
    expect((await save('menu', 1, declared)).json()).toEqual({ version: 2 });
  });

  it('refuses a save from a version someone else has saved over (409), keeping their change', async () => {
    const mine = { ...seedContent.venue, phone: '0118 496 0001' };
    const theirs = { ...seedContent.venue, phone: '0118 496 0002' };
    expect((await save('venue', 1, mine)).json()).toEqual({ version: 2 });
    const stale = await save('venue', 1, theirs);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: CONTENT_MESSAGES.stale });
    expect((await staff('GET', '/api/admin/content/venue')).json()).toEqual({ version: 2, document: mine });
  });

  it('answers 401 without a session and 404 for a key that names no document', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/content/menu'],
      ['PUT', '/api/admin/content/menu'],
      ['GET', '/api/admin/content/menu/versions'],
      ['POST', '/api/admin/content/menu/versions/1/restore'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await staff('GET', '/api/admin/content/wine-list')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/wine-list' })).statusCode).toBe(404);
  });

  it('lists who saved each version, and restores an old one as the newest', async () => {
    const dearer = clone(seedContent.menu);
    const title = firstSection(dearer.sections);
    const dish = dearer.sections[title]?.[0] as { name: string; pricePence?: number };
    dish.pricePence = 725;
    await save('menu', 1, dearer);

    const versions = await staff('GET', '/api/admin/content/menu/versions');
    expect(versions.json()).toEqual([
      { version: 2, savedBy: TEST_ADMIN.email, savedAt: NOW.toISOString() },
      { version: 1, savedBy: null, savedAt: expect.any(String) },
    ]);
    const published = () => t.app.inject({ method: 'GET', url: '/api/content/menu' }).then((r) => r.json());
    expect(await published()).toEqual(dearer);

    const restored = await staff('POST', '/api/admin/content/menu/versions/1/restore');
    expect(restored.json()).toEqual({ version: 3 });
    expect(await published()).toEqual(seedContent.menu);
    expect((await staff('POST', '/api/admin/content/menu/versions/9/restore')).statusCode).toBe(404);
  });

  it('serves the next page with the saved document: the menu with its new price, in the page and its JSON-LD', async () => {
    const menu = clone(seedContent.menu);
    const title = firstSection(menu.sections);
    (menu.sections[title]?.[0] as { pricePence?: number }).pricePence = 1234;
    await save('menu', 1, menu);
    const page = await t.app.inject({ method: 'GET', url: '/menu' });
    expect(page.body).toContain('"price":"12.34"');
    expect(page.body).toContain('"pricePence":1234');
  });

  it('books against the saved settings: capacity per slot and closed special dates', async () => {
    const availability = async (date: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/availability?date=${date}` })).json() as {
        time: string;
        closed: boolean;
        remaining: number;
      }[];
    expect((await availability(TUESDAY)).find((slot) => slot.time === '19:00')?.remaining).toBe(24);

    await save('booking-settings', 1, { ...seedContent['booking-settings'], coversPerSlot: 2 });
    expect((await availability(TUESDAY)).find((slot) => slot.time === '19:00')?.remaining).toBe(2);

    const specialDates = [{ date: TUESDAY, label: 'Private party', closed: true }];
    await save('venue', 1, { ...seedContent.venue, specialDates });
    const closed = await availability(TUESDAY);
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((slot) => slot.closed)).toBe(true);
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        name: 'Margaret Ellis',
        phone: '07700 900123',
        email: 'margaret@example.com',
        date: TUESDAY,
        timeSlot: '19:00',
        partyAdults: 2,
      },
    });
    expect(booking.statusCode).toBe(409);

    const footer = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(footer.body).toContain('Private party');
  });
});

describe.each(databaseTargets)('the text rule of every content document on $name', (target) => {
  const t = useTestApp(target, NOW, { signedIn: true });

  async function refusal(key: ContentKey, document: object) {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/content/${key}`,
      headers: { cookie: t.cookie },
      payload: { baseVersion: 1, document },
    });
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/admin/content/${key}`,
      headers: { cookie: t.cookie },
    });
    expect(stored.json()).toEqual({ version: 1, document: seedContent[key] });
    return { status: response.statusCode, body: response.json() };
  }

  it('refuses a NUL with a 400 naming the field', async () => {
    const about = clone(seedContent.about);
    about.story[1] = 'Rebuilt in 1862\u0000';
    expect(await refusal('about', about)).toEqual({
      status: 400,
      body: {
        error: CONTENT_MESSAGES.invalid,
        issues: [{ path: 'story.1', message: 'contains characters we cannot accept' }],
      },
    });
  });

  it('refuses a line break in the pub’s name, which would split its page titles and e-mails', async () => {
    for (const name of ['The Rose\n& Crown', 'The Rose\u2028& Crown']) {
      expect(await refusal('venue', { ...seedContent.venue, name })).toEqual({
        status: 400,
        body: { error: CONTENT_MESSAGES.invalid, issues: [{ path: 'name', message: 'must be on one line' }] },
      });
    }
  });

  it('refuses 5,000 characters in a title', async () => {
    expect(
      await refusal('showtime-menu', { ...seedContent['showtime-menu'], title: 'x'.repeat(5000) }),
    ).toEqual({
      status: 400,
      body: {
        error: CONTENT_MESSAGES.invalid,
        issues: [{ path: 'title', message: 'must be 80 characters or fewer' }],
      },
    });
  });

  it('keeps the line breaks of prose: the privacy notice’s paragraphs', async () => {
    const privacy = clone(seedContent.privacy);
    privacy.intro = 'Who we are.\n\nWhat we keep.';
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/privacy',
      headers: { cookie: t.cookie },
      payload: { baseVersion: 1, document: privacy },
    });
    expect(response.json()).toEqual({ version: 2 });
  });
});
