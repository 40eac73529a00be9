import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureCurrentBuild } from './build.ts';
import { measureServerFootprint, serveArguments } from './server-footprint.ts';

describe('the server footprint', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'footprint-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts the server as npm run serve does', () => {
    expect(serveArguments().at(-1)).toBe('src/server/server.ts');
  });

  it('measures a fresh start, then starts on the data it left', async () => {
    ensureCurrentBuild();
    const footprint = await measureServerFootprint({
      database: { kind: 'pglite', dataDir },
      starts: 2,
      idleAfterMs: 0,
      env: { SEED_DEMO: 'false' },
    });
    expect(footprint.database).toBe('pglite');
    expect(footprint.starts).toHaveLength(2);
    for (const start of [footprint.fresh, ...footprint.starts]) {
      expect(start.startMs).toBeGreaterThan(0);
      expect(start.idleRssMb).toBeGreaterThan(20);
      expect(start.peakRssMb).toBeGreaterThanOrEqual(start.idleRssMb);
    }
    const [first, second] = footprint.starts.map((start) => start.startMs) as [number, number];
    expect(footprint.startMs).toBe((first + second) / 2);
    // Each server stopped cleanly: the data directory is free again.
    expect(readdirSync(dataDir)).not.toContain('pglite.lock');
  }, 180_000);
});
