import { CHRISTMAS_OCCASION_SLUG, SITTING_IDS } from '#shared/christmas/ids.ts';
import {
  christmasDayOccasion,
  christmasDayOccasionIn,
  christmasDayOf,
  christmasSeasonOf,
} from '#shared/christmas/occasion.ts';
import { christmasDaySchema, christmasMenuSchema } from '#shared/christmas/season-schema.ts';
import type { ContentKey, RetiredContentKey } from '#shared/content/documents.ts';
import { type Occasion, occasionSchema } from '#shared/occasions/schema.ts';
import { seedDocument } from './seed.ts';

/** Where migration 0028 moved the bookings of an occasion a manager had named `christmas-day`. */
const RENAMED_CHRISTMAS_DAY_OCCASION = 'christmas-day-occasion';

/**
 * A change of one content document's shape, for the documents a database already holds (docs/decisions/026-
 * content-migrations.md). Each is applied once per database, at start, and recorded in `content_migrations`;
 * a database seeded after it starts from `content/<key>.json`, already in the new shape, and records it as
 * applied.
 */
export interface ContentMigration {
  /** Its number: migrations are applied in this order. Never renumber or remove a released one. */
  id: number;
  /** The document it changes (a retired one's migrations ran before it retired, and stay for the record). */
  key: ContentKey | RetiredContentKey;
  /** Retired documents it takes content from: their newest versions, when the database holds them. */
  takes?: readonly RetiredContentKey[];
  /** What it does, for the record and the audit trail. */
  name: string;
  /**
   * A pure function from the stored document to the next shape. A document already in that shape comes back
   * unchanged, so it can also be given any older version: one restored from the history, or from a backup.
   * `today` (London) is the day of the upgrade or the restore, for what must fall on a day still to come.
   */
  migrate(document: unknown, retired?: RetiredDocuments, today?: string): unknown;
}

/** The newest version of each retired document a database holds, in its newest shape. */
export type RetiredDocuments = Partial<Record<RetiredContentKey, unknown>>;

type Entries = Record<string, unknown>;

