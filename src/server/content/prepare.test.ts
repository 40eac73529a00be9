import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '#db/client.ts';
import { auditEvents, contentMigrations, contentVersions } from '#db/schema.ts';
import { CHRISTMAS_OCCASION_SLUG } from '#shared/christmas/ids.ts';
import { CONTENT_KEYS, RETIRED_CONTENT_KEYS } from '#shared/content/documents.ts';
import { createTestAdmin, signIn } from '#tests/helpers/admin-session.ts';
import { olderContent } from '#tests/helpers/older-content.ts';
import { describeOnPostgres } from '#tests/helpers/postgres-suite.ts';
import { seedContent, seedSeason } from '#tests/helpers/seed-content.ts';
import {
  databaseTargets,
  startTestApp,
  type TestApp,
  type TestDatabaseTarget,
} from '#tests/helpers/test-app.ts';
import { CONTENT_MIGRATIONS } from './migrations.ts';
import { prepareContent } from './prepare.ts';

const INSTALLED = new Date('2026-11-20T12:00:00Z');
const UPGRADED = new Date('2026-11-22T12:00:00Z');

type OpenDatabase = Awaited<ReturnType<TestDatabaseTarget['open']>>;

/**
 * A database of a release before the content migrations: each document's version 1 in its older shape, Christmas
 * Day's two among them.
 */
async function olderDatabase(target: TestDatabaseTarget): Promise<OpenDatabase> {
  const database = await target.open();
  await database.migrate();
  const older = olderContent();
  await database.db.insert(contentVersions).values(
    [...CONTENT_KEYS, ...RETIRED_CONTENT_KEYS].map((key) => ({
      key,
      version: 1,
      document: older[key],
      savedBy: null,
      savedAt: INSTALLED,
    })),
  );
  return database;
}

/** Starts the app on `database` and leaves it open when the app closes, so another start can follow. */
function startOn(database: OpenDatabase, now = UPGRADED): Promise<TestApp> {
  const target: TestDatabaseTarget = {
    name: database.kind,
    open: async () => ({ ...database, dispose: async () => {} }),
  };
  return startTestApp(target, now);
}

async function newestVersions(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ key: contentVersions.key, version: sql<number>`max(${contentVersions.version})::int` })
    .from(contentVersions)
    .groupBy(contentVersions.key);
  return Object.fromEntries(rows.map((row) => [row.key, row.version]));
}

const MIGRATED_KEYS = new Set(
  CONTENT_KEYS.filter((key) => CONTENT_MIGRATIONS.some((migration) => migration.key === key)),
);
/** Each migrated document one version on, the others as they were; the retired ones kept as they were. */
const AFTER_THE_UPGRADE = Object.fromEntries([
  ...CONTENT_KEYS.map((key) => [key, MIGRATED_KEYS.has(key) ? 2 : 1]),
  ...RETIRED_CONTENT_KEYS.map((key) => [key, 1]),
]);

async function appliedMigrations(db: Database) {
  return db
    .select({ id: contentMigrations.id, name: contentMigrations.name })
    .from(contentMigrations)
    .orderBy(asc(contentMigrations.id));
}

