import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openPglite } from '../../src/db/client.ts';

/** The migrations as a release shipped them, into `folder`: the journal cut after `lastTag`, its last one. */
function releaseMigrations(folder: string, lastTag: string): string {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

/**
 * A PGlite database as the release whose last migration is `lastTag` left it, for a test to fill before it
 * runs this version's migrations (`database.migrate()`); `close` closes it and removes the copied migrations.
 */
export async function databaseAtRelease(
  lastTag: string,
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'pub-migrations-'));
  const database = await openPglite();
  await migrate(database.db as unknown as PgliteDatabase, {
    migrationsFolder: releaseMigrations(folder, lastTag),
  });
  return {
    database,
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
