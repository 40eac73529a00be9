import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { lockContentStart } from '#db/locks.ts';
import { contentMigrations, contentVersions } from '#db/schema.ts';
import { CONTENT_KEYS, type ContentKey } from '#shared/content/documents.ts';
import { londonToday } from '#shared/time/london-time.ts';
import { recordAudit, SYSTEM } from '../audit/trail.ts';
import { CONTENT_MIGRATIONS, type ContentMigration, type RetiredDocuments } from './migrations.ts';
import { retiredDocuments } from './retired-documents.ts';
import { seedDocument, upgradeDocument } from './seed.ts';

/**
 * Brings the content documents up to date at start, after the database's migrations: gives each missing
 * document its seed (on a site already running, a document new in this release as `upgradeDocument` makes it) (version 1, dated from `now`, recording its key's migrations as applied, since the seed
 * is in the newest shape), then applies each migration not yet recorded, saving a document a migration
 * changes as a new version (no one's: the history shows it as the upgrade's). All in one transaction under one lock,
 * so servers starting together do it once; a failure leaves everything as it was and stops the start.
 * Returns the migrations applied.
 */
export async function prepareContent(db: Database, now: Date): Promise<readonly ContentMigration[]> {
  return db.transaction(async (tx) => {
    await lockContentStart(tx);
    const newest = await newestVersions(tx);
    const missing = CONTENT_KEYS.filter((key) => !newest.has(key));
    if (missing.length > 0) {
      const today = londonToday(now);
      const upgrading = newest.size > 0;
      await tx.insert(contentVersions).values(
        missing.map((key) => ({
          key,
          version: 1,
          document: upgrading ? upgradeDocument(key, today) : seedDocument(key, today),
          savedBy: null,
          savedAt: now,
        })),
      );
      // A seed is in the newest shape, but one that takes a retired document's content still has it to take.
      await record(
        tx,
        CONTENT_MIGRATIONS.filter(
          (migration) => (missing as string[]).includes(migration.key) && migration.takes === undefined,
        ),
        now,
      );
    }
    const applied = new Set(
      (await tx.select({ id: contentMigrations.id }).from(contentMigrations)).map((row) => row.id),
    );
    const pending = CONTENT_MIGRATIONS.filter((migration) => !applied.has(migration.id));
    const versions = missing.length > 0 ? await newestVersions(tx) : newest;
    const retired = pending.some((migration) => migration.takes) ? await retiredDocuments(tx) : {};
    for (const key of CONTENT_KEYS) {
      const ofKey = pending.filter((migration) => migration.key === key);
      const version = versions.get(key);
      if (ofKey.length > 0 && version !== undefined) await migrate(tx, key, version, ofKey, retired, now);
    }
    await record(tx, pending, now);
    return pending;
  });
}

async function newestVersions(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: contentVersions.key, version: sql<number>`max(${contentVersions.version})::int` })
    .from(contentVersions)
    .groupBy(contentVersions.key);
  return new Map(rows.map((row) => [row.key, row.version]));
}

async function record(db: Database, migrations: readonly ContentMigration[], now: Date): Promise<void> {
  if (migrations.length === 0) return;
  await db
    .insert(contentMigrations)
    .values(migrations.map((migration) => ({ id: migration.id, name: migration.name, appliedAt: now })));
}

/** Saves the newest version of `key` through `migrations` as the next version, if they change it. */
async function migrate(
  db: Database,
  key: ContentKey,
  version: number,
  migrations: readonly ContentMigration[],
  retired: RetiredDocuments,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ document: contentVersions.document })
    .from(contentVersions)
    .where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)));
  const before = row?.document;
  const today = londonToday(now);
  const after = migrations.reduce(
    (document, migration) => migration.migrate(document, retired, today),
    before,
  );
  if (isDeepStrictEqual(before, after)) return;
  await db
    .insert(contentVersions)
    .values({ key, version: version + 1, document: after, savedBy: null, savedAt: now });
  await recordAudit(
    db,
    {
      actor: SYSTEM,
      type: 'content.saved',
      subject: { type: 'content', id: key },
      summary: `${key} version ${version + 1}, migrated: ${migrations.map(({ name }) => name).join('; ')}`,
      changes: { version: { before: version, after: version + 1 } },
    },
    now,
  );
}