describe.each(databaseTargets)('content migrations at start on $name', (target) => {
  const opened: TestApp[] = [];
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.close();
    await database?.dispose();
    database = undefined;
  });

  it('bring older documents up to date once, each as a new version, and serve every page from them', async () => {
    database = await olderDatabase(target);
    const t = await startOn(database);
    opened.push(t);
    for (const key of CONTENT_KEYS) {
      const published = await t.app.inject({ method: 'GET', url: `/api/content/${key}` });
      expect(published.statusCode, key).toBe(200);
      expect(published.json(), key).toEqual(seedContent[key]);
    }
    for (const url of ['/', '/menu', '/about', '/christmas', '/bookings']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(await newestVersions(database.db)).toEqual(AFTER_THE_UPGRADE);
    const migratedVersion = await database.db
      .select({ savedBy: contentVersions.savedBy, savedAt: contentVersions.savedAt })
      .from(contentVersions)
      .where(sql`${contentVersions.key} = 'menu' and ${contentVersions.version} = 2`);
    expect(migratedVersion).toEqual([{ savedBy: null, savedAt: UPGRADED }]);
    expect(await appliedMigrations(database.db)).toEqual(
      CONTENT_MIGRATIONS.map(({ id, name }) => ({ id, name })),
    );
    const trail = await database.db
      .select({ actorKind: auditEvents.actorKind, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.type, 'content.saved'));
    expect(trail).toHaveLength(MIGRATED_KEYS.size);
    expect(trail).toContainEqual({
      actorKind: 'system',
      summary: `venue version 2, migrated: ${CONTENT_MIGRATIONS[0]?.name}`,
    });

    await t.close();
    opened.pop();
    const again = await startOn(database, new Date('2026-11-23T12:00:00Z'));
    opened.push(again);
    expect(await newestVersions(database.db)).toEqual(AFTER_THE_UPGRADE);
    expect(await appliedMigrations(database.db)).toHaveLength(CONTENT_MIGRATIONS.length);
  }, 120_000);

  it('start a document new in the release, on a running site, with nothing live the pub did not write', async () => {
    database = await olderDatabase(target);
    await database.db.delete(contentVersions).where(inArray(contentVersions.key, ['occasions', 'vouchers']));
    const t = await startOn(database);
    opened.push(t);
    const occasions = (await t.app.inject({ method: 'GET', url: '/api/content/occasions' })).json();
    expect(occasions.occasions.map((occasion: { slug: string }) => occasion.slug)).toEqual(
      seedContent.occasions.occasions.map((occasion) => occasion.slug),
    );
    // Christmas Day is the pub's own, from its season and menu; the examples stay drafts.
    expect(
      occasions.occasions.map((occasion: { slug: string; published: boolean }) => [
        occasion.slug,
        occasion.published,
      ]),
    ).toEqual(seedContent.occasions.occasions.map(({ slug }) => [slug, slug === CHRISTMAS_OCCASION_SLUG]));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/occasions' })).json();
    expect(listed.map((occasion: { slug: string }) => occasion.slug)).toEqual([CHRISTMAS_OCCASION_SLUG]);
    const vouchers = (await t.app.inject({ method: 'GET', url: '/api/content/vouchers' })).json();
    expect(vouchers).toEqual({ ...seedContent.vouchers, onSale: false });
  }, 120_000);

  it('restore a version from before the upgrade in the shape the documents have now', async () => {
    database = await olderDatabase(target);
    const t = await startOn(database);
    opened.push(t);
    await createTestAdmin(t);
    const cookie = await signIn(t);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/menu/versions/1/restore',
      headers: { cookie },
    });
    expect(restored.json()).toEqual({ version: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/menu' })).json()).toEqual(
      seedContent.menu,
    );
    // Version 1 of the occasions had no Christmas Day: it comes back with the one the season and menu made.
    const occasions = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/occasions/versions/1/restore',
      headers: { cookie },
    });
    expect(occasions.json()).toEqual({ version: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/occasions' })).json()).toEqual(
      seedContent.occasions,
    );
  }, 120_000);

  // The rule is the migration's (migrations.test.ts); this proves the start gives it the day, on one database.
  it.runIf(target.name === 'pglite')(
    'start, and sell Christmas Day at the pub’s prices, when the stored menu no longer fits today’s rules',
    async () => {
      database = await olderDatabase(target);
      const older = olderContent();
      await database.db
        .update(contentVersions)
        .set({ document: { ...(older['christmas-menu'] as object), mains: [] } })
        .where(eq(contentVersions.key, 'christmas-menu'));
      await database.db
        .update(contentVersions)
        .set({
          document: {
            ...(older['christmas-season'] as object),
            prices: { ...seedSeason.prices, adult: 120 },
          },
        })
        .where(eq(contentVersions.key, 'christmas-season'));
      const t = await startOn(database);
      opened.push(t);
      const season = (await t.app.inject({ method: 'GET', url: '/api/christmas/season' })).json();
      expect(season.prices.adult).toBe(120);
      expect(season.menu).toEqual(seedSeason.menu);
      expect((await t.app.inject({ method: 'GET', url: '/christmas' })).statusCode).toBe(200);
    },
    120_000,
  );

  it('record every migration with a new database’s seed, which is already in the newest shape', async () => {
    const t = await startTestApp(target, UPGRADED);
    opened.push(t);
    expect(await newestVersions(t.database.db)).toEqual(
      Object.fromEntries(CONTENT_KEYS.map((key) => [key, 1])),
    );
    expect(await appliedMigrations(t.database.db)).toHaveLength(CONTENT_MIGRATIONS.length);
  }, 120_000);
});

describeOnPostgres('two servers starting at once on one PostgreSQL database', (postgres) => {
  it('apply each content migration once', async () => {
    const database = await olderDatabase(postgres);
    const servers = [database, await openPostgres(database.url as string)];
    try {
      // Each server's connection ready, then both bring the content up to date at the same moment.
      await Promise.all(servers.map((server) => server.db.execute(sql`select 1`)));
      const prepared = await Promise.allSettled(servers.map((server) => prepareContent(server.db, UPGRADED)));
      expect(prepared.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const applied = prepared.map((result) => (result.status === 'fulfilled' ? result.value.length : -1));
      expect(applied.sort()).toEqual([0, CONTENT_MIGRATIONS.length]);
      expect(await newestVersions(database.db)).toEqual(AFTER_THE_UPGRADE);
      expect(await appliedMigrations(database.db)).toHaveLength(CONTENT_MIGRATIONS.length);
    } finally {
      await servers[1]?.close();
      await database.dispose();
    }
  });
});