function isEntries(value: unknown): value is Entries {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document with `fields` it lacks added, as they were when each came into its schema. */
function withMissing(document: unknown, fields: Entries): unknown {
  if (!isEntries(document)) return document;
  const missing = Object.entries(fields).filter(([field]) => !Object.hasOwn(document, field));
  return missing.length === 0 ? document : { ...document, ...Object.fromEntries(missing) };
}

/** A dish from before declarations: its list of allergens, even empty, was what staff declared. */
function declareAllergens(dish: unknown): unknown {
  if (!isEntries(dish) || !Array.isArray(dish.allergens)) return dish;
  return { ...dish, allergens: { declared: true, contains: dish.allergens } };
}

function declareDishes(dishes: unknown): unknown {
  return Array.isArray(dishes) ? dishes.map(declareAllergens) : dishes;
}

/** A menu whose sections are each a list of dishes (the food menu, the showtime menu). */
function declareSectionDishes(menu: unknown): unknown {
  if (!isEntries(menu) || !isEntries(menu.sections)) return menu;
  const sections = Object.entries(menu.sections).map(([title, dishes]) => [title, declareDishes(dishes)]);
  return { ...menu, sections: Object.fromEntries(sections) };
}

const CHRISTMAS_COURSES = ['starters', 'mains', 'desserts'] as const;

/** The Christmas menu: a list of dishes per course. */
function declareCourseDishes(menu: unknown): unknown {
  if (!isEntries(menu)) return menu;
  const courses = CHRISTMAS_COURSES.filter((course) => Object.hasOwn(menu, course));
  return { ...menu, ...Object.fromEntries(courses.map((course) => [course, declareDishes(menu[course])])) };
}

/** The document without the field `retired`, and with the `fields` that took its place. */
function replaceField(document: unknown, retired: string, fields: Entries): unknown {
  if (!isEntries(document) || !Object.hasOwn(document, retired)) return document;
  const rest = { ...document };
  delete rest[retired];
  return withMissing(rest, fields);
}

/** The entry without the `retired` fields. */
function withoutFields(entry: unknown, retired: readonly string[]): unknown {
  if (!isEntries(entry)) return entry;
  return Object.fromEntries(Object.entries(entry).filter(([field]) => !retired.includes(field)));
}

/**
 * Every content migration, in order. The values a migration adds are written out as they were when the field
 * came, not read from `content/`: a later change of the seed must not change what an old migration does.
 */
export const CONTENT_MIGRATIONS: readonly ContentMigration[] = [
  {
    id: 1,
    key: 'venue',
    name: 'the venue gains its hero picture',
    migrate: (venue) =>
      withMissing(venue, {
        heroPicture: {
          src: '/images/hero.svg',
          alt: 'The Rose & Crown at dusk: a Victorian red-brick village pub with glowing bay windows and a hanging rose-and-crown sign',
          width: 1600,
          height: 900,
        },
      }),
  },
  {
    id: 2,
    key: 'about',
    name: 'the about page gains its picture',
    migrate: (about) =>
      withMissing(about, {
        picture: {
          src: '/images/about/history.svg',
          alt: 'The medieval timber-framed alehouse beside the Victorian brick pub that replaced it',
          width: 1200,
          height: 800,
        },
      }),
  },
  {
    id: 3,
    key: 'booking-settings',
    name: 'bookings count covers: capacity per slot becomes covers per slot and per service, and table times',
    // Bookings per slot cannot be read as guests per slot: the settings take the values the covers came with.
    migrate: (settings) =>
      replaceField(settings, 'capacityPerSlot', {
        coversPerSlot: 24,
        coversPerService: 80,
        turnMinutes: 90,
        largePartyTurnMinutes: 120,
        largePartyFrom: 5,
      }),
  },
  {
    id: 4,
    key: 'menu',
    name: 'each dish declares its allergens (a list, even empty, was a declaration)',
    migrate: declareSectionDishes,
  },
  {
    id: 5,
    key: 'showtime-menu',
    name: 'each dish declares its allergens (a list, even empty, was a declaration)',
    migrate: declareSectionDishes,
  },
  {
    id: 6,
    key: 'christmas-menu',
    name: 'each dish declares its allergens (a list, even empty, was a declaration)',
    migrate: declareCourseDishes,
  },
  {
    id: 7,
    key: 'christmas-season',
    name: 'a sitting’s times are written by the shared formatter, no longer typed as its label and short label',
    migrate: (season) => {
      if (!isEntries(season) || !Array.isArray(season.sittings)) return season;
      return {
        ...season,
        sittings: season.sittings.map((sitting) => withoutFields(sitting, ['label', 'promoLabel'])),
      };
    },
  },
  {
    id: 8,
    key: 'booking-settings',
    name: 'the standby list: a cap of half the service’s covers, and claim links held for 30 minutes',
    migrate: (settings) => withMissing(settings, { standbyCapPercent: 50, standbyClaimMinutes: 30 }),
  },
  {
    id: 9,
    key: 'occasions',
    name: 'a course may be one diners go without: every course so far is required',
    migrate: (document) => {
      if (!isEntries(document) || !Array.isArray(document.occasions)) return document;
      return {
        ...document,
        occasions: document.occasions.map((occasion) =>
          isEntries(occasion) && Array.isArray(occasion.courses)
            ? {
                ...occasion,
                courses: occasion.courses.map((course) => withMissing(course, { optional: false })),
              }
            : occasion,
        ),
      };
    },
  },
  {
    id: 10,
    key: 'occasions',
    name: 'Christmas Day’s own slug is reserved: an occasion that had it takes the one its bookings moved to',
    migrate: (document) => {
      if (!isEntries(document) || !Array.isArray(document.occasions)) return document;
      return {
        ...document,
        occasions: document.occasions.map((occasion) =>
          isEntries(occasion) && occasion.slug === CHRISTMAS_OCCASION_SLUG && !isChristmasDayEntry(occasion)
            ? { ...occasion, slug: RENAMED_CHRISTMAS_DAY_OCCASION }
            : occasion,
        ),
      };
    },
  },
  {
    id: 11,
    key: 'occasions',
    takes: ['christmas-season', 'christmas-menu'],
    name: 'Christmas Day’s season and menu become its entry among the occasions (the last), featured when none is; a season or menu that no longer fits is the seed’s',
    migrate: (document, retired, today) => {
      if (!isEntries(document) || !Array.isArray(document.occasions)) return document;
      const { occasions } = document;
      if (occasions.some((occasion) => isEntries(occasion) && occasion.slug === CHRISTMAS_OCCASION_SLUG))
        return document;
      const listing = {
        published: true,
        featured: !occasions.some((occasion) => isEntries(occasion) && occasion.featured === true),
      };
      const christmasDay = christmasDayFrom(retired, listing, today);
      return christmasDay ? { ...document, occasions: [...occasions, christmasDay] } : document;
    },
  },
];

/**
 * Christmas Day's entry from the stored season and menu. Either one that today's rules refuse (a shape a
 * release tightened since it was saved) is the seed's, as a whole entry that does not fit is: the site must
 * start and sell Christmas Day, and the pub's own versions stay in the history. Without `today` and without
 * both documents, there is none.
 */
function christmasDayFrom(
  retired: RetiredDocuments | undefined,
  listing: Pick<Occasion, 'published' | 'featured'>,
  today: string | undefined,
): Occasion | undefined {
  const day = christmasDaySchema.safeParse(retired?.['christmas-season']);
  const menu = christmasMenuSchema.safeParse(retired?.['christmas-menu']);
  if (day.success && menu.success) {
    const stored = occasionSchema.safeParse(christmasDayOccasion(day.data, menu.data, listing));
    if (stored.success) return stored.data;
  }
  if (today === undefined) return undefined;
  const seedEntry = christmasDayOccasionIn(seedDocument('occasions', today).occasions);
  const seed = christmasSeasonOf(seedEntry);
  const mixed = occasionSchema.safeParse(
    christmasDayOccasion(day.data ?? christmasDayOf(seed), menu.data ?? seed.menu, listing),
  );
  return mixed.success ? mixed.data : { ...seedEntry, ...listing };
}

/**
 * Migration 10 renamed a manager's own `christmas-day` occasion; since migration 11 the slug is Christmas Day's
 * entry, with its two sittings, which an older version given to migration 10 keeps.
 */
function isChristmasDayEntry(occasion: Entries): boolean {
  const sittings = Array.isArray(occasion.sittings) ? occasion.sittings : [];
  const ids = sittings.map((sitting) => (isEntries(sitting) ? sitting.id : undefined));
  return ids.length === SITTING_IDS.length && SITTING_IDS.every((id) => ids.includes(id));
}

/**
 * A stored document of `key`, of any age, in the newest shape: every migration of its key, in order. A migration
 * that takes a retired document's content leaves a document without it as it was.
 */
export function migrateDocument(
  key: ContentKey | RetiredContentKey,
  document: unknown,
  retired?: RetiredDocuments,
  today?: string,
): unknown {
  return CONTENT_MIGRATIONS.filter((migration) => migration.key === key).reduce(
    (migrated, migration) => migration.migrate(migrated, retired, today),
    document,
  );
}
