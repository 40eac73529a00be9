import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseTargets: TestDatabaseTarget[] = [
  {
    name: 'pglite',
    async open() {
      const handle = await openPglite();
      return { ...handle, dispose: () => handle.close() };
    },
  },
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
