import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_KEYS, CONTENT_SCHEMAS, type ContentKey } from '#shared/content/documents.ts';
import { olderContent } from '#tests/helpers/older-content.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { CONTENT_MIGRATIONS, migrateDocument } from './migrations.ts';

const older = olderContent();
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
    const migrated = migrateDocument(key, structuredClone(older[key]));
    expect(CONTENT_SCHEMAS[key].safeParse(migrated).error).toBeUndefined();
    expect(migrated).toEqual(seedContent[key]);
  });

  it.each(CONTENT_MIGRATIONS.map((migration) => [migration.id, migration.name, migration] as const))(
    'migration %i (%s) leaves a document already in its shape as it is, so it may meet any version',
    (_id, _name, migration) => {
      const current = structuredClone(seedContent[migration.key]);
      expect(migration.migrate(current)).toEqual(seedContent[migration.key]);
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
      seedContent['christmas-season'],
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

  it('migrate only the document of their own key', () => {
    const keys = new Set<ContentKey>(CONTENT_MIGRATIONS.map((migration) => migration.key));
    for (const key of CONTENT_KEYS.filter((candidate) => !keys.has(candidate))) {
      expect(migrateDocument(key, older[key])).toBe(older[key]);
    }
  });
});
