import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { NoticeHandlers } from './listener.ts';
import { clusterArchiveFor } from './pglite-cluster.ts';
import { schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears of a connection lost outside any query (PostgreSQL restarted, an idle connection closed by the
   * server): the pool replaces it on the next query, so this is for the logs.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * Hears the notifications on `channel` (PostgreSQL LISTEN) until the returned function is called. PGlite
   * delivers them before the committing statement returns; PostgreSQL a moment after the commit.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
}

/** A query waits this long for a connection before failing, so a database that is down answers 503 quickly. */
const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export class DataDirInUseError extends Error {}

/**
 * PGlite is single-process: a second server on the same data directory would corrupt it.
 * A lock file holding the owner's pid refuses the second one; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(ownerPid) && ownerPid > 0 && processIsAlive(ownerPid)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already in use by process ${ownerPid}. ` +
            'Stop that server first, or give this one another DATA_DIR.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * 16 MB of shared buffers instead of PostgreSQL's 128 MB: the embedded store is small, and those buffers were
 * most of what PGlite kept resident (120 MB of an idle server).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Embedded PGlite: in `dataDir` when given, in memory otherwise (tests). */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // Each kind's driver loads when a database of that kind is opened, not with this module: a server uses one.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const pgliteDir = dataDir ? join(dataDir, 'pglite') : undefined;
    const client = new PGlite({
      dataDir: pgliteDir,
      loadDataDir: pgliteDir ? clusterArchiveFor(pgliteDir) : undefined,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        unlock();
      },
      // Embedded in this process: there is no connection to lose.
      onConnectionError: () => {},
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, handlers.onNotice);
        handlers.onListening();
        return unlisten;
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const [
    { default: pg },
    { drizzle: drizzleNodePostgres },
    { migrate: migrateNodePostgres },
    { listenOnPostgres },
  ] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./listener.ts'),
  ]);
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const listeners = new Set<(error: Error) => void>();
  const report = (error: Error) => {
    if (listeners.size === 0) console.error('database connection lost:', error.message);
    for (const listener of listeners) listener(error);
  };
  // A connection can drop while its client is idle in the pool or checked out between two queries; an
  // 'error' event nobody listens to ends the process, so every client gets a listener of its own. The
  // pool re-emits an idle client's error too: that one is already reported.
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', () => {});
  const db = drizzleNodePostgres({ client: pool, schema });
  const subscriptions = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrateNodePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await Promise.all([...subscriptions].map((stop) => stop()));
      await pool.end();
    },
    onConnectionError: (listener) => listeners.add(listener),
    listen: async (channel, handlers) => {
      const stop = listenOnPostgres(connectionString, channel, handlers);
      subscriptions.add(stop);
      return async () => {
        subscriptions.delete(stop);
        await stop();
      };
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
