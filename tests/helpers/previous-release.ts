import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '../../src/db/client.ts';
import { pglite, type TestDatabaseTarget } from './test-app.ts';

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
 * A database (in-memory PGlite unless `target` says otherwise) as the release whose last migration is `lastTag`
 * left it, for a test to fill before it runs this version's migrations (`database.migrate()`); `close` closes
 * it and removes the copied migrations.
 */
export async function databaseAtRelease(
  lastTag: string,
  target: TestDatabaseTarget = pglite,
): Promise<{ database: DatabaseHandle; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'pub-migrations-'));
  const database = await target.open();
  const migrationsFolder = releaseMigrations(folder, lastTag);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  return {
    database,
    close: async () => {
      await database.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * How this version reads (and changes) the Christmas Day rows a migration carried onto the occasions: the
 * server's store, for the db/ suites, which reach the server only through these helpers.
 */
export {
  selectChristmasBooking,
  selectChristmasBookings,
  selectReservations,
  updateChristmasBookings,
} from '../../src/server/christmas/store.ts';
