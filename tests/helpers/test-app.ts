import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/db/client.ts';
import { type AppConfig, loadConfig } from '../../src/server/env.ts';
import { buildApp } from '../../src/server/http/app.ts';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh database; `url` is the PostgreSQL connection string of one on a server. */
  open(): Promise<DatabaseHandle & { dispose(): Promise<void>; url?: string }>;
}

/** A throwaway PostgreSQL database per suite, dropped afterwards: suites never see each other's rows. */
async function openThrowawayPostgres(serverUrl: string) {
  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
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
      await cleanup.end();
    },
  };
}

/** A throwaway database on the PostgreSQL server at `serverUrl` (e.g. reached through a test's proxy). */
export function postgresTargetAt(serverUrl: string): TestDatabaseTarget {
  return { name: 'postgres', open: () => openThrowawayPostgres(serverUrl) };
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

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseTargets: TestDatabaseTarget[] = [
  { name: 'pglite', open: openPooledPglite },
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
  const database = await target.open();
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
