import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { testConfig } from './test-app.ts';

export interface AppOnDatabase {
  app: FastifyInstance;
  /** Its DATA_DIR: the one given, or a fresh temporary one that `close` removes. */
  dataDir: string;
  /** Closes the app; the database stays open for whoever opened it. */
  close(): Promise<void>;
}

/**
 * The app on a database it did not create: a server restarting, or a second server process beside the
 * first (give it its own connection pool to the same database).
 */
export async function startAppOn(
  database: DatabaseHandle,
  clock: () => Date,
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<AppOnDatabase> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rose-crown-server-'));
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, ...options.env }),
    database,
    clock,
    webRoot: resolve(import.meta.dirname, '../..'),
    logger: false,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
