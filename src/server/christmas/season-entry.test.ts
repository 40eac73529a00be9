import { describe, expect, it } from 'vitest';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { CHRISTMAS_SHAPE_MESSAGES, christmasDayOf } from '#shared/christmas/occasion.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '#shared/content/page-data.ts';
import type { Occasion, OccasionsDocument } from '#shared/occasions/schema.ts';
import { useTestApp } from '#tests/helpers/app-fixture.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { databaseTargets } from '#tests/helpers/test-app.ts';

/** Sunday 22 November 2026, midday in London: Christmas Day takes orders online. */
const NOW = new Date('2026-11-22T12:00:00Z');

/** The seeded occasions with Christmas Day's entry changed by `change`. */
function withChristmasDay(change: (occasion: Occasion) => Occasion): OccasionsDocument {
  const document = structuredClone(seedContent.occasions);
  return {
    occasions: document.occasions.map((occasion) =>
      occasion.slug === CHRISTMAS_OCCASION_SLUG ? change(occasion) : occasion,
    ),
  };
}

function pageDataOf(html: string): Record<string, unknown> {
  const match = new RegExp(`<script[^>]*id="${PAGE_DATA_ELEMENT_ID}"[^>]*>([^<]*)</script>`).exec(html);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

describe.each(databaseTargets)(
  'Christmas Day as the occasions document’s entry on $name (decision 049)',
  (target) => {
    // One app for the suite: the one test that changes Christmas Day runs last.
    const t = useTestApp(target, NOW, { signedIn: true });

    async function saveOccasions(document: unknown) {
      const { version } = await t.app.content.latest('occasions');
      return t.asStaff({
        method: 'PUT',
        url: '/api/admin/content/occasions',
        payload: { baseVersion: version, document },
      });
    }

    it('refuses a Christmas Day /christmas could not sell, on the field, and one without Christmas Day', async () => {
      const index = seedContent.occasions.occasions.findIndex(({ slug }) => slug === CHRISTMAS_OCCASION_SLUG);
      const threeSittings = await saveOccasions(
        withChristmasDay((occasion) => ({
          ...occasion,
          sittings: [
            ...occasion.sittings,
            { id: 'evening', label: 'Evening', start: '18:00', end: '20:00', seats: 20 },
          ],
        })),
      );
      expect(threeSittings.statusCode).toBe(400);
      expect(threeSittings.json().issues).toContainEqual({
        path: `occasions.${index}.sittings`,
        message: CHRISTMAS_SHAPE_MESSAGES.sittings,
      });
      const soupSupplement = await saveOccasions(
        withChristmasDay((occasion) => ({
          ...occasion,
          courses: occasion.courses.map((course, at) =>
            at === 0
              ? {
                  ...course,
                  dishes: course.dishes.map((dish, d) =>
                    d === 0 ? { ...dish, supplementPence: 200 } : dish,
                  ),
                }
              : course,
          ),
        })),
      );
      expect(soupSupplement.json().issues).toContainEqual({
        path: `occasions.${index}.courses.0.dishes.0.supplementPence`,
        message: CHRISTMAS_SHAPE_MESSAGES.supplement,
      });
      const without = await saveOccasions({
        occasions: seedContent.occasions.occasions.filter(({ slug }) => slug !== CHRISTMAS_OCCASION_SLUG),
      });
      expect(without.statusCode).toBe(400);
      expect(without.json().issues).toContainEqual({
        path: 'occasions',
        message: CHRISTMAS_SHAPE_MESSAGES.missing,
      });
      expect((await t.app.content.latest('occasions')).document).toEqual(seedContent.occasions);
    });

    it('is on What’s On with its link to /christmas, and the occasions’ own addresses send a guest there or know it not', async () => {
      const listed = (await t.app.inject({ method: 'GET', url: '/api/occasions' })).json();
      expect(listed).toContainEqual(
        expect.objectContaining({ slug: CHRISTMAS_OCCASION_SLUG, featured: true, firstDate: '2026-12-25' }),
      );
      const page = (await t.app.inject({ method: 'GET', url: '/christmas' })).body;
      expect(page).toContain('"@type":"Event","name":"Christmas Day"');
      expect(page).toContain('"startDate":"2026-12-25T12:00:00+00:00"');
      expect(page).toContain('"url":"https://pub.test/christmas"');
      const old = await t.app.inject({ method: 'GET', url: `/occasions/${CHRISTMAS_OCCASION_SLUG}` });
      expect([old.statusCode, old.headers.location]).toEqual([301, '/christmas']);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/occasions/${CHRISTMAS_OCCASION_SLUG}` })).statusCode,
      ).toBe(404);
      const staff = await t.asStaff({
        method: 'GET',
        url: `/api/admin/occasions/${CHRISTMAS_OCCASION_SLUG}/bookings`,
      });
      expect(staff.statusCode).toBe(404);
      const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(sitemap.match(/\/christmas</g)).toHaveLength(1);
    });

    it('comes with every page, without its menu but on the pages that take its orders', async () => {
      const home = pageDataOf((await t.app.inject({ method: 'GET', url: '/' })).body);
      expect(home[pageDataKey.christmasDay]).toEqual(christmasDayOf(seedSeason));
      expect(home).not.toHaveProperty(pageDataKey.christmasSeason);
      const christmas = pageDataOf((await t.app.inject({ method: 'GET', url: '/christmas' })).body);
      expect(christmas[pageDataKey.christmasSeason]).toEqual(seedSeason);
    });

    it('serves the season from the entry, and a manager’s change to it is what /christmas sells', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/christmas/season' })).json()).toEqual(
        seedSeason,
      );
      const saved = await saveOccasions(
        withChristmasDay((occasion) => ({
          ...occasion,
          prices: { adultPence: 9950, childPence: 4500 },
          payment: { kind: 'deposit', perPersonPence: 3000 },
          sittings: occasion.sittings.map((sitting) => ({ ...sitting, seats: sitting.seats + 4 })),
          preOrderDaysBefore: 3,
        })),
      );
      expect(saved.statusCode).toBe(200);
      const season = (
        await t.app.inject({ method: 'GET', url: '/api/christmas/season' })
      ).json() as ChristmasSeason;
      expect(season).toMatchObject({
        prices: { adult: 99.5, child: 45, depositPerGuest: 30, cheeseBoardSupplement: 10 },
        onlineCutoff: '2026-12-22T23:59',
        sittings: [
          { id: 'xmas-early', capacity: 34 },
          { id: 'xmas-late', capacity: 36 },
        ],
      });
      const seats = (await t.app.inject({ method: 'GET', url: '/api/christmas/availability' })).json();
      expect(seats).toMatchObject({ 'xmas-early': { capacity: 34 }, 'xmas-late': { capacity: 36 } });
    });
  },
);
