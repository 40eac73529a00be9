import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { christmasDayOccasionIn, christmasSeasonOf } from '#shared/christmas/occasion.ts';
import {
  CONTENT_KEYS,
  CONTENT_SCHEMAS,
  type ContentKey,
  RETIRED_CONTENT_KEYS,
  type RetiredContentKey,
} from '#shared/content/documents.ts';
import { olderContent } from '#tests/helpers/older-content.ts';
import { seedChristmasDocuments, seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import { CONTENT_MIGRATIONS, migrateDocument } from './migrations.ts';
import { seedDocument } from './seed.ts';

const older = olderContent();
/** What a database of the previous release still holds of Christmas Day's two documents. */
const olderChristmas = {
  'christmas-season': older['christmas-season'],
  'christmas-menu': older['christmas-menu'],
};
const seeded: Record<ContentKey | RetiredContentKey, unknown> = { ...seedContent, ...seedChristmasDocuments };
const migrationOf = (id: number) => {
  const migration = CONTENT_MIGRATIONS.find((candidate) => candidate.id === id);
  if (!migration) throw new Error(`No content migration ${id}`);
  return migration;
};

describe('content migrations', () => {
  it('are numbered 1, 2, 3… in the order they are applied', () => {
    expect(CONTENT_MIGRATIONS.map((migration) => migration.id)).toEqual(
      CONTENT_MIGRATIONS.map((_, index) => index + 1),
    );
  });

  it.each(CONTENT_KEYS)('bring an older %s to a document its schema accepts, the seed’s own', (key) => {
    const retired = Object.fromEntries(
      RETIRED_CONTENT_KEYS.map((retiredKey) => [
        retiredKey,
        migrateDocument(retiredKey, olderChristmas[retiredKey]),
      ]),
    );
    const migrated = migrateDocument(key, structuredClone(older[key]), retired);
    expect(CONTENT_SCHEMAS[key].safeParse(migrated).error).toBeUndefined();
    expect(migrated).toEqual(seedContent[key]);
  });

  it.each(CONTENT_MIGRATIONS.map((migration) => [migration.id, migration.name, migration] as const))(
    'migration %i (%s) leaves a document already in its shape as it is, so it may meet any version',
    (_id, _name, migration) => {
      const current = structuredClone(seeded[migration.key]);
      expect(migration.migrate(current)).toEqual(seeded[migration.key]);
      const once = migration.migrate(structuredClone(older[migration.key]));
      expect(migration.migrate(structuredClone(once))).toEqual(once);
    },
  );

  it('1: gives a venue without one the site’s own hero picture, and keeps a photo staff chose', () => {
    const migrate = migrationOf(1).migrate;
    expect(migrate({ name: 'The Rose & Crown' })).toEqual({
      name: 'The Rose & Crown',
      heroPicture: seedContent.venue.heroPicture,
    });
    const chosen = {
      imageId: '0b0c9a34-0000-4000-8000-000000000000',
      alt: 'The garden',
      width: 1,
      height: 1,
    };
    expect(migrate({ name: 'The Rose & Crown', heroPicture: chosen })).toEqual({
      name: 'The Rose & Crown',
      heroPicture: chosen,
    });
  });

  it('2: gives an about page without one the site’s own picture', () => {
    expect(migrationOf(2).migrate({ intro: 'Since 1362' })).toEqual({
      intro: 'Since 1362',
      picture: seedContent.about.picture,
    });
  });

  it('3: replaces bookings per slot with covers and table times', () => {
    expect(migrationOf(3).migrate({ slotEveryMinutes: 30, capacityPerSlot: 7 })).toEqual({
      slotEveryMinutes: 30,
      coversPerSlot: 24,
      coversPerService: 80,
      turnMinutes: 90,
      largePartyTurnMinutes: 120,
      largePartyFrom: 5,
    });
  });

  it.each([
    [4, 'menu'],
    [5, 'showtime-menu'],
  ] as const)('%i: declares each %s dish’s listed allergens, an empty list as none of the 14', (id, key) => {
    const menu = {
      title: 'Kept',
      sections: {
        'Main: Starters': [
          { name: 'Soup', allergens: [] },
          { name: 'Pie', allergens: ['gluten', 'milk'] },
          { name: 'Declared', allergens: { declared: true, contains: ['eggs'] } },
        ],
      },
    };
    expect(migrationOf(id).key).toBe(key);
    expect(migrationOf(id).migrate(menu)).toEqual({
      title: 'Kept',
      sections: {
        'Main: Starters': [
          { name: 'Soup', allergens: { declared: true, contains: [] } },
          { name: 'Pie', allergens: { declared: true, contains: ['gluten', 'milk'] } },
          { name: 'Declared', allergens: { declared: true, contains: ['eggs'] } },
        ],
      },
    });
  });

  it('6: declares each Christmas dish’s listed allergens, course by course', () => {
    const dish = (allergens: unknown) => ({ id: 'soup', name: 'Soup', description: 'Hot', allergens });
    expect(
      migrationOf(6).migrate({ starters: [dish([])], mains: [dish(['fish'])], desserts: [dish(['milk'])] }),
    ).toEqual({
      starters: [dish({ declared: true, contains: [] })],
      mains: [dish({ declared: true, contains: ['fish'] })],
      desserts: [dish({ declared: true, contains: ['milk'] })],
    });
  });

  it('7: writes a sitting by its times alone: the typed label and short label go', () => {
    const sitting = { id: 'xmas-early', start: '12:00', end: '14:00', capacity: 30 };
    const typed = { ...sitting, label: '12:00 – 2:00 PM', promoLabel: '12–2pm' };
    expect(migrationOf(7).migrate({ year: 2026, sittings: [typed, sitting] })).toEqual({
      year: 2026,
      sittings: [sitting, sitting],
    });
    expect(migrateDocument('christmas-season', older['christmas-season'])).toEqual(
      seedChristmasDocuments['christmas-season'],
    );
  });

  it('8: gives booking settings from before the standby list a cap of half the covers and 30 minutes to claim', () => {
    const {
      standbyCapPercent: _cap,
      standbyClaimMinutes: _claim,
      ...before
    } = seedContent['booking-settings'];
    expect(migrationOf(8).migrate(before)).toEqual({
      ...before,
      standbyCapPercent: 50,
      standbyClaimMinutes: 30,
    });
    const chosen = { ...before, standbyCapPercent: 0, standbyClaimMinutes: 15 };
    expect(migrationOf(8).migrate(chosen)).toEqual(chosen);
  });

  it('9: makes every course of every occasion required, and keeps a course staff made optional', () => {
    const dish = { id: 'soup', name: 'Soup' };
    const before = {
      occasions: [
        {
          slug: 'party',
          courses: [
            { id: 'starter', dishes: [dish] },
            { id: 'main', dishes: [dish] },
          ],
        },
        { slug: 'supper-club', courses: [] },
      ],
    };
    expect(migrationOf(9).migrate(before)).toEqual({
      occasions: [
        {
          slug: 'party',
          courses: [
            { id: 'starter', optional: false, dishes: [dish] },
            { id: 'main', optional: false, dishes: [dish] },
          ],
        },
        { slug: 'supper-club', courses: [] },
      ],
    });
    const chosen = {
      occasions: [{ slug: 'party', courses: [{ id: 'dessert', optional: true, dishes: [dish] }] }],
    };
    expect(migrationOf(9).migrate(chosen)).toEqual(chosen);
  });

  it('10: moves an occasion off Christmas Day’s slug to the one database migration 0028 moved its bookings to', () => {
    const before = {
      occasions: [
        { slug: 'christmas-day', name: 'Christmas Day brunch' },
        { slug: 'christmas-party-nights', name: 'Christmas party nights' },
      ],
    };
    expect(migrationOf(10).migrate(before)).toEqual({
      occasions: [
        { slug: 'christmas-day-occasion', name: 'Christmas Day brunch' },
        { slug: 'christmas-party-nights', name: 'Christmas party nights' },
      ],
    });
    const migration = readFileSync(
      new URL('../../db/migrations/0028_christmas_onto_occasions.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(
      `SET "occasion_slug" = 'christmas-day-occasion' WHERE "occasion_slug" = 'christmas-day'`,
    );
  });

  it('10 keeps Christmas Day’s own entry, with its two sittings, when it meets a version saved since 11', () => {
    expect(migrationOf(10).migrate(seedContent.occasions)).toEqual(seedContent.occasions);
  });

  describe('11: Christmas Day’s season and menu become its entry among the occasions', () => {
    const setMenus = seedContent.occasions.occasions.filter(({ slug }) => slug !== CHRISTMAS_OCCASION_SLUG);
    const merge = (occasions: unknown[], retired = olderChristmas) =>
      migrationOf(11).migrate(
        { occasions },
        {
          'christmas-season': migrateDocument('christmas-season', retired['christmas-season']),
          'christmas-menu': migrateDocument('christmas-menu', retired['christmas-menu']),
        },
      ) as typeof seedContent.occasions;

    it('last among them, published and featured when no other occasion is, and read back as the same season', () => {
      const merged = merge(structuredClone(setMenus));
      expect(merged).toEqual(seedContent.occasions);
      expect(CONTENT_SCHEMAS.occasions.safeParse(merged).error).toBeUndefined();
      expect(christmasSeasonOf(christmasDayOccasionIn(merged.occasions))).toEqual(seedSeason);
    });

    it('not featured when a manager featured another; an entry already there is kept as it is', () => {
      const featured = setMenus.map((occasion, index) => ({ ...occasion, featured: index === 0 }));
      const merged = merge(featured);
      expect(merged.occasions.map(({ slug, featured }) => [slug, featured])).toEqual([
        ...featured.map(({ slug, featured }) => [slug, featured]),
        [CHRISTMAS_OCCASION_SLUG, false],
      ]);
      const edited = {
        ...christmasDayOccasionIn(seedContent.occasions.occasions),
        name: 'Christmas Day 2026',
      };
      expect(merge([...setMenus, edited]).occasions.at(-1)).toEqual(edited);
    });

    it('closes online orders no later than the pub said, and refunds no earlier', () => {
      const season = older['christmas-season'] as Record<string, unknown>;
      const merged = merge(structuredClone(setMenus), {
        ...olderChristmas,
        'christmas-season': {
          ...season,
          onlineCutoff: '2026-12-20T12:00',
          refundableUntil: '2026-12-10T09:30',
        },
      });
      const christmasDay = christmasDayOccasionIn(merged.occasions);
      expect([christmasDay.preOrderDaysBefore, christmasDay.refundDaysBefore]).toEqual([6, 15]);
      expect(christmasSeasonOf(christmasDay)).toMatchObject({
        onlineCutoff: '2026-12-19T23:59',
        refundableUntil: '2026-12-10T23:59',
      });
    });

    it('leaves the occasions as they are when the database holds no season or menu', () => {
      const document = structuredClone(seedContent.occasions);
      expect(migrationOf(11).migrate(document, {})).toEqual(seedContent.occasions);
      expect(migrationOf(11).migrate(document)).toEqual(seedContent.occasions);
    });

    describe('on the day of an upgrade, when what is stored no longer fits today’s rules', () => {
      const TODAY = '2027-01-10';
      const upgrade = (retired: Record<string, unknown>) =>
        christmasDayOccasionIn(
          (
            migrationOf(11).migrate(
              { occasions: structuredClone(setMenus) },
              retired,
              TODAY,
            ) as typeof seedContent.occasions
          ).occasions,
        );
      const season = { ...seedSeason, prices: { ...seedSeason.prices, adult: 99.5, depositPerGuest: 30 } };
      const { menu, ...day } = season;
      const nextChristmas = christmasSeasonOf(
        christmasDayOccasionIn(seedDocument('occasions', TODAY).occasions),
      );

      it('keeps the pub’s prices and takes the seed’s menu for a menu that does not fit', () => {
        const christmasDay = upgrade({
          'christmas-season': day,
          'christmas-menu': { ...menu, mains: [] },
        });
        expect(christmasDay.prices.adultPence).toBe(9950);
        expect(christmasDay.payment).toEqual({ kind: 'deposit', perPersonPence: 3000 });
        expect(christmasSeasonOf(christmasDay).menu).toEqual(nextChristmas.menu);
      });

      it('keeps the pub’s menu and takes the seed’s day for a season that does not fit', () => {
        const edited = {
          ...menu,
          mains: menu.mains.map((dish) => ({ ...dish, name: `${dish.name}, our way` })),
        };
        const christmasDay = upgrade({
          'christmas-season': { ...day, date: '2026-12-24' },
          'christmas-menu': edited,
        });
        expect(christmasSeasonOf(christmasDay).menu).toEqual(edited);
        expect(christmasDay.dates).toEqual({ kind: 'dates', dates: ['2027-12-25'] });
        expect(christmasDay.prices.adultPence).toBe(Math.round(nextChristmas.prices.adult * 100));
      });

      it('takes the seed’s whole entry, on the next Christmas Day, when the two do not make one that fits or are gone', () => {
        const seeded = {
          ...christmasDayOccasionIn(seedDocument('occasions', TODAY).occasions),
          featured: true,
        };
        const tooManySeats = {
          ...day,
          sittings: day.sittings.map((sitting) => ({ ...sitting, capacity: 900 })),
        };
        expect(upgrade({ 'christmas-season': tooManySeats, 'christmas-menu': menu })).toEqual(seeded);
        expect(upgrade({})).toEqual(seeded);
        expect(
          CONTENT_SCHEMAS.occasions.safeParse({ occasions: [...setMenus, upgrade({})] }).error,
        ).toBeUndefined();
      });

      it('adds nothing without the day of the upgrade to date it from', () => {
        expect(migrationOf(11).migrate({ occasions: setMenus }, {})).toEqual({ occasions: setMenus });
      });
    });
  });

  it('migrate only the document of their own key', () => {
    const keys = new Set<string>(CONTENT_MIGRATIONS.map((migration) => migration.key));
    for (const key of CONTENT_KEYS.filter((candidate) => !keys.has(candidate))) {
      expect(migrateDocument(key, older[key])).toBe(older[key]);
    }
  });
});
