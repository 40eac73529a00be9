/**
 * An install upgrading (docs/operations.md, "Upgrading"): a backup written by the previous release
 * (tests/fixtures/previous-release.backup.gz, written by that release's own code at its release:
 * scripts/release-fixture.ts) is restored by this version's `npm run restore`, and this version's server starts
 * on it as an install starts it, migrating the database and its content documents; it then serves every public
 * page and takes a booking.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TITLES } from '#shared/content/page-titles.ts';
import {
  ensureCurrentBuild,
  type Running,
  startServer,
  waitForHealth,
} from '#tests/helpers/server-process.ts';
import { postgres, type TestDatabaseTarget } from '#tests/helpers/test-app.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { firstFreeSlot } from '../../scripts/lib/free-slot.ts';

const root = resolve(import.meta.dirname, '../..');
const FIXTURE = join(root, 'tests/fixtures/previous-release.backup.gz');

/** The events the previous release held: each has a page of its own. */
function fixtureEventSlugs(): string[] {
  const lines = gunzipSync(readFileSync(FIXTURE)).toString('utf8').split('\n').slice(1, -1);
  return lines
    .map((line) => JSON.parse(line) as { table: string; row: { slug?: string } })
    .flatMap(({ table, row }) => (table === 'events' && row.slug ? [row.slug] : []));
}

interface Install {
  name: string;
  /** A new, empty database, and the settings the site runs with on it. */
  create(dataDir: string): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

/** A new database on the PostgreSQL server, the site in production. */
function postgresInstall(server: TestDatabaseTarget): Install {
  return {
    name: 'postgres',
    async create(dataDir) {
      const database = await server.open();
      return {
        env: { NODE_ENV: 'production', DATABASE_URL: database.url ?? '', DATA_DIR: dataDir },
        dispose: () => database.dispose(),
      };
    },
  };
}

const installs: Install[] = [
  {
    name: 'pglite',
    create: async (dataDir) => ({
      env: { NODE_ENV: 'development', DATA_DIR: dataDir },
      dispose: async () => {},
    }),
  },
  ...(postgres ? [postgresInstall(postgres)] : []),
];

describe.each(installs)('an upgrade from the previous release ($name)', (install) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pub-upgrade-'));
  let database: Awaited<ReturnType<Install['create']>>;
  let server: Running | undefined;
  let site = '';

  beforeAll(async () => {
    ensureCurrentBuild();
    database = await install.create(dataDir);
    const restore = spawnSync(process.execPath, ['scripts/restore.ts', FIXTURE], {
      cwd: root,
      env: { PATH: process.env.PATH, ...database.env },
      encoding: 'utf8',
    });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Restored \d+ rows from /);
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    server = startServer(port, { ...database.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    await waitForHealth(port, 60_000).catch((error: unknown) => {
      throw new Error(`${error}\n${server?.output()}`);
    });
  }, 300_000);

  // A server on PGlite checkpoints its data as it stops: slow on a busy 2-core machine.
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('serves every public page', async () => {
    const slugs = fixtureEventSlugs();
    expect(slugs.length).toBeGreaterThan(0);
    const paths = [
      ...Object.keys(PAGE_TITLES),
      ...slugs.map((slug) => `/events/${slug}`),
      `/bookings?event=${slugs[0]}`,
      '/robots.txt',
      '/sitemap.xml',
    ];
    for (const path of paths) {
      const response = await fetch(`${site}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it('books a table on a free slot, and shows the guest their booking', async () => {
    const response = await fetch(`${site}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(await firstFreeSlot(site, 2)),
        name: 'Upgrade Test',
        phone: '07700 900456',
        email: 'upgrade@example.com',
        partyAdults: 2,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { manageUrl } = (await response.json()) as { manageUrl: string };
    expect((await fetch(`${site}${new URL(manageUrl).pathname}`)).status).toBe(200);
  });
});
