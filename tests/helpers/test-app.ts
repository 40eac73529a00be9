import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../../src/db/client.ts';
import { type AppConfig, loadConfig } from '../../src/server/env.ts';
import { buildApp } from '../../src/server/http/app.ts';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh database; `url` is the PostgreSQL connection string of one on a server. */
  open(): Promise<DatabaseHandle & { dispose(): Promise<void>; url?: string }>;
  /** A fresh database already migrated, where the target can make one quicker than `open` and `migrate`. */
  openMigrated?(): Promise<DatabaseHandle & { dispose(): Promise<void>; url?: string }>;
}

/** Opens an admin connection to the server, runs `work` on it, and closes it. */
async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The migrations of this tree, as one short fingerprint: a template made for other migrations is not used. */
const migrationsFingerprint = createHash('sha256')
  .update(
    readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

const templates = new Map<string, Promise<string>>();

/**
 * A database on the server already migrated to this tree's schema, made once and kept (its name carries the
 * migrations' fingerprint): copying it takes a fraction of running the migrations for every test app.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl);
  if (!made) {
    const name = `test_template_${migrationsFingerprint}`;
    made = onServer(serverUrl, async (admin) => {
      // The test workers start together: one makes the template while the others wait on the lock.
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (rowCount) return name;
        const building = `${name}_building_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const handle = await openPostgres(url.toString());
        await handle.migrate();
        await handle.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        return name;
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    templates.set(serverUrl, made);
  }
  return made;
}

/**
 * A throwaway PostgreSQL database per suite, dropped afterwards: suites never see each other's rows. Empty, or
 * `migrated` (a copy of the migrated template).
 */
async function openThrowawayPostgres(serverUrl: string, { migrated = false } = {}) {
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? await migratedTemplate(serverUrl) : undefined;
  await onServer(serverUrl, (admin) =>
    admin.query(`CREATE DATABASE ${databaseName}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await onServer(serverUrl, async (cleanup) => {
        // The pool's connections close asynchronously: forcing the drop while one is still closing makes its
        // client report a FATAL error after the suite has finished.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await cleanup.query(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [databaseName],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((wait) => setTimeout(wait, 20));
        }
        await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      });
    },
  };
}

/** A throwaway database on the PostgreSQL server at `serverUrl` (e.g. reached through a test's proxy). */
export function postgresTargetAt(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    open: () => openThrowawayPostgres(serverUrl),
    openMigrated: () => openThrowawayPostgres(serverUrl, { migrated: true }),
  };
}

interface IdlePglite {
  handle: DatabaseHandle;
  /** The notification subscriptions its last user left open. */
  listening: Set<() => Promise<void>>;
}

/**
 * In-memory PGlite instances this test worker has started and its tests have given back. Starting one runs
 * initdb in WebAssembly (about a second); emptying one takes a few milliseconds.
 */
const idlePglites: IdlePglite[] = [];

/** Back to a database as initdb leaves it: no schema but an empty `public`, no session state, no locks. */
async function emptyPglite({ handle, listening }: IdlePglite): Promise<void> {
  await Promise.all([...listening].map((unlisten) => unlisten()));
  listening.clear();
  const run = (statement: string) => handle.db.execute(sql.raw(statement));
  await run('SELECT pg_advisory_unlock_all()');
  await run('RESET ALL');
  const { rows } = (await run(
    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
  )) as unknown as { rows: { nspname: string }[] };
  for (const { nspname } of rows) await run(`DROP SCHEMA "${nspname}" CASCADE`);
  await run('CREATE SCHEMA public');
}

/** A fresh, empty in-memory PGlite database: a reused instance, emptied, when the worker has one idle. */
async function openPooledPglite() {
  const pooled = idlePglites.pop() ?? { handle: await openPglite(), listening: new Set() };
  await emptyPglite(pooled);
  const { handle, listening } = pooled;
  let givenBack = false;
  const giveBack = async () => {
    if (givenBack) return;
    givenBack = true;
    idlePglites.push(pooled);
  };
  return {
    ...handle,
    async listen(channel: string, handlers: Parameters<DatabaseHandle['listen']>[1]) {
      const unlisten = await handle.listen(channel, handlers);
      const tracked = async () => {
        if (!listening.delete(tracked)) return;
        await unlisten();
      };
      listening.add(tracked);
      return tracked;
    },
    close: giveBack,
    dispose: giveBack,
  };
}

/** In-memory PGlite, the database of development and the demo: quick to start, one per test worker at a time. */
export const pglite: TestDatabaseTarget = { name: 'pglite', open: openPooledPglite };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseTargets: TestDatabaseTarget[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgresTargetAt(process.env.TEST_DATABASE_URL)] : []),
];

/**
 * The target for race proofs (`describe.skipIf(!postgres)`): PGlite has one connection, so simultaneous
 * requests on it are served one after another and a missing lock cannot show.
 */
export const postgres = databaseTargets.find((target) => target.name === 'postgres');

if (process.env.CI && !postgres) {
  throw new Error('CI must set TEST_DATABASE_URL: overbooking is proven on PostgreSQL');
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://pub.test',
    // Suites send many bookings from one address; the rate-limit test sets its own limit.
    BOOKING_RATE_LIMIT_PER_15_MIN: '100000',
    CHECKOUT_RATE_LIMIT_PER_15_MIN: '100000',
    ...overrides,
  });
}

export interface TestAppOptions {
  /** Extra environment, e.g. SMTP_URL, BOOKING_RATE_LIMIT_PER_15_MIN or the STRIPE_* of a fake Stripe. */
  env?: Record<string, string>;
  /** Hears of every route the app registers. */
  onRoute?: (route: RouteOptions) => void;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A fresh temporary DATA_DIR (the mail outbox lands here), removed on close. */
  dataDir: string;
  /** Moves the app's clock. */
  setNow(instant: Date): void;
  close(): Promise<void>;
}

/** The real app on a migrated, empty database, serving the source index.html as its shell. */
export async function startTestApp(
  target: TestDatabaseTarget,
  now = new Date(),
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = target.openMigrated ? await target.openMigrated() : await target.open();
  await database.migrate();
  const dataDir = mkdtempSync(join(tmpdir(), 'rose-crown-test-'));
  let current = now;
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, ...options.env }),
    database,
    clock: () => current,
    webRoot: resolve(import.meta.dirname, '../..'),
    logger: false,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    setNow(instant) {
      current = instant;
    },
    async close() {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
